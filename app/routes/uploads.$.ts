import type { LoaderFunctionArgs } from "@remix-run/node";
import { readUploadedFile } from "~/models/product-photos.server";

/**
 * /uploads/<path>: photos uploaded in the panel, from the database (so every app instance serves
 * them). A name is a hash of the content: it never changes, so browsers and proxies keep it a year
 * (`immutable`), and the name is the ETag.
 */
export async function loader({ request, params }: LoaderFunctionArgs) {
  const filePath = params["*"] ?? "";
  const file = await readUploadedFile(filePath);
  if (!file) {
    return new Response("Archivo no encontrado", {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const etag = `"${filePath.replace(/^.*\//, "").replace(/\.webp$/, "")}"`;
  const headers = {
    "Content-Type": file.contentType,
    "Cache-Control": "public, max-age=31536000, immutable",
    ETag: etag,
  };
  const ifNoneMatch = request.headers.get("If-None-Match") ?? "";
  if (ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag)) {
    return new Response(null, { status: 304, headers });
  }
  return new Response(file.bytes, { headers: { ...headers, "Content-Length": String(file.size) } });
}
