#!/usr/bin/env node
// Second half of `npm run build`: bundles the operators' commands (the first admin, the demo catalogue,
// the catalogue import)
// from the app's own TypeScript modules into plain JavaScript in build/commands/, so the production
// image runs them with node alone (no TypeScript runtime among its dependencies). The production
// dependencies stay external: they are the image's node_modules.
import fs from "node:fs";
import { build } from "esbuild";

const { dependencies } = JSON.parse(fs.readFileSync("package.json", "utf8"));

await build({
  entryPoints: {
    "create-admin": "scripts/commands/create-admin.ts",
    "reset-password": "scripts/commands/reset-password.ts",
    seed: "prisma/seed.ts",
    "import-catalogue": "scripts/import-catalogue.mjs",
  },
  outdir: "build/commands",
  bundle: true,
  external: Object.keys(dependencies).flatMap((name) => [name, `${name}/*`]),
  platform: "node",
  format: "esm",
  target: "node20",
  tsconfig: "tsconfig.json",
  sourcemap: true,
  logLevel: "warning",
});
