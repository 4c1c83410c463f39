import http from "node:http";

export type RawResponse = {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
  /** The body's bytes as they travelled (a compressed body stays compressed). */
  bytes: Buffer;
};

/**
 * One HTTP request with full control of the headers (fetch refuses to set Host and some others):
 * what an attacker, a proxy or an old client can send.
 */
/** Bodies above this are sent only after giving the server a chance to refuse them unread. */
const LARGE_BODY_BYTES = 512 * 1024;

export function send(
  baseUrl: string,
  options: { method?: string; path: string; headers?: Record<string, string>; body?: string | Buffer },
): Promise<RawResponse> {
  const url = new URL(options.path, baseUrl);
  return new Promise((resolve, reject) => {
    const request = http.request(
      {
        host: url.hostname,
        port: url.port,
        path: `${url.pathname}${url.search}`,
        method: options.method ?? "GET",
        headers: {
          ...(options.body !== undefined ? { "Content-Length": String(Buffer.byteLength(options.body)) } : {}),
          ...options.headers,
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (chunk: Buffer) => chunks.push(chunk));
        response.on("end", () => {
          const bytes = Buffer.concat(chunks);
          resolve({ status: response.statusCode ?? 0, headers: response.headers, body: bytes.toString(), bytes });
        });
        response.on("error", reject);
      },
    );
    // A server may answer (413) and close before the whole body is written: that is an answer, not an
    // error — unless no answer came at all.
    let answered = false;
    request.on("response", () => (answered = true));
    request.on("error", (error: NodeJS.ErrnoException) => {
      if ((error.code === "EPIPE" || error.code === "ECONNRESET") && answered) return;
      reject(new Error(`${options.method ?? "GET"} ${url.pathname}: ${error.message}`));
    });
    request.on("close", () => {
      if (!answered) reject(new Error(`${options.method ?? "GET"} ${url.pathname}: closed without an answer`));
    });
    request.setTimeout(60_000, () => request.destroy(new Error("no answer within 60 s")));
    const body = options.body;
    if (body === undefined) request.end();
    else if (Buffer.byteLength(body) <= LARGE_BODY_BYTES) request.end(body);
    else {
      // The server refuses an oversized body from its headers alone (413) and closes without
      // reading it. Writing megabytes first races that answer: the connection resets and the
      // answer is lost. So the headers go first, and the body only if no answer came meanwhile.
      request.flushHeaders();
      const timer = setTimeout(() => request.end(body), 200);
      request.on("response", () => clearTimeout(timer));
    }
  });
}

/** A url-encoded form body. Repeated keys are written as given (array-valued fields). */
export function formBody(fields: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(fields)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}

export const FORM = { "Content-Type": "application/x-www-form-urlencoded" };

/**
 * Logs `email` in through the server's login form (the password of the test factories) and returns
 * the session's cookie pair as a browser would send it back.
 */
export async function loginOverHttp(baseUrl: string, email: string, password = "secreto123"): Promise<string> {
  const response = await send(baseUrl, {
    method: "POST",
    path: "/login",
    body: formBody({ email, password }),
    headers: { ...FORM, Origin: baseUrl },
  });
  if (response.status !== 302) throw new Error(`login of ${email} answered ${response.status}`);
  return (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");
}

/**
 * The admin edit form of `product` as its page fills it (/admin/productos/:id), with `changes`
 * (e.g. a new price as staff type it, "2,345"), as a urlencoded body.
 */
export function productEditForm(
  product: { name: string; description: string; material: string | null; categoryId: number; image: string },
  changes: Record<string, string> = {},
): string {
  return new URLSearchParams({
    name: product.name,
    price: "1,000",
    originalPrice: "",
    description: product.description,
    material: product.material ?? "",
    categoryId: String(product.categoryId),
    stock: "10",
    inStock: "on",
    imageUrl: product.image,
    ...changes,
  }).toString();
}
