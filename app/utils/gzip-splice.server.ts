import { constants, deflateRawSync } from "node:zlib";

/**
 * A stored page compressed once, for every response with its own nonce (docs/decisions/072). The page is
 * kept split at the nonce it was rendered with; each part is compressed once into raw deflate ending in
 * a sync flush (whole bytes, no final block), so the parts and a new nonce written between them as a
 * stored (uncompressed) block make one valid deflate stream. The gzip wrapper's CRC-32 of the whole is
 * combined from the parts' CRCs and the nonce's (zlib's crc32_combine), so a response costs a copy of the
 * compressed bytes and a few hundred operations, not a compression.
 *
 * Each part may refer back to the text before it, as compressing the whole page would: it is compressed
 * with that text as its dictionary, every nonce in it replaced by as many 0xFF bytes. No UTF-8 text
 * holds 0xFF, so no match can take a byte of a nonce, whose bytes change with each response; the
 * distances hold because every nonce has the length of the one the page was rendered with.
 */
export type GzipTemplate = {
  parts: CompressedPart[];
  /** The length in bytes of the nonce between the parts: the distances of the parts' matches count on it. */
  nonceLength: number;
  /** The compressed parts' bytes, for the cache's accounting. */
  bytes: number;
};

type CompressedPart = {
  /** The part deflated, ending with a sync flush. */
  deflated: Buffer;
  crc: number;
  /** x^(8·length) mod P: what shifts a CRC past the part's bytes (zlib's x2nmodp). */
  shift: number;
  /** Its length in bytes, uncompressed. */
  length: number;
};

const LEVEL = 6;
const HEADER = Buffer.from([0x1f, 0x8b, 8, 0, 0, 0, 0, 0, 0, 0xff]);
/** A final block of the fixed code holding only its end: ends the deflate stream. */
const LAST_BLOCK = Buffer.from([0x03, 0x00]);
/** A stored block holds at most this many bytes. */
const STORED_MAX = 0xffff;
/** Deflate's window: the farthest a match may reach back. */
const WINDOW = 32 * 1024;
/** A byte no UTF-8 text holds, standing for the nonce's bytes in a part's dictionary. */
const NOT_TEXT = 0xff;

/** The template of `parts`, to be joined by nonces of `nonceLength` bytes. */
export function gzipTemplate(parts: readonly string[], nonceLength: number): GzipTemplate {
  const buffers = parts.map((part) => Buffer.from(part, "utf8"));
  const stand = Buffer.alloc(nonceLength, NOT_TEXT);
  const shadow = Buffer.concat(buffers.flatMap((buffer, index) => (index > 0 ? [stand, buffer] : [buffer])));
  let start = 0;
  const compressed = buffers.map((buffer, index): CompressedPart => {
    if (index > 0) start += nonceLength;
    const dictionary = shadow.subarray(Math.max(0, start - WINDOW), start);
    start += buffer.length;
    return {
      deflated: deflateRawSync(buffer, {
        level: LEVEL,
        finishFlush: constants.Z_SYNC_FLUSH,
        ...(dictionary.length > 0 ? { dictionary } : {}),
      }),
      crc: crc32(buffer),
      shift: x2nmodp(buffer.length, 3),
      length: buffer.length,
    };
  });
  const bytes = compressed.reduce((sum, part) => sum + part.deflated.length, 0);
  return { parts: compressed, nonceLength, bytes };
}

/**
 * The gzip body of the template's parts joined by `nonce`, which gunzips to `parts.join(nonce)`; null for
 * a nonce of another length than the template's (its parts' matches would reach the wrong bytes).
 */
export function gzipJoin(template: GzipTemplate, nonce: string): Buffer | null {
  const between = Buffer.from(nonce, "utf8");
  if (template.parts.length > 1 && between.length !== template.nonceLength) return null;
  if (between.length > STORED_MAX) return null;
  const stored = storedBlock(between);
  const nonceCrc = crc32(between);
  const nonceShift = x2nmodp(between.length, 3);
  const chunks: Buffer[] = [HEADER];
  let crc = 0;
  let length = 0;
  template.parts.forEach((part, index) => {
    if (index > 0) {
      chunks.push(stored);
      crc = (multmodp(nonceShift, crc) ^ nonceCrc) >>> 0;
      length += between.length;
    }
    chunks.push(part.deflated);
    crc = (multmodp(part.shift, crc) ^ part.crc) >>> 0;
    length += part.length;
  });
  const trailer = Buffer.alloc(8);
  trailer.writeUInt32LE(crc, 0);
  trailer.writeUInt32LE(length % 2 ** 32, 4);
  chunks.push(LAST_BLOCK, trailer);
  return Buffer.concat(chunks);
}

/** A non-final stored block (the stream is at a byte boundary after a sync flush). */
function storedBlock(data: Buffer): Buffer {
  const block = Buffer.alloc(5 + data.length);
  block[0] = 0;
  block.writeUInt16LE(data.length, 1);
  block.writeUInt16LE(~data.length & 0xffff, 3);
  data.copy(block, 5);
  return block;
}

// CRC-32 (the gzip polynomial, reflected), and zlib's way of combining two CRCs (crc32.c).
const POLY = 0xedb88320;
const TABLE = new Uint32Array(256).map((_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? (c >>> 1) ^ POLY : c >>> 1;
  return c >>> 0;
});

export function crc32(data: Uint8Array): number {
  let crc = 0xffffffff;
  for (const byte of data) crc = TABLE[(crc ^ byte) & 0xff]! ^ (crc >>> 8);
  return (crc ^ 0xffffffff) >>> 0;
}

/** a(x)·b(x) modulo P(x), reflected. */
function multmodp(a: number, b: number): number {
  if (a === 0) return 0;
  let m = 0x80000000;
  let p = 0;
  for (;;) {
    if ((a & m) !== 0) {
      p ^= b;
      if ((a & (m - 1)) === 0) break;
    }
    m >>>= 1;
    b = b & 1 ? (b >>> 1) ^ POLY : b >>> 1;
  }
  return p >>> 0;
}

/** x^(2^k) mod P(x), for k = 0…31. */
const X2N = (() => {
  const table = new Uint32Array(32);
  let p = 0x40000000; // x^1
  table[0] = p;
  for (let n = 1; n < 32; n++) table[n] = p = multmodp(p, p);
  return table;
})();

/** x^(n·2^k) mod P(x). */
function x2nmodp(n: number, k: number): number {
  let p = 0x80000000; // x^0
  while (n > 0) {
    if (n & 1) p = multmodp(X2N[k & 31]!, p);
    n = Math.floor(n / 2);
    k += 1;
  }
  return p >>> 0;
}
