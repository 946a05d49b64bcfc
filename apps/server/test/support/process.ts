import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { fileURLToPath } from 'node:url';

/** The production command: plain Node.js on the compiled dist/cli.js. */
export const CLI = fileURLToPath(new URL('../../bin/graftmatch.mjs', import.meta.url));
/** The server's build (build.mjs), which writes dist/. */
export const BUILD_SCRIPT = fileURLToPath(new URL('../../build.mjs', import.meta.url));

/** Compiles the server (a second or two), so the command line runs the sources as they are now. */
export function buildServer(): void {
  const built = spawnSync(process.execPath, [BUILD_SCRIPT], { encoding: 'utf8' });
  if (built.status !== 0) {
    throw new Error(`the server build failed: ${built.stderr}`);
  }
}

export interface Finished {
  code: number | null;
  stdout: string;
  stderr: string;
  elapsedMs: number;
}

/** Runs the real, compiled `graftmatch` command line (see `buildServer`) with a clean environment plus `env`. */
export function startCli(args: string[], env: Record<string, string>): ChildProcess {
  return spawn(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
}

export function waitForExit(child: ChildProcess, timeoutMs = 20_000): Promise<Finished> {
  const started = Date.now();
  let stdout = '';
  let stderr = '';
  child.stdout?.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`process did not exit within ${timeoutMs} ms; stderr: ${stderr}`));
    }, timeoutMs);
    child.on('exit', (code) => {
      clearTimeout(timer);
      resolve({ code, stdout, stderr, elapsedMs: Date.now() - started });
    });
  });
}

export function runCli(args: string[], env: Record<string, string>, timeoutMs?: number): Promise<Finished> {
  return waitForExit(startCli(args, env), timeoutMs);
}

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** Polls /api/health until the server answers or the time is up. */
export async function waitUntilHealthy(baseUrl: string, timeoutMs = 60_000, pollMs = 250): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const healthy = await fetch(`${baseUrl}/api/health`).then(
      (response) => response.ok,
      () => false,
    );
    if (healthy) {
      return;
    }
    await new Promise((resolve) => setTimeout(resolve, pollMs));
  }
  throw new Error(`server at ${baseUrl} did not become healthy within ${timeoutMs} ms`);
}
