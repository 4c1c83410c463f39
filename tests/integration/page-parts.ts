import { decode } from "turbo-stream";
import type { RawResponse } from "./http-client";

/** The response's CSP nonce (each page has its own). */
export const nonceOf = (response: RawResponse) =>
  /'nonce-([^']+)'/.exec(String(response.headers["content-security-policy"]))?.[1];

/** The cookies a response sets, as the next request sends them. */
export const cookiesOf = (response: RawResponse) =>
  (response.headers["set-cookie"] ?? []).map((c) => c.split(";")[0]).join("; ");

/**
 * A page without its nonce and its data script, and the data the browser hydrates from, decoded as
 * Remix's client decodes it: what an assembled page (decisions 046, 069) is compared on with Remix's render.
 */
export async function partsOf(response: RawResponse) {
  const body = response.body.replaceAll(nonceOf(response)!, "NONCE");
  const argument = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(body)![1]!;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(JSON.parse(argument) as string));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return { html: body.replace(argument, "DATA"), data: decoded.value };
}
