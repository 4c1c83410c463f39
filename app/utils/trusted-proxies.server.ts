import { isIP } from "node:net";
import { z } from "zod";

/**
 * TRUST_PROXY: the reverse proxies whose `X-Forwarded-For`, `X-Forwarded-Host`, `X-Forwarded-Proto` and
 * `X-Request-Id` the shop believes (docs/decisions/029-host-headers-proxies-and-draining.md). A list, comma
 * separated, of addresses (`127.0.0.1`, `::1`), subnets (`172.18.0.0/16`, `fd00::/8`) and Express's names
 * for address ranges (`loopback`, `linklocal`, `uniquelocal`); what Express's `trust proxy` accepts,
 * checked here so a typo stops the start instead of trusting nobody (or everybody) in silence.
 *
 * A number (the old `TRUST_PROXY=1`: "one proxy in front") is refused: Express then believes the header
 * from whoever connects, so anybody reaching the shop's port directly chooses the address its abuse
 * limits count. `0` (and unset) still means no proxy.
 */

/** Express's (proxy-addr's) names for address ranges. */
const RANGE_NAMES = new Set(["loopback", "linklocal", "uniquelocal"]);

const EXAMPLE =
  "e.g. TRUST_PROXY=loopback (nginx on the same machine) or TRUST_PROXY=172.18.0.0/16 (nginx on that container network)";

/** The proxies named by `value`, or what is wrong with it (getEnv puts "TRUST_PROXY:" before it). */
export function parseTrustedProxies(value: string): { proxies: string[] } | { error: string } {
  const text = value.trim();
  if (text === "" || text === "0") return { proxies: [] };
  if (/^\d+$/.test(text)) {
    return {
      error:
        `"${text}" is a count of proxies, which believes X-Forwarded-For from whoever connects to the shop's port: ` +
        `name your proxies' addresses instead, ${EXAMPLE}.`,
    };
  }
  if (/^(true|all|\*)$/i.test(text)) {
    return { error: `"${text}" would believe every client's X-Forwarded-For: name your proxies, ${EXAMPLE}.` };
  }
  const proxies: string[] = [];
  for (const item of text.split(",").map((part) => part.trim())) {
    const problem = problemOf(item);
    if (problem) return { error: `"${item}" ${problem}; ${EXAMPLE}.` };
    proxies.push(RANGE_NAMES.has(item.toLowerCase()) ? item.toLowerCase() : item);
  }
  return { proxies };
}

function problemOf(item: string): string | null {
  if (RANGE_NAMES.has(item.toLowerCase())) return null;
  const [address = "", prefix, ...rest] = item.split("/");
  const family = isIP(address);
  if (family === 0 || rest.length > 0) {
    return "is not an IP address, a subnet such as 10.0.0.0/8, nor one of loopback, linklocal, uniquelocal";
  }
  if (prefix === undefined) return null;
  const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : NaN;
  const max = family === 4 ? 32 : 128;
  if (!(bits >= 1 && bits <= max)) return `has a prefix length that is not 1 to ${max}`;
  return null;
}

/** The environment's TRUST_PROXY (app/utils/env.server.ts): the list, or a start-up error. */
export const trustProxySetting = z
  .string()
  .optional()
  .transform((value, context) => {
    const parsed = parseTrustedProxies(value ?? "");
    if ("proxies" in parsed) return parsed.proxies;
    context.addIssue({ code: z.ZodIssueCode.custom, message: parsed.error });
    return z.NEVER;
  });
