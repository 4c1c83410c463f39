import crypto from "node:crypto";
import fs from "node:fs";
import path from "node:path";
import { root } from "./database.mjs";

/**
 * SESSION_SECRET for local runs: generated once into data/session-secret.
 * An explicit production environment (NODE_ENV=production, e.g. the container) must set it:
 * there the start refuses instead of inventing one.
 */
export function resolveSessionSecret() {
  if (process.env.SESSION_SECRET) return process.env.SESSION_SECRET;
  if (process.env.NODE_ENV === "production") {
    throw new Error("SESSION_SECRET is required in production: refusing to start without it.");
  }
  const file = path.join(root, "data/session-secret");
  if (!fs.existsSync(file)) {
    fs.mkdirSync(path.dirname(file), { recursive: true });
    fs.writeFileSync(file, crypto.randomBytes(32).toString("base64url"), { mode: 0o600 });
  }
  return fs.readFileSync(file, "utf8").trim();
}
