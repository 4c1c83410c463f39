import { describe, expect, it } from "vitest";
import { freshNonce } from "./nonce.server";

describe("freshNonce", () => {
  it("gives 128 random bits in base64, never the same twice, across the blocks it draws", () => {
    const nonces = Array.from({ length: 2_000 }, () => freshNonce());
    for (const nonce of nonces) {
      expect(nonce).toMatch(/^[A-Za-z0-9+/]{22}==$/);
      expect(Buffer.from(nonce, "base64")).toHaveLength(16);
    }
    expect(new Set(nonces).size).toBe(nonces.length);
  });

  it("draws its bits: each byte value shows up in a few thousand nonces, none stuck", () => {
    const seen = new Uint32Array(256);
    for (let i = 0; i < 4_096; i += 1) for (const byte of Buffer.from(freshNonce(), "base64")) seen[byte]! += 1;
    // 65,536 bytes: 256 of each value on average; a stuck or zeroed block would leave values far off.
    expect(Math.min(...seen)).toBeGreaterThan(150);
    expect(Math.max(...seen)).toBeLessThan(380);
  });
});
