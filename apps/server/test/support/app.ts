import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { buildApp, type AppDeps } from '../../src/app';
import type { Config } from '../../src/config/config';
import type { OutgoingMail } from '../../src/mail/mailer';
import type { MailTransport } from '../../src/mail/transport';
import type { Database, DatabaseTarget } from '../../src/db/database';
import { createTestDatabase } from './database';

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  /** Where the database lives, for a second instance on the same data. */
  target: DatabaseTarget;
  config: Config;
  baseUrl: string;
  /** Every log line the app wrote, as text. */
  logLines: string[];
  /** Every mail the transport accepted, by Message-ID (the outbox keeps no PIN or link to read). */
  sentMails: Map<string, OutgoingMail>;
  close(): Promise<void>;
}

export function testConfig(dataDir: string, overrides: Partial<Config> = {}): Config {
  return {
    port: 0,
    host: '127.0.0.1',
    dataDir,
    databaseUrl: undefined,
    publicUrl: 'http://localhost:3000',
    smtpUrl: undefined,
    smtpFrom: 'GraftMatch <no-reply@graftmatch.test>',
    smtpMaxConnections: 3,
    smtpConnectionTimeoutSeconds: 2,
    smtpGreetingTimeoutSeconds: 2,
    smtpSocketTimeoutSeconds: 2,
    mailRetentionDays: 30,
    logLevel: 'info',
    trustProxy: false,
    jwtSecret: 'test-secret-test-secret-test-secret-0123456789',
    sessionIdleDays: 14,
    sessionAbsoluteDays: 365,
    answerCache: true,
    auditSigningKey: 'dGVzdC1hdWRpdC1rZXktdGVzdC1hdWRpdC1rZXktMDE=',
    auditCheckpointRows: 1000,
    auditCheckpointMinutes: 60,
    fileStore: { kind: 'disk' },
    sqliteWriteWaitSeconds: 30,
    metricsToken: undefined,
    // A fixed pair, as every instance of one deployment shares one (a test of the generated one sets none).
    vapidKeys: {
      publicKey: 'BL69fvjjccRurIHGRBNvIWFlaEgEy5LwxjJrq1YpZw454IZGFNUbnKV6T5SyWeSU3SeUr3e173pWv1VqNK8tjMc',
      privateKey: 'kwXHugM3PcWbfTHfLCu_RL8ZVlpZA41NRbXAZVZFKjU',
    },
    vapidSubject: 'mailto:operator@graftmatch.test',
    // Unset: each test app keeps its own generated key in its data folder, as a fresh install does.
    ssoSecretKey: undefined,
    ...overrides,
  };
}

/** Starts the real app on a fresh database, listening on a free loopback port. */
export async function startTestApp(
  options: { config?: Partial<Config>; deps?: Partial<Omit<AppDeps, 'config' | 'database'>> } = {},
): Promise<TestApp> {
  const { database, target, cleanup } = await createTestDatabase();
  // A test may close the database early (to see the app without it); cleanup must still drop it.
  const closeDatabase = database.close.bind(database);
  let closing: Promise<void> | undefined;
  database.close = () => (closing ??= closeDatabase());
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'graftmatch-data-'));
  const config = testConfig(dataDir, options.config);
  const logLines: string[] = [];
  const logStream = new Writable({
    write(chunk: Buffer, _encoding, done) {
      logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      done();
    },
  });
  const sentMails = new Map<string, OutgoingMail>();
  const watchMailTransport = (transport: MailTransport): MailTransport => ({
    parallel: transport.parallel,
    close: () => transport.close(),
    async deliver(mail) {
      await transport.deliver(mail);
      sentMails.set(mail.messageId, mail);
    },
  });
  const app = await buildApp({ config, database, webRoot: null, logStream, watchMailTransport, ...options.deps });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    app,
    database,
    target,
    config,
    baseUrl: `http://127.0.0.1:${port}`,
    logLines,
    sentMails,
    async close() {
      await app.close();
      await cleanup();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * One start of the server on `database` at the clock's `now`, as after a restart: its due jobs run
 * before it is ready; then it closes. For tests that move the clock while no server runs.
 */
export async function startAndStop(config: Config, database: Database, now: () => Date): Promise<void> {
  const instance: FastifyInstance = await buildApp({ config, database, webRoot: null, now });
  await instance.ready();
  await instance.close();
}
