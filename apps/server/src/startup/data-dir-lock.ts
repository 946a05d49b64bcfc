import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { StartupError, ensureWritableDataDir } from './startup';

// `DATA_DIR/server.pid` says which process serves from the folder (docs/operations.md "One server
// per data folder"): a second `serve` on an embedded database exits naming the first, and
// `graftmatch restore` never swaps a database under a running server. The claim is made by creating
// the file exclusively, so of two servers started at once one wins. A file left by a killed server
// names a process that is gone (or one of an earlier boot) and is taken over.

/** Who serves from the folder, as the file keeps it. */
export interface DataDirHolder {
  pid: number;
  url: string;
  since: string;
  /** The kernel's boot id: a process id of an earlier boot names no process of this one. */
  boot: string | null;
}

const pidFile = (dataDir: string) => path.join(dataDir, 'server.pid');

function bootId(): string | null {
  try {
    return readFileSync('/proc/sys/kernel/random/boot_id', 'utf8').trim();
  } catch {
    return null;
  }
}

function readHolder(dataDir: string): DataDirHolder | null {
  let text: string;
  try {
    text = readFileSync(pidFile(dataDir), 'utf8').trim();
  } catch {
    return null;
  }
  try {
    const holder = JSON.parse(text) as Partial<DataDirHolder> | number;
    if (typeof holder === 'number') {
      return { pid: holder, url: '', since: '', boot: null };
    }
    return { pid: Number(holder.pid), url: holder.url ?? '', since: holder.since ?? '', boot: holder.boot ?? null };
  } catch {
    return null;
  }
}

function isAlive(holder: DataDirHolder): boolean {
  if (!Number.isInteger(holder.pid) || holder.pid <= 0 || holder.pid === process.pid) {
    return false;
  }
  const boot = bootId();
  if (holder.boot && boot && holder.boot !== boot) {
    return false;
  }
  try {
    process.kill(holder.pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** The live process serving from `dataDir`, or null. */
export function serverUsing(dataDir: string): DataDirHolder | null {
  const holder = readHolder(dataDir);
  return holder && isAlive(holder) ? holder : null;
}

/** How a refusal names the running server. */
export function describeHolder(holder: DataDirHolder): string {
  const where = holder.url ? ` at ${holder.url}` : '';
  const since = holder.since ? `, since ${holder.since}` : '';
  return `a server (process ${holder.pid}${where}${since})`;
}

/**
 * Claims `dataDir` for this server, or throws naming the live server that holds it. Answers the
 * release, which removes the file only while it is still this process's.
 */
export function claimDataDir(dataDir: string, url: string): () => void {
  ensureWritableDataDir(dataDir);
  const file = pidFile(dataDir);
  const mine: DataDirHolder = { pid: process.pid, url, since: new Date().toISOString(), boot: bootId() };
  for (let attempt = 0; ; attempt += 1) {
    try {
      writeFileSync(file, `${JSON.stringify(mine)}\n`, { flag: 'wx' });
      break;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
        throw error;
      }
    }
    const holder = serverUsing(dataDir);
    if (holder) {
      throw new StartupError(
        `${describeHolder(holder)} is using DATA_DIR "${dataDir}"; stop it first, or give this server a DATA_DIR of its own.`,
      );
    }
    if (attempt > 0) {
      throw new StartupError(
        `cannot claim DATA_DIR "${dataDir}": ${file} keeps coming back; is another server starting?`,
      );
    }
    // Left by a server that is gone.
    rmSync(file, { force: true });
  }
  return () => {
    if (readHolder(dataDir)?.pid === process.pid) {
      rmSync(file, { force: true });
    }
  };
}
