// Several instances of the shop on one machine behind Debian's nginx, with one payment simulator for all
// of them (docs/decisions/022): what `npm run instances` serves and what `npm run load -- --instances N`
// measures. Runs under tsx (the throwaway cluster's helper is TypeScript).
import { execFileSync, spawn } from "node:child_process";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { postgresBinaries, startPostgresCluster } from "../../tests/integration/postgres-cluster.ts";
import { startPaymentSimulator } from "@joyeria/payment-simulator";
import { freePort, root } from "./database.mjs";
import { serverNodeFlags } from "./server-flags.mjs";

export const NGINX = ["/usr/sbin/nginx", "/usr/bin/nginx"].find((candidate) => fs.existsSync(candidate));

/** A throwaway PostgreSQL cluster in a temporary directory (Debian's `postgresql` binaries). */
export async function startThrowawayCluster() {
  const bin = postgresBinaries();
  if (!bin) throw new Error("No PostgreSQL server binaries (/usr/lib/postgresql) and no DATABASE_URL.");
  return startPostgresCluster(bin);
}

/**
 * nginx's main configuration around `site` (a `server { }` block and its upstream), with every path
 * inside `dir`, so it runs as any user next to a system nginx.
 * @param {{ dir: string, site: string }} options
 */
export function nginxConfig({ dir, site }) {
  return `${process.getuid?.() === 0 ? "user root;\n" : ""}daemon off;
worker_processes 2;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 2048; }
http {
  access_log off;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
${site}
}
`;
}

/**
 * The load balancer in front of `ports` on `listen`: deploy/nginx-blue-green.conf itself (a refused
 * connection, an error or a draining instance's 503 sends a GET to the next instance; a POST only when it
 * was never processed; one upstream connection per request), with these ports in its upstream and
 * `least_conn`, so a slow request (a registration's password hash) does not queue the next ones behind
 * it on the same instance.
 * @param {{ ports: number[], listen: number }} options
 */
export function loadBalancerSite({ ports, listen }) {
  const servers = ports.map((port) => `  server 127.0.0.1:${port} max_fails=1 fail_timeout=2s;`).join("\n");
  const site = fs
    .readFileSync(path.join(root, "deploy/nginx-blue-green.conf"), "utf8")
    .replace(/^ {2}server 127\.0\.0\.1:300[12] .*\n/gm, "")
    .replace("zone joyeria 64k;\n", `zone joyeria 64k;\n  least_conn;\n${servers}\n`)
    .replace("listen 80;", `listen 127.0.0.1:${listen};`);
  if (!site.includes(`listen 127.0.0.1:${listen};`) || !site.includes(servers)) {
    throw new Error("deploy/nginx-blue-green.conf no longer has the upstream and listen lines this expects");
  }
  return site;
}

/**
 * Starts nginx (`daemon off`, its own process) serving `site` on `listen`, from a generated
 * configuration in a temporary prefix directory, and waits until it accepts connections.
 * @param {{ site: string, listen: number }} options
 */
export async function startNginx({ site, listen }) {
  if (!NGINX) throw new Error("nginx is not installed (Debian: apt-get install nginx).");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-nginx-"));
  fs.chmodSync(dir, 0o755);
  const conf = path.join(dir, "nginx.conf");
  fs.writeFileSync(conf, nginxConfig({ dir, site }));
  const args = ["-p", dir, "-c", conf, "-e", path.join(dir, "error.log")];
  execFileSync(NGINX, ["-t", "-q", ...args]);
  const child = spawn(NGINX, args, { stdio: "ignore" });
  const exited = new Promise((resolve) => child.once("exit", resolve));
  await until(
    () => connects(listen),
    () => child.exitCode !== null,
    "nginx to listen",
  );
  return {
    url: `http://127.0.0.1:${listen}`,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill("SIGQUIT"); // graceful: the requests in flight finish
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * One `node server/index.mjs` on `port` with `env` (the production build), its output kept (the last
 * 200 kB) and, with `echo`, also printed line by line after `label`. Resolves once it listens.
 * @param {{ port: number, env: Record<string, string>, label: string, echo?: boolean }} options
 */
export async function startShopProcess({ port, env, label, echo = false }) {
  const child = spawn(process.execPath, [...serverNodeFlags(), path.join(root, "server/index.mjs")], {
    cwd: root,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, NODE_ENV: "production", ...env, PORT: String(port) },
  });
  let output = "";
  // Warnings and errors are kept as they come (the first 100): the tail of a busy run's output is
  // access lines only, and the line saying why a request failed minutes ago would be gone from it.
  const problems = [];
  let partial = "";
  const collect = (chunk) => {
    output = (output + chunk).slice(-200_000);
    const lines = (partial + chunk).split("\n");
    partial = lines.pop() ?? "";
    for (const line of lines) {
      if (problems.length < 100 && /"level":"(warn|error|fatal)"/.test(line)) problems.push(line);
      if (echo && line) process.stdout.write(`${label} ${line}\n`);
    }
  };
  child.stdout.on("data", collect);
  child.stderr.on("data", collect);
  const exited = new Promise((resolve) => child.once("exit", (code, signal) => resolve(code ?? signal)));
  await until(
    () => Promise.resolve(/listening on/.test(output)),
    () => child.exitCode !== null,
    `${label} to listen`,
  ).catch((error) => {
    child.kill("SIGKILL");
    throw new Error(`${error.message}:\n${output.slice(-3000)}`);
  });
  return {
    port,
    label,
    url: `http://127.0.0.1:${port}`,
    pid: child.pid,
    output: () => output,
    /** The process's warning, error and fatal log lines, the first 100 of them. */
    problems: () => [...problems],
    exited,
    running: () => child.exitCode === null && child.signalCode === null,
    /** kill -9: no drain, no shutdown, the requests in flight cut wherever they are. */
    crash: () => child.kill("SIGKILL"),
    /** SIGTERM (the graceful shutdown of docs/decisions/017); resolves with the exit code. */
    async stop() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGTERM");
      return exited;
    },
  };
}

/**
 * Instance `i`'s metrics port when METRICS_PORT is set for the run: that port for the first, the next ones
 * for the others (two processes cannot listen on one; the shop refuses to start on a port in use).
 */
function metricsPortOf(i) {
  const first = Number(process.env.METRICS_PORT);
  if (!process.env.METRICS_PORT || !Number.isInteger(first) || first === 0) return {};
  return { METRICS_PORT: String(first + i) };
}

/**
 * The whole local multi-instance run on `databaseUrl` (already migrated): one payment simulator whose
 * webhooks go to the proxy, `instances` shop processes on free ports with TRUST_PROXY=loopback and the proxy's
 * URL as APP_ORIGIN (one SESSION_SECRET and one set of payment keys for all), and nginx in front.
 * `stop()` ends nginx first (no new requests), then the shops gracefully, then the simulator.
 * @param {{ databaseUrl: string, instances: number, port?: number, env?: Record<string, string>,
 *   poolMax?: number, echo?: boolean, apiKey: string, webhookSecret: string, sessionSecret: string }} options
 */
export async function startInstances({
  databaseUrl,
  instances,
  port,
  env = {},
  poolMax = 10,
  echo = false,
  apiKey,
  webhookSecret,
  sessionSecret,
}) {
  const listen = port || (await freePort());
  const proxyUrl = `http://127.0.0.1:${listen}`;
  const started = [];
  const stopAll = async () => {
    for (const part of started.reverse()) await part.stop().catch((e) => console.error("stop:", e.message));
  };
  try {
    const simulator = await startPaymentSimulator({ apiKey, webhookSecret, webhookUrl: `${proxyUrl}/webhooks/stripe` });
    started.push(simulator);
    const ports = [];
    for (let i = 0; i < instances; i++) ports.push(await freePort());
    const shops = await Promise.all(
      ports.map((shopPort, i) =>
        startShopProcess({
          port: shopPort,
          label: `[shop ${i + 1}]`,
          echo,
          env: {
            DATABASE_URL: databaseUrl,
            DATABASE_EMBEDDED: "0",
            DATABASE_POOL_MAX: String(poolMax),
            SESSION_SECRET: sessionSecret,
            APP_ORIGIN: proxyUrl,
            TRUST_PROXY: "loopback",
            STRIPE_SECRET_KEY: apiKey,
            STRIPE_WEBHOOK_SECRET: webhookSecret,
            STRIPE_API_BASE: simulator.url,
            PAYMENT_METHODS: process.env.PAYMENT_METHODS || "card,oxxo,spei",
            ...metricsPortOf(i),
            ...env,
          },
        }),
      ),
    );
    const shopStops = { stop: () => Promise.all(shops.map((shop) => shop.stop())) };
    started.push(shopStops);
    const nginx = await startNginx({ site: loadBalancerSite({ ports, listen }), listen });
    started.push(nginx);
    return { url: proxyUrl, simulator, shops, stop: stopAll };
  } catch (error) {
    await stopAll();
    throw error;
  }
}

function connects(port) {
  return fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2000) }).then(
    () => true,
    () => false,
  );
}

/** Waits for `check`, failing at once when `failed()` says the process died, or after `timeoutMs`. */
async function until(check, failed, what, timeoutMs = 60_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (failed()) throw new Error(`${what}: the process exited`);
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}
