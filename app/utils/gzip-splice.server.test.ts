import { gunzipSync, gzipSync } from "node:zlib";
import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { crc32, gzipJoin, gzipTemplate } from "./gzip-splice.server";

const join = (parts: string[], nonce: string) => gzipJoin(gzipTemplate(parts, Buffer.byteLength(nonce)), nonce);

describe("gzipJoin", () => {
  it("decompresses (CRC and length checked by gunzip) to the parts joined by the nonce", () => {
    fc.assert(
      fc.property(
        fc.array(fc.string({ unit: "binary", maxLength: 300 }), { minLength: 1, maxLength: 6 }),
        fc.string({ unit: "binary", maxLength: 40 }),
        (parts, nonce) => {
          expect(gunzipSync(join(parts, nonce)!).toString("utf8")).toBe(parts.join(nonce));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("never lets a part's match reach into a nonce, whatever the nonce of the response", () => {
    // Parts and nonces from one small alphabet: a part's best match often runs across the nonce before it.
    const text = (max: number) => fc.string({ unit: fc.constantFrom("a", "b", "ñ", "="), maxLength: max });
    fc.assert(
      fc.property(
        fc.array(text(200), { minLength: 2, maxLength: 6 }),
        text(24).filter((nonce) => nonce.length > 0),
        fc.nat(),
        (parts, rendered, seed) => {
          const template = gzipTemplate(parts, Buffer.byteLength(rendered));
          // Another nonce of the same length in bytes: the rendered one turned around, or shifted.
          const other = [...rendered].reverse().join("");
          for (const nonce of [rendered, other, seed % 2 ? rendered : other]) {
            expect(gunzipSync(gzipJoin(template, nonce)!).toString("utf8")).toBe(parts.join(nonce));
          }
        },
      ),
      { numRuns: 300 },
    );
  });

  it("compresses a page of 200 KB about as well as compressing it whole, nonces and all", () => {
    const row = '<li class="card"><a href="/producto/1">Anillo de oro 14k — $12,999.00</a></li>\n';
    const big = row.repeat(1_300);
    const parts = ["", big, '<script nonce="', "", `">x</script>${big}`, ""];
    const nonce = "q1W2e3R4t5Y6u7I8o9P0aA==";
    const body = join(parts, nonce)!;
    expect(gunzipSync(body).toString("utf8")).toBe(parts.join(nonce));
    const whole = join([parts.join(nonce)], "")!;
    // A few bytes a part: its sync flush, the stored block before it, and the match it could not take.
    expect(body.length).toBeLessThan(whole.length + 25 * parts.length);
  });

  it("makes each response's body from that response's nonce; a nonce of another length gets none", () => {
    const template = gzipTemplate(['<p nonce="', '">', "</p>"], 3);
    expect(gunzipSync(gzipJoin(template, "uno")!).toString()).toBe('<p nonce="uno">uno</p>');
    expect(gunzipSync(gzipJoin(template, "dos")!).toString()).toBe('<p nonce="dos">dos</p>');
    expect(gzipJoin(template, "cuatro")).toBeNull();
  });
});

describe("crc32", () => {
  // zlib's own, as a gzip trailer carries it (zlib.crc32 is not in every Node the shop runs on: >= 20.11).
  const zlibCrc32 = (bytes: Uint8Array) => {
    const gzip = gzipSync(bytes);
    return gzip.readUInt32LE(gzip.length - 8);
  };

  it("is zlib's CRC-32", () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 2_000 }), (bytes) => {
        expect(crc32(bytes)).toBe(zlibCrc32(bytes));
      }),
    );
  });
});
