import { readFileSync } from 'node:fs';

export const MIB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN) * 1024;
}
