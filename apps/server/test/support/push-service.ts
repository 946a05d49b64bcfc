import { createECDH, randomBytes, randomUUID, type ECDH } from 'node:crypto';
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Agent, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import ece from 'http_ece';
import { importJWK, jwtVerify } from 'jose';
import type { PushAlertPayload } from '@graftmatch/domain';

// A local Web Push service for the tests: the real protocol on 127.0.0.1 (RFC 8030 delivery over
// TLS with its own certificate), as a browser vendor's push service would run it. For every
// message it checks the VAPID JWT's signature against the server's public key (RFC 8292) and
// decrypts the aes128gcm body with the subscription's private key (RFC 8291), as the browser
// would; it can answer a device as gone (410) or busy (503) to test the server's handling.

export interface PushDeviceKeys {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export interface ReceivedPush {
  device: string;
  payload: PushAlertPayload;
  ttl: number;
  urgency: string | null;
}

export interface LocalPushService {
  /** Trusts the service's certificate: given to the app as its push agent. */
  agent: Agent;
  /** A new browser subscription: its endpoint and the keys `PushSubscription.toJSON()` gives. */
  subscribe(): PushDeviceKeys & { device: string };
  /** Every message that passed the checks and was answered 201, in order. */
  delivered: ReceivedPush[];
  /** Every message refused by its checks, with why. */
  rejected: { device: string; reason: string }[];
  /** How many requests each device's endpoint got, answered as they were. */
  attempts: Map<string, number>;
  /** The answers a device gets next (e.g. [503]); then 201. */
  answers: Map<string, number[]>;
  close(): Promise<void>;
}

function certificate(): { key: Buffer; cert: Buffer } {
  const dir = mkdtempSync(path.join(tmpdir(), 'push-tls-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:P-256',
        '-nodes',
        '-days',
        '1',
        '-subj',
        '/CN=127.0.0.1',
        '-addext',
        'subjectAltName=IP:127.0.0.1',
        '-keyout',
        path.join(dir, 'key.pem'),
        '-out',
        path.join(dir, 'cert.pem'),
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(path.join(dir, 'key.pem')), cert: readFileSync(path.join(dir, 'cert.pem')) };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** The VAPID key as a JWK: the uncompressed P-256 point 0x04 || x || y. */
function vapidJwk(publicKey: string) {
  const point = Buffer.from(publicKey, 'base64url');
  return {
    kty: 'EC',
    crv: 'P-256',
    x: point.subarray(1, 33).toString('base64url'),
    y: point.subarray(33, 65).toString('base64url'),
  };
}

async function readBody(request: NodeJS.ReadableStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of request) {
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

export async function startLocalPushService(options: {
  /** The app server's VAPID public key, which every message must be signed with. */
  vapidPublicKey: string;
  /** The subject the server must name. */
  subject: string;
}): Promise<LocalPushService> {
  const tls = certificate();
  const devices = new Map<string, { ecdh: ECDH; auth: Buffer }>();
  const delivered: ReceivedPush[] = [];
  const rejected: { device: string; reason: string }[] = [];
  const attempts = new Map<string, number>();
  const answers = new Map<string, number[]>();
  const verifyingKey = await importJWK(vapidJwk(options.vapidPublicKey), 'ES256');
  let origin = '';

  async function check(device: string, headers: Record<string, string | string[] | undefined>, body: Buffer) {
    const keys = devices.get(device);
    if (!keys) {
      return { status: 404, reason: 'unknown subscription' };
    }
    const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(String(headers.authorization ?? ''));
    if (!match) {
      return { status: 401, reason: 'no VAPID authorization' };
    }
    if (match[2] !== options.vapidPublicKey) {
      return { status: 403, reason: 'another application server key' };
    }
    try {
      const { payload } = await jwtVerify(match[1]!, verifyingKey, { algorithms: ['ES256'], audience: origin });
      if (payload.sub !== options.subject || !payload.exp || payload.exp > Date.now() / 1000 + 24 * 3600) {
        return { status: 403, reason: `bad claims ${JSON.stringify(payload)}` };
      }
    } catch (error) {
      return { status: 403, reason: `VAPID JWT: ${(error as Error).message}` };
    }
    if (headers['content-encoding'] !== 'aes128gcm') {
      return { status: 415, reason: `content encoding ${String(headers['content-encoding'])}` };
    }
    const plain = ece.decrypt(body, { version: 'aes128gcm', privateKey: keys.ecdh, authSecret: keys.auth });
    return { status: 201, payload: JSON.parse(plain.toString('utf8')) as PushAlertPayload };
  }

  const server = createServer({ key: tls.key, cert: tls.cert }, (request, response) => {
    void (async () => {
      const device = /^\/push\/([\w-]+)$/.exec(request.url ?? '')?.[1] ?? '';
      const body = await readBody(request);
      attempts.set(device, (attempts.get(device) ?? 0) + 1);
      const queued = answers.get(device)?.shift();
      if (queued !== undefined) {
        response.writeHead(queued).end();
        return;
      }
      const result = await check(device, request.headers, body);
      if (result.status !== 201 || !('payload' in result) || !result.payload) {
        rejected.push({ device, reason: result.reason ?? String(result.status) });
        response.writeHead(result.status).end();
        return;
      }
      delivered.push({
        device,
        payload: result.payload,
        ttl: Number(request.headers.ttl),
        urgency: (request.headers.urgency as string | undefined) ?? null,
      });
      response.writeHead(201, { location: `${origin}/message/${randomUUID()}` }).end();
    })();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const agent = new Agent({ ca: tls.cert, keepAlive: false });

  return {
    agent,
    delivered,
    rejected,
    attempts,
    answers,
    subscribe() {
      const device = randomUUID();
      const ecdh = createECDH('prime256v1');
      ecdh.generateKeys();
      const auth = randomBytes(16);
      devices.set(device, { ecdh, auth });
      return {
        device,
        endpoint: `${origin}/push/${device}`,
        keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: auth.toString('base64url') },
      };
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
