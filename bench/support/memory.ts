import { readFileSync } from 'node:fs';
import WebSocket from 'ws';

export const MIB = 1024 * 1024;

/** Resident memory of a process, from /proc (Linux). */
export function rssBytes(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return Number(match?.[1] ?? NaN) * 1024;
}

/**
 * A full garbage collection in a process started with `--inspect=127.0.0.1:PORT`, through the
 * inspector protocol (`HeapProfiler.collectGarbage`): memory read after it is what a load left
 * behind, not what the collector has not yet got round to giving back.
 */
export async function collectGarbage(inspectorPort: number): Promise<void> {
  const [target] = (await (await fetch(`http://127.0.0.1:${inspectorPort}/json/list`)).json()) as {
    webSocketDebuggerUrl: string;
  }[];
  if (!target) {
    throw new Error(`no inspector target on port ${inspectorPort}`);
  }
  const socket = new WebSocket(target.webSocketDebuggerUrl);
  try {
    await new Promise((resolve, reject) => socket.once('open', resolve).once('error', reject));
    await new Promise<void>((resolve, reject) => {
      socket.on('message', (data: Buffer) => {
        const message = JSON.parse(data.toString()) as { id?: number; error?: { message: string } };
        if (message.id === 1) {
          if (message.error) {
            reject(new Error(message.error.message));
          } else {
            resolve();
          }
        }
      });
      socket.send(JSON.stringify({ id: 1, method: 'HeapProfiler.collectGarbage' }));
    });
  } finally {
    socket.close();
  }
}

/** What `work` took: its wall time and the process's resident memory before it and at its peak (sampled every 20 ms). */
export async function peakDuring<T>(
  pid: number,
  work: () => Promise<T>,
): Promise<{ result: T; ms: number; baseBytes: number; peakBytes: number }> {
  const baseBytes = rssBytes(pid);
  let peakBytes = baseBytes;
  const sampler = setInterval(() => {
    peakBytes = Math.max(peakBytes, rssBytes(pid));
  }, 20);
  const started = performance.now();
  try {
    const result = await work();
    const ms = performance.now() - started;
    peakBytes = Math.max(peakBytes, rssBytes(pid));
    return { result, ms, baseBytes, peakBytes };
  } finally {
    clearInterval(sampler);
  }
}
