import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

// `DATA_DIR/server.pid` says which process serves from the folder, so `graftmatch restore` never
// swaps a database under a running server. A file left by a killed server names a dead process.

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

export function claimDataDir(dataDir: string): () => void {
  const file = pidFile(dataDir);
  writeFileSync(file, String(process.pid));
  return () => rmSync(file, { force: true });
}

/** The id of a live process serving from `dataDir`, or null. */
export function serverUsing(dataDir: string): number | null {
  let pid: number;
  try {
    pid = Number(readFileSync(pidFile(dataDir), 'utf8').trim());
  } catch {
    return null;
  }
  if (!Number.isInteger(pid) || pid <= 0 || pid === process.pid) {
    return null;
  }
  try {
    process.kill(pid, 0);
    return pid;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM' ? pid : null;
  }
}
