import type { LoaderFunctionArgs } from "@remix-run/node";
import { globalInvoiceXml } from "~/invoicing/global-invoice.server";
import { requireUserWithRole } from "~/utils/session.server";

/** A stamped factura global as XML (the CFDI itself), for staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const file = await globalInvoiceXml(params.id ?? "");
  if (!file) throw new Response("Esa factura global no existe o no está emitida.", { status: 404 });
  return new Response(file.xml, {
    headers: {
      "Content-Type": "application/xml; charset=utf-8",
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
