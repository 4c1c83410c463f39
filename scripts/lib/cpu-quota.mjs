// CPU quotas for the load run's shop processes (`npm run load -- --instances 2 --cpu-quota 0.4`): each
// process in a cgroup of its own holding it to the same share of a core in every run, so one instance and
// N instances are compared at equal CPU per instance, whatever else the machine runs (issue 35).
// cgroup v1 (`cpu.cfs_quota_us` under /sys/fs/cgroup/cpu) or v2 (`cpu.max`), as root; where neither is
// writable, `openCpuQuotas` says why and returns null.
import fs from "node:fs";
import path from "node:path";

const PERIOD_US = 100_000;

/** The first cgroup hierarchy with a writable CPU controller, or the reason there is none. */
function findController() {
  const v1 = "/sys/fs/cgroup/cpu";
  if (fs.existsSync(path.join(v1, "cpu.cfs_quota_us"))) {
    return writable(v1) ? { version: 1, dir: v1 } : { reason: `${v1} is not writable (run as root)` };
  }
  for (const v2 of ["/sys/fs/cgroup", "/sys/fs/cgroup/unified"]) {
    const controllers = path.join(v2, "cgroup.controllers");
    if (!fs.existsSync(controllers)) continue;
    if (!fs.readFileSync(controllers, "utf8").split(/\s+/).includes("cpu")) continue;
    return writable(v2) ? { version: 2, dir: v2 } : { reason: `${v2} is not writable (run as root)` };
  }
  return {
    reason: "no cgroup CPU controller (neither /sys/fs/cgroup/cpu/cpu.cfs_quota_us nor cpu in cgroup.controllers)",
  };
}

function writable(dir) {
  try {
    fs.accessSync(dir, fs.constants.W_OK);
    return true;
  } catch {
    return false;
  }
}

/**
 * Quotas of `cores` (0.4: 40 ms of CPU every 100 ms) per process, or `{ error }` saying why none can be
 * set here. `place(pid, label)` moves a running process into a new cgroup of its own; `report()` gives
 * each one's CPU time and throttling; `close()` removes the cgroups (their processes must have ended).
 */
export function openCpuQuotas(cores) {
  const found = findController();
  if (!found.version) return { error: found.reason };
  const { version, dir } = found;
  const groups = [];
  const quotaUs = Math.round(cores * PERIOD_US);
  if (version === 2) {
    // The controller must be enabled for the children of the parent the groups are made in.
    try {
      fs.writeFileSync(path.join(dir, "cgroup.subtree_control"), "+cpu");
    } catch (error) {
      return { error: `cannot enable the cpu controller in ${dir}/cgroup.subtree_control: ${error.message}` };
    }
  }
  return {
    description: `cgroup v${version} (${dir}), ${cores} of a core per shop process (${quotaUs / 1000} ms every ${PERIOD_US / 1000} ms)`,
    place(pid, label) {
      const group = path.join(dir, `joyeria-load-${process.pid}-${groups.length + 1}`);
      fs.mkdirSync(group);
      if (version === 1) {
        fs.writeFileSync(path.join(group, "cpu.cfs_period_us"), String(PERIOD_US));
        fs.writeFileSync(path.join(group, "cpu.cfs_quota_us"), String(quotaUs));
      } else {
        fs.writeFileSync(path.join(group, "cpu.max"), `${quotaUs} ${PERIOD_US}`);
      }
      fs.writeFileSync(path.join(group, "cgroup.procs"), String(pid));
      groups.push({ group, label, start: stat(group) });
    },
    /** Per process: the periods it ran in and those it was throttled in since it was placed. */
    report() {
      return groups.map(({ group, label, start }) => {
        const now = stat(group);
        return { label, throttled: now.throttled - start.throttled, periods: now.periods - start.periods };
      });
    },
    close() {
      for (const { group } of groups.splice(0)) {
        try {
          fs.rmdirSync(group);
        } catch {
          // Still holding a process (it will be gone with it); nothing else to do.
        }
      }
    },
  };
}

/** Throttling counts of a cgroup (zeros once it is unreadable); CPU time per process comes from /proc. */
function stat(group) {
  try {
    const lines = Object.fromEntries(
      fs
        .readFileSync(path.join(group, "cpu.stat"), "utf8")
        .trim()
        .split("\n")
        .map((line) => line.split(" ")),
    );
    return { throttled: Number(lines.nr_throttled ?? 0), periods: Number(lines.nr_periods ?? 0) };
  } catch {
    return { throttled: 0, periods: 0 };
  }
}
