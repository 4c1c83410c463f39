import { type GzipTemplate, gzipJoin, gzipTemplate } from "./gzip-splice.server";
import { freshNonce } from "./nonce.server";
import { keysOfHeaders } from "./surrogate-keys.server";

/**
 * A page of the rendered-page cache (rendered-pages.server.ts): what it keeps of Remix's answer, and the
 * answer it makes of it for each response — a fresh nonce in the page and in its Content-Security-Policy,
 * the page gzip-encoded from its parts compressed once when the client takes gzip (decision 072).
 */

/** Headers set by the HTTP server itself (per response) or by compression are never stored. */
const NOT_STORED = new Set(["content-length", "content-encoding", "transfer-encoding", "connection", "date"]);

/** A stored page as the signed-in pages are assembled from it (personal-pages.server.ts); one object per stored page. */
export type StoredPage = Readonly<Page>;

export type Page = {
  status: number;
  headers: [string, string][];
  /** The body split at the nonce it was rendered with (one part when it has none). */
  parts: string[];
  /** The parts compressed once, for the answers in gzip. */
  gzip: GzipTemplate;
  etag: string | null;
  /** What it takes of the cache's memory: the page and its compressed parts. */
  bytes: number;
  expires: number;
  /** Its surrogate keys: a change naming one of them forgets it. */
  keys: Set<string>;
};

/** An answer's body: the page as text, or gzip-encoded (its headers then say `content-encoding: gzip`). */
export type CachedAnswer = { status: number; headers: [string, string][]; body: string | Buffer };

/** What the HTTP server captured of Remix's answer to a request it may store. */
export type Captured = { status: number; headers: [string, string][]; body: Buffer };

/** How an answer's body may be encoded: what the client's Accept-Encoding allows of what the cache makes. */
export type AnswerEncoding = "gzip" | "identity";

/** Only what a shared cache could keep: a 200 declared public, setting no cookie. */
export function isStorable({ status, headers }: Captured): boolean {
  const value = (name: string) => headers.find(([n]) => n === name)?.[1] ?? "";
  return (
    status === 200 &&
    /\bpublic\b/.test(value("cache-control")) &&
    !headers.some(([name]) => name === "set-cookie") &&
    /^(text\/html|application\/json)\b/.test(value("content-type"))
  );
}

/** The page kept of a storable answer, fresh until `expires`. */
export function pageOf({ status, headers, body }: Captured, expires: number): Page {
  const stored = headers.filter(([name]) => !NOT_STORED.has(name));
  const policy = stored.find(([name]) => name === "content-security-policy")?.[1] ?? "";
  const nonce = /'nonce-([^']+)'/.exec(policy)?.[1];
  const html = body.toString("utf8");
  const parts = nonce ? html.split(nonce) : [html];
  const gzip = gzipTemplate(parts, Buffer.byteLength(nonce ?? ""));
  return {
    status,
    headers: stored,
    parts,
    gzip,
    etag: stored.find(([name]) => name === "etag")?.[1] ?? null,
    bytes: body.length + gzip.bytes,
    expires,
    keys: keysOfHeaders(stored),
  };
}

/** The answer of `page` with a fresh nonce, or a 304 when `ifNoneMatch` names its ETag. */
export function answerOf(page: StoredPage, ifNoneMatch: string | undefined, encoding: AnswerEncoding = "identity") {
  if (page.etag && matches(ifNoneMatch, page.etag)) {
    const headers = page.headers.filter(([name]) => ["cache-control", "etag", "vary"].includes(name));
    return { status: 304, headers, body: "" } satisfies CachedAnswer;
  }
  const nonce = freshNonce();
  const headers = page.headers.map(([name, value]): [string, string] => [
    name,
    value.replace(NONCE_IN_POLICY, `'nonce-${nonce}'`),
  ]);
  // Null only for a nonce of another length than the page's: then the text, compressed as any answer.
  const gzip = encoding === "gzip" ? gzipJoin(page.gzip, nonce) : null;
  if (gzip) headers.push(["content-encoding", "gzip"]);
  return { status: page.status, headers, body: gzip ?? page.parts.join(nonce) } satisfies CachedAnswer;
}

const NONCE_IN_POLICY = /'nonce-[^']+'/g;

function matches(ifNoneMatch: string | undefined, etag: string): boolean {
  const bare = etag.replace(/^W\//, "");
  return (ifNoneMatch ?? "").split(",").some((tag) => tag.trim().replace(/^W\//, "") === bare);
}
