import { randomDraws } from "./random-blocks.server";

/**
 * A fresh Content-Security-Policy nonce for each response: 128 bits from the CSPRNG, in base64, drawn
 * from blocks of 256 (app/utils/random-blocks.server.ts, docs/decisions/070).
 */
const draw = randomDraws(16);

export function freshNonce(): string {
  return draw("base64");
}
