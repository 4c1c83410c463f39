#!/usr/bin/env node
// Runs the Prisma CLI without any native Prisma binary (wasm schema engine + adapter-pg).
// Usage: node scripts/prisma.mjs <prisma args…>   e.g. `migrate deploy`, `generate`.
import { runPrisma } from "./lib/prisma.mjs";

const code = await runPrisma(process.argv.slice(2), { stdio: "inherit" });
process.exit(code);
