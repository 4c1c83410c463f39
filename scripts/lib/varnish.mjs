// Debian's Varnish with the xkey vmod (`apt-get install varnish varnish-modules`) in front of a shop,
// with the project's VCL (deploy/varnish/default.vcl), for the shared-cache test and measurements.
import { spawn } from "node:child_process";
import fs from "node:fs";
import net from "node:net";
import os from "node:os";
import path from "node:path";
import { root } from "./database.mjs";

export const VARNISHD = ["/usr/sbin/varnishd", "/usr/local/sbin/varnishd"].find((candidate) =>
  fs.existsSync(candidate),
);

/** The project's VCL with its backend moved to `backend` (`host:port`). */
export function varnishVcl(backend) {
  const [host, port] = backend.split(":");
  const vcl = fs.readFileSync(path.join(root, "deploy/varnish/default.vcl"), "utf8");
  const moved = vcl.replace(
    /backend default \{[^}]*\}/,
    `backend default {\n  .host = "${host}";\n  .port = "${port}";\n}`,
  );
  if (moved === vcl) throw new Error("deploy/varnish/default.vcl has no `backend default { … }` block");
  return moved;
}

/**
 * varnishd in the foreground on 127.0.0.1:`port`, its own working directory (-n) and no jail (-j none:
 * it runs as whoever runs it), in front of `backend`. Resolves once it accepts connections.
 */
export async function startVarnish({ port, backend, storage = "malloc,64m" }) {
  if (!VARNISHD) throw new Error("varnishd not found: apt-get install varnish varnish-modules");
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "joyeria-varnish-"));
  const vclPath = path.join(dir, "default.vcl");
  fs.writeFileSync(vclPath, varnishVcl(backend));
  const child = spawn(
    VARNISHD,
    ["-F", "-j", "none", "-n", path.join(dir, "work"), "-a", `127.0.0.1:${port}`, "-f", vclPath, "-s", storage],
    { stdio: ["ignore", "pipe", "pipe"] },
  );
  let output = "";
  child.stdout.on("data", (chunk) => (output += chunk));
  child.stderr.on("data", (chunk) => (output += chunk));
  const exited = new Promise((resolve) => child.once("exit", resolve));
  const deadline = Date.now() + 60_000;
  while (!(await accepts(port))) {
    if (child.exitCode !== null || Date.now() > deadline) {
      child.kill("SIGKILL");
      fs.rmSync(dir, { recursive: true, force: true });
      throw new Error(`varnishd did not start:\n${output}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url: `http://127.0.0.1:${port}`,
    output: () => output,
    async stop() {
      if (child.exitCode === null) child.kill("SIGTERM");
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

function accepts(port) {
  return new Promise((resolve) => {
    const socket = net.connect(port, "127.0.0.1");
    socket.once("connect", () => {
      socket.destroy();
      resolve(true);
    });
    socket.once("error", () => resolve(false));
  });
}
