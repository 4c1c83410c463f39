import { decode, encode } from "turbo-stream";
import { describe, expect, it } from "vitest";
import { assemble, NONCE, type PatchValue, templateOf } from "./page-splice.server";

/** Remix's enqueue script for a turbo-stream line (single-fetch.js's StreamTransfer, markup.js's escapeHtml). */
const enqueue = (line: string) =>
  `<script nonce="${NONCE}">window.__remixContext.streamController.enqueue(${JSON.stringify(line).replace(
    /[&><\u2028\u2029]/g,
    (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, "0")}`,
  )});</script>`;

async function lineOf(value: unknown): Promise<string> {
  let text = "";
  const decoder = new TextDecoder();
  const reader = encode(value).getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) return text + decoder.decode();
    text += typeof chunk === "string" ? chunk : decoder.decode(chunk, { stream: true });
  }
}

/** What the browser hydrates from: the enqueued line, decoded as Remix's client does. */
async function hydratedData(html: string): Promise<unknown> {
  const argument = /enqueue\(("(?:[^"\\]|\\.)*")\)/.exec(html)![1]!;
  const line = JSON.parse(argument) as string;
  const stream = new ReadableStream<Uint8Array>({
    start(controller) {
      controller.enqueue(new TextEncoder().encode(line));
      controller.close();
    },
  });
  const decoded = await decode(stream);
  await decoded.done;
  return decoded.value;
}

const ANON_HEADER = `<a class="menu-link" href="/login?redirectTo=%2F">Iniciar Sesión</a>`;
const ANON_CART = `<a aria-label="Carrito vacío" href="/cart"></a>`;

const dataFor = (user: PatchValue, cartCount: number, reviewEligibility: string | null) => ({
  loaderData: {
    root: { user, cartCount, flash: null, ENV: { SHOP: "Aurora", zero: 0, name: "Zoe <b>" } },
    "routes/producto.$id": {
      product: { id: 2, name: "Anillo </script> Luna", stock: 0, reviewEligibility, price: 2 },
      image: 0,
    },
  },
  actionData: null,
  errors: null,
});

async function pageFor(header: string, cart: string, data: unknown) {
  return `<html><head><script nonce="${NONCE}">x</script></head><body><header>${header}<p>catálogo</p>${cart}</header>${enqueue(
    await lineOf(data),
  )}</body></html>`;
}

const withoutData = (html: string) => html.replace(/enqueue\(("(?:[^"\\]|\\.)*")\)/, "enqueue()");

const PATHS = [
  ["root", "user"],
  ["root", "cartCount"],
  ["routes/producto.$id", "product", "reviewEligibility"],
] as const;

describe("assembling a signed-in page from the anonymous one", () => {
  it("gives the page and the hydration data a render for that shopper gives", async () => {
    const anonymous = await pageFor(ANON_HEADER, ANON_CART, dataFor(null, 0, null));
    const template = templateOf(anonymous, [ANON_HEADER, ANON_CART], PATHS)!;
    expect(template).not.toBeNull();

    // A name that needs escaping in HTML and in the script, an e-mail, a count equal to a value
    // other entries share (0 and 2 are deduplicated by turbo-stream).
    const user = { displayName: "Ana </script><b>", role: "customer", email: "ana@example.mx" };
    const header = `<ul><li>Ana &lt;/script&gt;&lt;b&gt;</li></ul>`;
    const cart = `<a aria-label="Carrito, 2 piezas" href="/cart"><span>2</span></a>`;
    const assembled = assemble(template, [header, cart], [user, 2, "not-purchased"], "NONCE123");
    const rendered = (await pageFor(header, cart, dataFor(user, 2, "not-purchased"))).replaceAll(NONCE, "NONCE123");

    expect(withoutData(assembled)).toBe(withoutData(rendered));
    expect(await hydratedData(assembled)).toEqual(dataFor(user, 2, "not-purchased"));
    expect(assembled).not.toContain("</script><b>");
    expect(assembled).not.toContain(NONCE);
    expect(assembled.match(/nonce="NONCE123"/g)).toHaveLength(2);
  });

  it("gives two shoppers each their own values from one template", async () => {
    const anonymous = await pageFor(ANON_HEADER, ANON_CART, dataFor(null, 0, null));
    const template = templateOf(anonymous, [ANON_HEADER, ANON_CART], PATHS)!;
    const ana = { displayName: "Ana", role: "customer", email: "ana@example.mx" };
    const beto = { displayName: "Beto", role: "admin", email: "beto@example.mx" };
    const first = assemble(template, ["<i>Ana</i>", "<b>1</b>"], [ana, 1, null], "n1");
    const second = assemble(template, ["<i>Beto</i>", "<b>5</b>"], [beto, 5, "already-reviewed"], "n2");
    expect(await hydratedData(first)).toEqual(dataFor(ana, 1, null));
    expect(await hydratedData(second)).toEqual(dataFor(beto, 5, "already-reviewed"));
    expect(first).not.toContain("Beto");
    expect(second).not.toContain("Ana");
    // The anonymous values again: the anonymous page.
    const again = assemble(template, [ANON_HEADER, ANON_CART], [null, 0, null], NONCE);
    expect(withoutData(again)).toBe(withoutData(anonymous));
    expect(await hydratedData(again)).toEqual(await hydratedData(anonymous));
  });

  it("refuses a page whose slot is missing or repeated, or whose data path is not there", async () => {
    const anonymous = await pageFor(ANON_HEADER, ANON_CART, dataFor(null, 0, null));
    expect(templateOf(anonymous, ["<nav>nope</nav>"], PATHS)).toBeNull();
    expect(templateOf(`${anonymous}${ANON_CART}`, [ANON_CART], PATHS)).toBeNull();
    expect(templateOf(anonymous, [ANON_CART], [["root", "missing"]])).toBeNull();
    expect(templateOf(anonymous, [ANON_CART], [["routes/cart", "x"]])).toBeNull();
    expect(
      templateOf(anonymous.replace(/<script nonce="\0">window[^]*?<\/script>/, ""), [ANON_CART], PATHS),
    ).toBeNull();
  });

  it("refuses data that continues past its first line (deferred promises)", async () => {
    const deferred = await pageFor(ANON_HEADER, ANON_CART, { ...dataFor(null, 0, null), later: Promise.resolve(1) });
    expect(templateOf(deferred, [ANON_HEADER], PATHS)).toBeNull();
  });

  it("writes arrays and nested objects as turbo-stream does: a cart's lines, with odd numbers among them", async () => {
    const cartData = (cart: PatchValue, coupon: PatchValue) => ({
      loaderData: {
        root: { user: null, cartCount: 0, flash: null },
        "routes/cart": { loggedIn: false, cart, coupon, delivery: { from: "2026-12-01", to: "2026-12-03" } },
      },
      actionData: null,
      errors: null,
    });
    const empty = { lines: [], count: 0, total: 0 };
    const anonymous = await pageFor(ANON_HEADER, ANON_CART, cartData(empty, null));
    const paths = [
      ["routes/cart", "cart"],
      ["routes/cart", "coupon"],
    ] as const;
    const template = templateOf(anonymous, [ANON_CART], paths)!;
    expect(template).not.toBeNull();
    const line = (name: string, quantity: number) => ({
      lineKey: `p1:${name}`,
      name,
      variantName: null,
      quantity,
      unitPrice: 1_250_50,
      lineTotal: 1_250_50 * quantity,
    });
    const cart = {
      lines: [line("Cadena <Aurora> & \u2028", 2), line("Anillo", 1), line("Anillo", 1)],
      count: 4,
      total: 0,
      // Not a cart's, but the encoding's: an empty list, nested lists, -0 and the non-finite numbers.
      odd: [[], [[-0, 0]], [Number.NaN, Number.POSITIVE_INFINITY, Number.NEGATIVE_INFINITY], [true, false, null]],
    };
    const coupon = { status: { code: "CIELO", amount: 10_00, reason: null }, charged: 4_000_00 };
    const assembled = assemble(template, ["<b>4</b>"], [cart, coupon], "n");
    const decoded = await hydratedData(assembled);
    expect(decoded).toEqual(cartData(cart, coupon));
    const odd = (decoded as { loaderData: { "routes/cart": { cart: { odd: number[][][] } } } }).loaderData[
      "routes/cart"
    ].cart.odd;
    expect(Object.is(odd[1]![0]![0], -0)).toBe(true);
    expect(assembled).not.toContain("<Aurora>");
  });
});
