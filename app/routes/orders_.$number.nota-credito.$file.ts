import type { LoaderFunctionArgs } from "@remix-run/node";
import { creditNoteFile } from "~/invoicing/credit-note-views.server";
import { hasRole } from "~/lib/roles";
import { requireUserWithRole } from "~/utils/session.server";

/** A refund's stamped egreso (nota de crédito) as `<folio>.xml` or `<folio>.pdf`, for its shopper or staff. */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const user = await requireUserWithRole(request, "customer");
  const viewer = { userId: user.id, anyOwner: hasRole(user.role, "worker") };
  const file = await creditNoteFile(params.number ?? "", params.file ?? "", viewer);
  if (!file) throw new Response("No encontramos esa nota de crédito.", { status: 404 });
  return new Response(new Uint8Array(file.body), {
    headers: {
      "Content-Type": file.contentType,
      "Content-Disposition": `attachment; filename="${file.filename}"`,
      "Cache-Control": "private, no-store",
    },
  });
}
