import type { LoaderFunctionArgs } from "@remix-run/node";
import { streamCatalogCsv } from "~/models/exports.server";
import { csvDownload } from "~/utils/admin.server";
import { requireUserWithRole } from "~/utils/session.server";

/** /admin/exportar/catalogo.csv: the catalogue with its variants, in the import's format (staff only). */
export async function loader({ request }: LoaderFunctionArgs) {
  await requireUserWithRole(request, "worker");
  return csvDownload(streamCatalogCsv(), "catalogo");
}
