import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceFile } from "~/invoicing/invoice-views.server";
import { hasRole } from "~/lib/roles";
import { requireUserWithRole } from "~/utils/session.server";

/** The order's stamped invoice as PDF (its printed representation), for its shopper or staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  const viewer = { userId: user.id, anyOwner: hasRole(user.role, "worker") };
  const file = await invoiceFile(params.number ?? "", "pdf", viewer);
  if (!file) throw new Response("Este pedido no tiene una factura emitida.", { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
