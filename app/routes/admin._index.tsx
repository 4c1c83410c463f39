import { type LoaderFunctionArgs, redirect } from "@remix-run/node";
import { GeneralErrorBoundary } from "~/components/error-boundary";
import { requireUserWithRole } from "~/utils/session.server";

/** /admin opens the Productos tab (after the same guard as every admin route). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  throw redirect("/admin/productos");
}

/** Never rendered (the loader always redirects); it makes this a page, so a 403 renders as one. */
export default function AdminIndex() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
