import type { LoaderFunctionArgs } from "@remix-run/node";
import { invoiceFile, parseInvoiceFile } from "~/invoicing/invoice-views.server";
import { hasRole } from "~/lib/roles";
import { requireUserWithRole } from "~/utils/session.server";

/** One stamped invoice of the order's history as `<folio>.xml` or `<folio>.pdf` (a cancelled one too). */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  const viewer = { userId: user.id, anyOwner: hasRole(user.role, "worker") };
  const typed = parseInvoiceFile(params.file ?? "");
  const file = typed ? await invoiceFile(params.number ?? "", typed.kind, viewer, typed.folio) : null;
  if (!file) throw new Response("No encontramos esa factura.", { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
