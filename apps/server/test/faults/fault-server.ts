import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readPinFromOutbox } from '../../../../e2e/support/outbox';
import { CLI, freePort, waitUntilHealthy } from '../support/process';

// Helpers of the fault suite (docs/operations.md): the real `graftmatch serve` in its own process, a logged-in
// admin, and writes whose acknowledgements are counted, so a test can kill, break and restart.

export interface FaultServer {
  baseUrl: string;
  child: ChildProcess;
  /** Everything the process wrote (JSON log lines and one-line errors). */
  output(): string;
  exited: Promise<number | null>;
  kill(signal: NodeJS.Signals): Promise<void>;
}

/** Starts `graftmatch serve --demo` on a free port, or on `env.PORT` (a restart behind a load balancer). */
export async function startFaultServer(env: Record<string, string>): Promise<FaultServer> {
  // A port found free can be taken before the server binds it (another test's server, or an outgoing
  // connection's ephemeral port): a port the test picked is picked again; a given one is not.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOn(env.PORT ? Number(env.PORT) : await freePort(), env);
    } catch (error) {
      if (env.PORT || attempt === 3 || !(error instanceof PortTaken)) {
        throw error;
      }
    }
  }
}

class PortTaken extends Error {}

async function startOn(port: number, env: Record<string, string>): Promise<FaultServer> {
  const baseUrl = `http://127.0.0.1:${port}`;
  const child = spawn(process.execPath, [CLI, 'serve', '--demo'], {
    env: { PATH: process.env.PATH ?? '', HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env, PORT: String(port) },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  // A server that exits or hangs at start says why: its own output goes into the failure.
  const exitedEarly = exited.then((code) => {
    const message = `exited with ${code ?? child.signalCode} before it was healthy; its output:\n${output.slice(-4000)}`;
    throw output.includes('EADDRINUSE') ? new PortTaken(message) : new Error(message);
  });
  try {
    await Promise.race([waitUntilHealthy(baseUrl, 90_000), exitedEarly]);
  } catch (error) {
    child.kill('SIGKILL');
    throw error instanceof PortTaken || child.exitCode !== null
      ? error
      : new Error(`${(error as Error).message}; its output:\n${output.slice(-4000)}`);
  }
  return {
    baseUrl,
    child,
    output: () => output,
    exited,
    async kill(signal) {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill(signal);
        await exited;
      }
    },
  };
}

export interface Admin {
  headers: Record<string, string>;
}

/** The demo admin, logged in through Basic login and the PIN in the outbox. */
export function loginAdmin(baseUrl: string, dataDir: string): Promise<Admin> {
  return loginDemoUser(baseUrl, dataDir, 'admin@demo.graftmatch.example');
}

/** A demo user, logged in through Basic login and the PIN in the outbox. */
export async function loginDemoUser(baseUrl: string, dataDir: string, email: string): Promise<Admin> {
  const started = Date.now();
  const first = await fetch(`${baseUrl}/api/auth/login`, {
    headers: { authorization: `Basic ${Buffer.from(`${email}:demo-graftmatch`).toString('base64')}` },
  });
  if (!first.ok) {
    throw new Error(`login answered ${first.status} ${await first.text()}`);
  }
  const xsrf = /XSRF-TOKEN=([^;]+)/.exec(first.headers.getSetCookie().join(';'))?.[1] ?? '';
  const { twoFactor_Token, twoFactorId } = (await first.json()) as { twoFactor_Token: string; twoFactorId: string };
  const pin = await readPinFromOutbox(dataDir, email, started, 15_000);
  const common = { 'content-type': 'application/json', cookie: `XSRF-TOKEN=${xsrf}`, 'x-xsrf-token': xsrf };
  const second = await fetch(`${baseUrl}/api/auth/twofactor`, {
    method: 'POST',
    headers: { ...common, authorization: `Bearer ${twoFactor_Token}` },
    body: JSON.stringify({ passwordid: twoFactorId, password: pin }),
  });
  if (!second.ok) {
    throw new Error(`two-factor answered ${second.status} ${await second.text()}`);
  }
  const { access_Token } = (await second.json()) as { access_Token: string };
  return { headers: { ...common, authorization: `Bearer ${access_Token}` } };
}

/** Adds one clinic; answers true when the server acknowledged it (201). */
export async function addClinic(baseUrl: string, admin: Admin, name: string): Promise<boolean> {
  try {
    const answer = await fetch(`${baseUrl}/api/admin/clinics/add`, {
      method: 'POST',
      headers: admin.headers,
      body: JSON.stringify({ c_Name: name }),
    });
    await answer.arrayBuffer();
    return answer.status === 201;
  } catch {
    return false;
  }
}

/**
 * `writers` loops adding clinics named `<prefix>-<writer>-<n>` until `stop()` is called; answers
 * the names the server acknowledged and the statuses of the refusals.
 */
export function writeContinuously(baseUrl: string, admin: Admin, prefix: string, writers = 6) {
  const acknowledged: string[] = [];
  let running = true;
  const loops = Array.from({ length: writers }, async (_, writer) => {
    for (let n = 0; running; n++) {
      const name = `${prefix}-${writer}-${n}`;
      if (await addClinic(baseUrl, admin, name)) {
        acknowledged.push(name);
      }
    }
  });
  return {
    acknowledged,
    async stop() {
      running = false;
      await Promise.all(loops);
    },
  };
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Runs the graftmatch command line to its end. */
export function runGraftmatch(args: string[], env: Record<string, string>) {
  const result = spawnSync(process.execPath, [CLI, ...args], {
    env: { PATH: process.env.PATH ?? '', LOG_LEVEL: 'warn', ...env },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: result.status, stdout: result.stdout, stderr: result.stderr };
}
