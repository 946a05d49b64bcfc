import { readdirSync } from 'node:fs';
import { connect, type Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { filesDir } from '../../app';
import { demoPhoto } from '../../demo/demo-files/documents';
import { startSeededApp, type SeededApp } from '../../../test/support/clinical';
import { testEngineName } from '../../../test/support/database';
import { freeLotOf } from '../../../test/support/files';

// A client that aborts or truncates an upload (docs/api.md, "Files") gets a 400 where it still
// listens, is logged at info level, never as a storage failure, and leaves nothing behind.

let app: SeededApp;
let lot: string;
let photo: Buffer;
const BOUNDARY = 'graftmatch-test-boundary';

const fileRows = () => app.server.database.db.selectFrom('graftFiles').selectAll().execute();
const storedFiles = () =>
  readdirSync(filesDir(app.server.config), { recursive: true, withFileTypes: true }).filter((e) => e.isFile());
const logged = () =>
  app.server.logLines.map((line) => JSON.parse(line) as { level: number; msg: string; url?: string });

/** The multipart body: `lot`, `type`, then (when `file`) the start of a file part and its bytes. */
function multipart(file: Buffer | null): Buffer {
  const field = (name: string, value: string) =>
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`;
  const head = `${field('lot', lot)}${field('type', '0')}`;
  if (!file) {
    return Buffer.from(head);
  }
  const part = `--${BOUNDARY}\r\nContent-Disposition: form-data; name="files"; filename="front.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return Buffer.concat([Buffer.from(head + part), file]);
}

/**
 * Sends a POST over a plain socket with `body` and a `Content-Length` of `declared`, then either
 * waits for the answer (the request asks to close the connection after it) or closes the socket
 * at once (`destroy`). Answers what came back.
 */
function rawUpload(body: Buffer, declared: number, finish: 'wait' | 'destroy'): Promise<string> {
  const { port } = new URL(app.server.baseUrl);
  const head = [
    'POST /api/media/uploadfiles HTTP/1.1',
    `Host: 127.0.0.1:${port}`,
    `Authorization: Bearer ${app.clients.employeeX.accessToken ?? ''}`,
    `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
    `Content-Length: ${declared}`,
    'Connection: close',
    '',
    '',
  ].join('\r\n');
  return new Promise((resolve, reject) => {
    const socket = connect(Number(port), '127.0.0.1');
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('close', () => resolve(Buffer.concat(chunks).toString('latin1')));
    socket.on('error', reject);
    socket.write(head);
    socket.write(body, () => (finish === 'destroy' ? socket.destroy() : undefined));
  });
}

/** Collects what a socket receives; `until` waits for a pattern in it. */
function received(socket: Socket) {
  let text = '';
  socket.on('data', (chunk: Buffer) => (text += chunk.toString('latin1')));
  return {
    until: (pattern: RegExp) => expect.poll(() => text, { timeout: 10_000 }).toMatch(pattern),
    text: () => text,
  };
}

/** The log lines written since line `from`, once the request logged more than its arrival. */
async function linesOfEndedRequest(from: number) {
  await expect
    .poll(
      () =>
        logged()
          .slice(from)
          .some((line) => line.msg !== 'incoming request'),
      { timeout: 10_000 },
    )
    .toBe(true);
  return logged().slice(from);
}

beforeAll(async () => {
  app = await startSeededApp();
  lot = await freeLotOf(app, app.ids.euteX);
  photo = await demoPhoto('a', 3, 320, 240);
}, 120_000);

afterAll(async () => {
  await app?.server.close();
});

describe(`aborted uploads (${testEngineName()})`, () => {
  it('answers 400 to a body that ends inside the file or before it, and keeps nothing', async () => {
    for (const body of [multipart(photo.subarray(0, 2000)), multipart(null)]) {
      // The HTTP body is complete, the multipart inside it is cut short.
      const answer = await rawUpload(body, body.length, 'wait');
      expect(answer).toMatch(/^HTTP\/1\.1 400 /);
      expect(answer).toMatch(/content-type: application\/problem\+json/i);
      expect(answer).toContain('ended before');
    }
    expect(await fileRows()).toEqual([]);
    expect(storedFiles()).toEqual([]);
  });

  it('lets a refused sender finish its body, read the refusal and go on using the connection', async () => {
    const { port } = new URL(app.server.baseUrl);
    const start = multipart(photo.subarray(0, 1000));
    const rest = Buffer.alloc(1024 * 1024);
    const socket = connect(Number(port), '127.0.0.1');
    const answer = received(socket);
    const failures: Error[] = [];
    socket.on('error', (error) => failures.push(error));
    socket.write(
      [
        'POST /api/media/uploadfiles HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        `Authorization: Bearer ${app.clients.physicianA.accessToken ?? ''}`,
        `Content-Type: multipart/form-data; boundary=${BOUNDARY}`,
        `Content-Length: ${start.length + rest.length}`,
        '',
        '',
      ].join('\r\n'),
    );
    socket.write(start);
    // The physician may not upload: the answer comes while most of the file is still unsent.
    await answer.until(/^HTTP\/1\.1 403 [\s\S]*"status":403/);
    expect(answer.text()).not.toMatch(/connection: close/i);
    await new Promise<void>((resolve, reject) => socket.write(rest, (error) => (error ? reject(error) : resolve())));
    socket.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nConnection: close\r\n\r\n`);
    await answer.until(/HTTP\/1\.1 200 /);
    socket.destroy();
    expect(failures).toEqual([]);
    expect(await fileRows()).toEqual([]);
  });

  it('logs a client that closes the connection mid-file at info level, not as a storage failure', async () => {
    const before = logged().length;
    const short = multipart(photo.subarray(0, 2000));
    await rawUpload(short, short.length + 50_000, 'destroy');
    const lines = await linesOfEndedRequest(before);
    expect(lines.filter((line) => line.level >= 50)).toEqual([]);
    expect(lines.some((line) => line.msg === 'upload ended early' && line.level === 30)).toBe(true);
    expect(await fileRows()).toEqual([]);
  });
});
