// Serves the build's precompressed copies (scripts/precompress-assets.mjs writes `x.js.br` and
// `x.js.gz` next to `x.js`) to a browser that accepts them: Brotli first, then gzip; anything else
// falls through to the plain static files. The copies are listed once at start; a copy that has gone
// since (a development rebuild) falls through as well.
import fs from "node:fs";
import path from "node:path";

const TYPES = {
  ".js": "application/javascript; charset=UTF-8",
  ".css": "text/css; charset=UTF-8",
  ".svg": "image/svg+xml",
};

/** Express middleware for the files under `dir`, mounted where they are served (`/build`). */
export function precompressed(dir, { maxAge = "1y", immutable = true } = {}) {
  const root = path.resolve(dir);
  const copies = new Map();
  const listed = fs.existsSync(root) ? fs.readdirSync(root, { recursive: true }) : [];
  for (const file of listed) {
    const url = `/${file.split(path.sep).join("/")}`;
    for (const [suffix, encoding] of [
      [".br", "br"],
      [".gz", "gzip"],
    ]) {
      if (!url.endsWith(suffix)) continue;
      const original = url.slice(0, -suffix.length);
      if (!TYPES[path.extname(original)]) continue;
      copies.set(original, [...(copies.get(original) ?? []), encoding]);
    }
  }

  return (req, res, next) => {
    if (req.method !== "GET" && req.method !== "HEAD") return next();
    const encodings = copies.get(req.path);
    if (!encodings) return next();
    // Brotli before gzip whatever the order the browser names them in; a q=0 refuses one.
    const encoding = ["br", "gzip"].find((e) => encodings.includes(e) && req.acceptsEncodings(e) === e);
    res.vary("Accept-Encoding");
    if (!encoding) return next();
    res.set("Content-Type", TYPES[path.extname(req.path)]);
    res.set("Content-Encoding", encoding);
    const file = path.join(root, `${req.path}${encoding === "br" ? ".br" : ".gz"}`);
    res.sendFile(file, { maxAge, immutable }, (error) => {
      // A browser that went away mid-file (a navigation) is nobody's error, as for Express's own
      // sendFile without a callback.
      if (!error || error.code === "ECONNABORTED" || error.syscall === "write") return;
      if (error.code === "ENOENT" && !res.headersSent) {
        res.removeHeader("Content-Encoding");
        res.removeHeader("Content-Type");
        return next();
      }
      next(error);
    });
  };
}
