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
