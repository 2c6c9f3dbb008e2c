// Memory of another process from /proc/<pid> (Linux), for benchmarks that watch the server's process.
import fs from 'node:fs';

function statusMb(pid: number, field: 'VmRSS' | 'VmHWM'): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  return Math.round(Number(new RegExp(`${field}:\\s+(\\d+)`).exec(status)?.[1] ?? NaN) / 1024);
}

/** Resident memory now, in MB. */
export const rssMb = (pid: number): number => statusMb(pid, 'VmRSS');

/** The highest resident memory since the process started, or since resetPeakRss, in MB. */
export const peakRssMb = (pid: number): number => statusMb(pid, 'VmHWM');

/**
 * Starts the peak over (so seeding does not count in the figure of the run that follows); false when the kernel
 * does not allow it, and the peak then covers the process's whole life.
 */
export function resetPeakRss(pid: number): boolean {
  try {
    fs.writeFileSync(`/proc/${pid}/clear_refs`, '5');
    return true;
  } catch {
    return false;
  }
}

// Clock ticks per second of /proc/<pid>/stat's CPU times: 100 on every Linux this runs on (USER_HZ).
const TICKS_PER_SECOND = 100;

/** CPU time (user + system) a process has used so far, in ms. */
export function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may contain spaces, so it is skipped by its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / TICKS_PER_SECOND) * 1000;
}

/**
 * CPU time used so far by each PostgreSQL backend serving `database` (its process title names it), in ms by pid.
 * Compare two readings over the pids in both: a backend that ends between them takes its time with it.
 */
export function postgresCpuMs(database: string): Map<number, number> {
  const byPid = new Map<number, number>();
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const title = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
      if (title.startsWith('postgres: ') && title.split(' ').includes(database)) {
        byPid.set(Number(entry), cpuMs(Number(entry)));
      }
    } catch {
      // The process ended while being looked at.
    }
  }
  return byPid;
}

/** The CPU time the backends alive at both readings used between them, in ms. */
export function cpuBetween(before: Map<number, number>, after: Map<number, number>): number {
  let total = 0;
  for (const [pid, ms] of after) if (before.has(pid)) total += ms - before.get(pid)!;
  return total;
}
