import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The load balancer of docs/operations.md "Several instances behind nginx": Debian's nginx in a
// process of its own, running the shipped deploy/nginx/graftmatch.conf with only the instances'
// addresses and the listen line replaced. Everything nginx writes stays inside `dir`, so it runs
// as root or not, without the system's configuration.

export const NGINX_SITE = fileURLToPath(new URL('../../../../deploy/nginx/graftmatch.conf', import.meta.url));

/** Whether an nginx binary is on the PATH. */
export function hasNginx(): boolean {
  return spawnSync('nginx', ['-v'], { encoding: 'utf8' }).status === 0;
}

/** One line of the access log: which instance (`upstreams`, every one tried) answered what. */
export interface AccessEntry {
  tag: string;
  /** The `id` query parameter: a push connection's token. */
  connection: string;
  method: string;
  uri: string;
  status: number;
  upstreams: string[];
}

export interface Nginx {
  url: string;
  child: ChildProcess;
  /** Every request answered so far (nginx writes the line when the answer ends). */
  accessLog(): AccessEntry[];
  errorLog(): string;
  stop(): Promise<void>;
}

function replaceAll(text: string, from: string, to: string, expected: number): string {
  const found = text.split(from).length - 1;
  if (found !== expected) {
    throw new Error(
      `${NGINX_SITE} holds "${from}" ${found} times, not ${expected}: the test's substitution is out of date`,
    );
  }
  return text.split(from).join(to);
}

/** The shipped site with the two instances' ports and the listen address put in. */
export function renderSite(instancePorts: readonly [number, number], listenPort: number): string {
  let site = readFileSync(NGINX_SITE, 'utf8');
  site = replaceAll(site, 'server 127.0.0.1:3001 ', `server 127.0.0.1:${instancePorts[0]} `, 2);
  site = replaceAll(site, 'server 127.0.0.1:3002 ', `server 127.0.0.1:${instancePorts[1]} `, 2);
  return replaceAll(site, 'listen 80;', `listen 127.0.0.1:${listenPort};`, 1);
}

/** Starts nginx in the foreground on `port` in front of the two instances; resolves once it answers. */
export async function startNginx(dir: string, instancePorts: readonly [number, number], port: number): Promise<Nginx> {
  for (const temp of ['body', 'proxy', 'fastcgi', 'uwsgi', 'scgi']) {
    mkdirSync(path.join(dir, temp), { recursive: true });
  }
  writeFileSync(path.join(dir, 'graftmatch.conf'), renderSite(instancePorts, port));
  const accessLog = path.join(dir, 'access.log');
  const errorLog = path.join(dir, 'error.log');
  writeFileSync(accessLog, '');
  writeFileSync(
    path.join(dir, 'nginx.conf'),
    [
      'daemon off;',
      'worker_processes 1;',
      // As root, nginx's workers would run as an unprivileged user that cannot write into this folder.
      ...(process.getuid?.() === 0 ? ['user root;'] : []),
      `pid ${dir}/nginx.pid;`,
      `error_log ${errorLog} warn;`,
      'events { worker_connections 512; }',
      'http {',
      `  client_body_temp_path ${dir}/body;`,
      `  proxy_temp_path ${dir}/proxy;`,
      `  fastcgi_temp_path ${dir}/fastcgi;`,
      `  uwsgi_temp_path ${dir}/uwsgi;`,
      `  scgi_temp_path ${dir}/scgi;`,
      `  log_format graftmatch_test '$http_x_test_tag|$arg_id|$request_method|$uri|$status|$upstream_addr';`,
      `  access_log ${accessLog} graftmatch_test;`,
      `  include ${dir}/graftmatch.conf;`,
      '}',
      '',
    ].join('\n'),
  );
  const child = spawn('nginx', ['-e', errorLog, '-p', dir, '-c', path.join(dir, 'nginx.conf')], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `http://127.0.0.1:${port}`;
  const readErrors = () => {
    try {
      return readFileSync(errorLog, 'utf8');
    } catch {
      return '';
    }
  };
  const deadline = Date.now() + 10_000;
  for (;;) {
    if (child.exitCode !== null) {
      throw new Error(`nginx exited with ${child.exitCode}: ${output}${readErrors()}`);
    }
    const up = await fetch(`${url}/api/health`).then(
      (answer) => answer.ok,
      () => false,
    );
    if (up) {
      break;
    }
    if (Date.now() > deadline) {
      throw new Error(`nginx did not answer within 10 s: ${output}${readErrors()}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return {
    url,
    child,
    accessLog: () =>
      readFileSync(accessLog, 'utf8')
        .split('\n')
        .filter((line) => line !== '')
        .map((line) => {
          const [tag = '', connection = '', method = '', uri = '', status = '', upstream = ''] = line.split('|');
          return {
            tag,
            connection,
            method,
            uri,
            status: Number(status),
            upstreams: upstream.split(/[,:]\s+/).filter((entry) => entry !== '' && entry !== '-'),
          };
        }),
    errorLog: readErrors,
    async stop() {
      if (child.exitCode === null && child.signalCode === null) {
        child.kill('SIGQUIT');
        await exited;
      }
    },
  };
}
