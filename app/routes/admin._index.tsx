import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { requireUserWithRole } from "~/utils/session.server";

/** /admin opens the Productos tab (after the same guard as every admin route). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  throw redirect("/admin/productos");
}
