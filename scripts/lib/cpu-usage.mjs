// Where a load run's CPU went, from Linux's own accounting (/proc): the machine's busy time, each shop
// process's, and this process's (the shoppers and the payment simulator). The rest of the busy time is
// PostgreSQL, nginx and anything else running. Issue 24 asks two instances for 1.6× one instance's
// throughput; on a machine whose cores are already busy, a second instance adds a process and no core,
// and these figures show how much CPU the shops actually got in each run.
import fs from "node:fs";
import os from "node:os";

const TICKS = 100; // USER_HZ: clock ticks per second in /proc on Linux (fixed at 100 for userspace)

/** Busy and total ticks of the whole machine, from the first line of /proc/stat. */
function machineTicks() {
  const fields = fs.readFileSync("/proc/stat", "utf8").split("\n")[0].trim().split(/\s+/).slice(1).map(Number);
  const total = fields.reduce((a, b) => a + b, 0);
  const idle = fields[3] + (fields[4] ?? 0); // idle + iowait
  return { busy: total - idle, total };
}

/** utime + stime of one process in ticks, or null once it is gone (a killed instance). */
function processTicks(pid) {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    // The command name is in parentheses and may hold spaces: count fields after its closing one.
    const after = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    return Number(after[11]) + Number(after[12]);
  } catch {
    return null;
  }
}

/** A snapshot to compare with a later one; `pids` are the shop processes. */
export function cpuSnapshot(pids) {
  const self = process.cpuUsage();
  return {
    at: performance.now(),
    machine: fs.existsSync("/proc/stat") ? machineTicks() : null,
    shops: pids.map((pid) => ({ pid, ticks: processTicks(pid) })),
    selfMicros: self.user + self.system,
    // A process killed mid-run keeps the last figure read for it, so its CPU until the kill still counts.
    last: new Map(pids.map((pid) => [pid, processTicks(pid)])),
  };
}

/** Re-reads the shops' figures so a process about to be killed keeps what it used until then. */
export function refreshShops(snapshot) {
  for (const pid of snapshot.last.keys()) {
    const ticks = processTicks(pid);
    if (ticks !== null) snapshot.last.set(pid, ticks);
  }
}

/**
 * Cores used on average between `before` and now, by group: one line for the report. Returns null on a
 * machine without /proc.
 */
export function cpuReport(before) {
  if (!before.machine) return null;
  refreshShops(before);
  const seconds = (performance.now() - before.at) / 1000;
  const machine = machineTicks();
  const cores = (ticks) => ticks / TICKS / seconds;
  const busy = cores(machine.busy - before.machine.busy);
  const shops = before.shops.map(({ pid, ticks }) => cores((before.last.get(pid) ?? ticks) - ticks));
  const self = process.cpuUsage();
  const generator = (self.user + self.system - before.selfMicros) / 1e6 / seconds;
  const shopsTotal = shops.reduce((a, b) => a + b, 0);
  const rest = Math.max(0, busy - shopsTotal - generator);
  const n = os.availableParallelism();
  return {
    busy,
    shops: shopsTotal,
    generator,
    rest,
    line:
      `CPU over the run (cores of ${n}): machine busy ${busy.toFixed(2)}; shops ${shopsTotal.toFixed(2)}` +
      ` (${shops.map((c) => c.toFixed(2)).join(" + ")}); shoppers and payment simulator ${generator.toFixed(2)};` +
      ` PostgreSQL, nginx and the rest ${rest.toFixed(2)}; idle ${Math.max(0, n - busy).toFixed(2)}`,
  };
}
