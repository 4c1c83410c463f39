import { type ChildProcess, spawn } from "node:child_process";
import path from "node:path";

/** The project's root: commands and scripts run from it, as an operator runs them. */
export const root = path.resolve(import.meta.dirname, "../..");

export type NodeProcessOptions = {
  /** Added to (or, with `cleanEnv`, instead of) this process's environment. */
  env?: Record<string, string | undefined>;
  /** Start from an empty environment (only PATH kept) instead of this process's. */
  cleanEnv?: boolean;
  /** Standard input: closed at once (a command that reads it gets nothing) or not connected. */
  stdin?: "closed" | "none";
};

export type NodeProcess = {
  child: ChildProcess;
  /** Standard output and error together, as a terminal would show them. */
  output: () => string;
  stdout: () => string;
  stderr: () => string;
  /** Resolves with the exit code once the process has ended and its output is read. */
  exited: Promise<number | null>;
  kill: (signal?: NodeJS.Signals) => void;
  /** Resolves with the first match of `pattern` in the output, as soon as it is printed. */
  waitForOutput: (pattern: RegExp, what: string, timeoutMs?: number) => Promise<RegExpExecArray>;
  /** SIGTERM (a graceful stop), then waits for the exit. */
  stop: () => Promise<number | null>;
};

/** Runs `node <args>` in the project, collecting its output. */
export function startNode(args: string[], { env = {}, cleanEnv = false, stdin = "none" }: NodeProcessOptions = {}) {
  const base: Record<string, string | undefined> = cleanEnv ? { PATH: process.env.PATH ?? "" } : { ...process.env };
  const child: ChildProcess = spawn(process.execPath, args, {
    cwd: root,
    env: { ...base, ...env } as NodeJS.ProcessEnv,
    stdio: [stdin === "closed" ? "pipe" : "ignore", "pipe", "pipe"],
  });
  if (stdin === "closed") child.stdin?.end();
  let output = "";
  let stdout = "";
  let stderr = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    stdout += chunk.toString();
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    stderr += chunk.toString();
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("close", (code) => resolve(code)));
  let ended = false;
  void exited.then(() => (ended = true));

  const waitForOutput = (pattern: RegExp, what: string, timeoutMs = 120_000) =>
    new Promise<RegExpExecArray>((resolve, reject) => {
      let settled = false;
      const settle = (outcome: () => void) => {
        if (settled) return;
        settled = true;
        clearTimeout(timer);
        child.stdout?.off("data", check);
        child.stderr?.off("data", check);
        outcome();
      };
      const check = () => {
        const match = pattern.exec(output);
        if (match) settle(() => resolve(match));
      };
      const timer = setTimeout(
        () => settle(() => reject(new Error(`no ${what} within ${timeoutMs} ms:\n${output}`))),
        timeoutMs,
      );
      child.stdout?.on("data", check);
      child.stderr?.on("data", check);
      check();
      void exited.then((code) => {
        check();
        settle(() => reject(new Error(`no ${what}, the process exited with ${code}:\n${output}`)));
      });
    });

  const handle: NodeProcess = {
    child,
    output: () => output,
    stdout: () => stdout,
    stderr: () => stderr,
    exited,
    kill: (signal = "SIGTERM") => void child.kill(signal),
    waitForOutput,
    stop: async () => {
      if (!ended) child.kill("SIGTERM");
      return exited;
    },
  };
  return handle;
}

/**
 * Runs `node <args>` to its end; `stopAfterMs` stops one that does not end by itself (SIGTERM, so
 * it stops what it started; SIGKILL 8 s later) and still reports what it printed.
 */
export async function runNode(args: string[], options: NodeProcessOptions & { stopAfterMs?: number } = {}) {
  const process = startNode(args, options);
  const timers: NodeJS.Timeout[] = [];
  if (options.stopAfterMs) {
    timers.push(setTimeout(() => process.kill("SIGTERM"), options.stopAfterMs));
    timers.push(setTimeout(() => process.kill("SIGKILL"), options.stopAfterMs + 8_000));
  }
  const code = await process.exited;
  for (const timer of timers) clearTimeout(timer);
  return { code, output: process.output(), stdout: process.stdout(), stderr: process.stderr() };
}
