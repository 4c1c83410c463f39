import { redirect, type ActionFunctionArgs } from "@remix-run/node";
import { readForm } from "~/utils/request.server";
import { destroyUserSession } from "~/utils/session.server";

/** Logging out changes data, so it is a POST (a GET link could be triggered by any page). */
export async function action({ request }: ActionFunctionArgs) {
  await readForm(request);
  return redirect("/", { headers: { "Set-Cookie": await destroyUserSession(request) } });
}

export function loader() {
  return redirect("/");
}
