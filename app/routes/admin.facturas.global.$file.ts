import type { LoaderFunctionArgs } from "@remix-run/node";
import { globalInvoiceFile } from "~/invoicing/global-invoice.server";
import { requireUserWithRole } from "~/utils/session.server";

/** A stamped factura global as `<id>.xml` (the CFDI itself) or `<id>.pdf` (its printed form), for staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const file = await globalInvoiceFile(params.file ?? "");
  if (!file) throw new Response("Esa factura global no existe o no está emitida.", { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
