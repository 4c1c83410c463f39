import { invariantResponse } from "@epic-web/invariant";
import type { LoaderFunctionArgs } from "@remix-run/node";
import { parseExportFilter } from "~/lib/validation/admin";
import { streamOrdersCsv } from "~/models/exports.server";
import { csvDownload } from "~/utils/admin.server";
import { requireUserWithRole } from "~/utils/session.server";

/** /admin/exportar/pedidos.csv?desde=AAAA-MM-DD&hasta=AAAA-MM-DD&estado=…: the orders (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  const filter = parseExportFilter(new URL(request.url).searchParams);
  invariantResponse(filter.ok, () => (filter.ok ? "" : filter.message), { status: 400 });
  return csvDownload(streamOrdersCsv(filter.value), "pedidos");
}
