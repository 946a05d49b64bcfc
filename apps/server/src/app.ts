import type { Agent } from 'node:https';
import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config/config';
import type { Database } from './db/database';
import { createVersionMemo } from './cache/version-memo';
import { createDataVersionReader, type DataVersionReader } from './db/data-versions';
import { registerFeatures, type FeatureContext } from './features';
import { createFitCounts } from './modules/waitinglist/fit-counts';
import { createAfterAnswer, type AfterAnswer } from './http/after-answer';
import { createAnswerCache } from './http/answer-cache';
import { MAX_PATH_SEGMENT_LENGTH } from './http/path-segments';
import { redactUrl } from './http/redact-url';
import { registerRequestIdHeader, requestIdOf } from './http/request-id';
import { createMailer } from './mail/mailer';
import { createMailSealer } from './mail/sealed-body';
import { startMailWorker, type MailTimings } from './mail/mail-worker';
import { createMailTransport, type MailTransport } from './mail/transport';
import { createAppMetrics, type AppMetrics } from './metrics/app-metrics';
import { METRICS_PATH, metricsRoutes } from './metrics/metrics.routes';
import { registerRequestMetrics } from './metrics/request-metrics';
import { createAuthenticator } from './identity/authenticator';
import { createGraftSearches } from './modules/grafts/grafts.repository';
import { createAuthDeps } from './modules/auth/auth.deps';
import type { PasswordHasher } from './modules/auth/password';
import { loadSigningSecret } from './identity/secrets';
import { createSsoDeps } from './modules/auth/sso.deps';
import { loadSsoSecretKey } from './modules/auth/sso-secrets';
import { provisionUser } from './modules/users/users.service';
import { loadAuditSigningKey } from './modules/audit/audit.key';
import { createNotificationSender } from './modules/fhirsubscriptions/subscriptions.deliver';
import { createPushSender } from './modules/alerts/push-sender';
import { loadVapidIdentity } from './modules/alerts/vapid';
import { registerFileSweep } from './modules/files/files.sweep';
import { registerAnswerReplay } from './plugins/answer-replay';
import { registerAntiForgery, useSecureCookies } from './plugins/anti-forgery';
import { registerAuthentication } from './plugins/authentication';
import { clientErrorHandler } from './plugins/client-error';
import { registerCompression } from './plugins/compression';
import { frameworkErrorHandler, registerErrorHandler } from './plugins/error-handler';
import { registerGracefulClose } from './plugins/graceful-close';
import { registerValidation } from './plugins/validation';
import { registerOpenApi } from './plugins/openapi';
import { registerRateLimit } from './plugins/rate-limit';
import { registerSecurityHeaders } from './plugins/security';
import { registerStorageGuard } from './plugins/storage-guard';
import { registerWebApp } from './plugins/web-app';
import type { PushTimings } from './realtime/hub-connection';
import { registerPush, registerWebSockets } from './realtime/register-push';
import { createJobs } from './jobs/jobs';
import { DEFAULT_TICK_MS, registerScheduler } from './jobs/scheduler';
import { createStorageGuard } from './storage/storage-guard';
import { createFileStorage } from './storage/file-storage';
import type { FileStorage } from './storage/storage';

export interface AppDeps {
  config: Config;
  database: Database;
  /** Where the built web app lives; null serves the API only. */
  webRoot: string | null;
  /** Where log lines go (tests capture them); standard output when absent. */
  logStream?: Writable;
  /** The clock; tests move it forward. */
  now?: () => Date;
  /** The mail worker's poll, retry and claim times; tests shorten them. */
  mailTimings?: Partial<MailTimings>;
  /** Push ping and timeout intervals; tests shorten them. */
  pushTimings?: Partial<PushTimings>;
  /** Where graft files live; by default `<dataDir>/files/` on local disk. */
  storage?: FileStorage;
  /** How often the file sweep runs after the one at start-up; tests shorten it. */
  fileSweepIntervalMs?: number;
  /** How often overdue reservations are looked for; tests shorten it. */
  requestLapseIntervalMs?: number;
  /** How often the scheduler looks for due jobs (docs/operations.md "Jobs"); tests shorten it. */
  schedulerTickMs?: number;
  /** How often a due audit checkpoint is looked for; tests shorten it. */
  auditCheckpointIntervalMs?: number;
  /** Work done after the answer (an import's alerts); tests pass their own to wait for it. */
  afterAnswer?: AfterAnswer;
  /** Wraps the configured mail transport; tests watch what it hands over (the outbox keeps no PIN to read). */
  watchMailTransport?: (transport: MailTransport) => MailTransport;
  /** The TLS agent for Web Push services; tests trust their local push service with it. */
  pushAgent?: Agent;
  /** How passwords are hashed and checked (argon2id); tests wrap it to count the checks. */
  passwords?: PasswordHasher;
}

function loggerOptions(deps: AppDeps): FastifyServerOptions['logger'] {
  return {
    level: deps.config.logLevel,
    ...(deps.logStream ? { stream: deps.logStream } : {}),
    redact: {
      paths: [
        'req.headers.authorization',
        'req.headers.cookie',
        'req.headers["x-xsrf-token"]',
        'res.headers["set-cookie"]',
      ],
      censor: '[redacted]',
    },
    serializers: {
      req(request: { method: string; url: string; ip?: string }) {
        return { method: request.method, url: redactUrl(request.url), remoteAddress: request.ip };
      },
    },
  };
}

/** Mails in flight at shutdown get this long; one not done by then is sent again after its claim lapses. */
const MAIL_STOP_GRACE_MS = 3_000;

/** A claim outlasts the longest a send may take: twice connecting, greeting and one reply's wait. */
const mailLeaseMs = (config: Config) =>
  2_000 * (config.smtpConnectionTimeoutSeconds + config.smtpGreetingTimeoutSeconds + config.smtpSocketTimeoutSeconds);

export { filesDir } from './storage/file-storage';

function createServer(deps: AppDeps): FastifyInstance {
  return Fastify({
    logger: loggerOptions(deps),
    // In-flight requests finish on close; idle keep-alive sockets must not hold shutdown up.
    forceCloseConnections: 'idle',
    trustProxy: deps.config.trustProxy,
    bodyLimit: 1_048_576,
    frameworkErrors: frameworkErrorHandler,
    clientErrorHandler,
    routerOptions: { maxParamLength: MAX_PATH_SEGMENT_LENGTH },
    genReqId: requestIdOf(deps.config.trustProxy),
  });
}

function createMetrics(app: FastifyInstance, deps: AppDeps): AppMetrics {
  const metricsOn = deps.config.metricsToken !== undefined;
  const metrics = createAppMetrics({ database: deps.database, log: app.log, enabled: metricsOn });
  if (metricsOn) {
    // Before every route: each route gets its own counting hook as it is registered.
    registerRequestMetrics(app, metrics.registry, { excluded: (url) => url === METRICS_PATH });
  }
  return metrics;
}

/** The services the plugins and features share: the file store, the mail worker and mailer, the auth deps. */
async function createServices(app: FastifyInstance, deps: AppDeps, metrics: AppMetrics) {
  const now = deps.now ?? (() => new Date());
  // Before the mail worker, which reads attachments from it; a store that cannot start starts nothing.
  const storage = deps.storage ?? (await createFileStorage(deps.config));
  const signingSecret = loadSigningSecret(deps.config, app.log);
  const sealer = createMailSealer(signingSecret);
  const transport = createMailTransport(deps.config, app.log);
  const vapid = loadVapidIdentity(deps.config, app.log);
  const mailWorker = startMailWorker({
    db: deps.database.db,
    transport: deps.watchMailTransport ? deps.watchMailTransport(transport) : transport,
    sealer,
    files: storage,
    now,
    log: app.log,
    timings: deps.mailTimings,
    leaseMs: mailLeaseMs(deps.config),
    counters: metrics.mails,
    channels: {
      push: createPushSender({ db: deps.database.db, vapid, sealer, now, agent: deps.pushAgent }),
      fhir: createNotificationSender({ db: deps.database.db, now, publicUrl: deps.config.publicUrl }),
    },
  });
  const mailer = createMailer(deps.config, { now, sealer, wake: mailWorker.wake, counters: metrics.mails });
  const auth = createAuthDeps({
    db: deps.database.db,
    config: deps.config,
    mailer,
    signingSecret,
    now,
    log: app.log,
    passwords: deps.passwords,
  });
  return {
    now,
    storage,
    sealer,
    vapid,
    mailWorker,
    mailer,
    auth,
    sso: createSsoDeps(auth, { key: loadSsoSecretKey(deps.config, app.log), provisionUser }),
    secureCookies: useSecureCookies(deps.config.publicUrl),
  };
}

type Services = Awaited<ReturnType<typeof createServices>>;

/**
 * The cross-cutting plugins, in the order their request hooks run (docs/architecture.md "Plugins"),
 * all before the features: a hook applies to the routes registered after it. Answers the reader of
 * data versions, which the homes share.
 */
async function registerPlugins(
  app: FastifyInstance,
  deps: AppDeps,
  { now, auth, secureCookies }: Services,
  metrics: AppMetrics,
): Promise<DataVersionReader> {
  registerValidation(app);
  registerErrorHandler(app);
  registerGracefulClose(app);
  const storage = createStorageGuard(
    [deps.config.dataDir, ...(deps.database.file ? [deps.database.file] : [])],
    app.log,
    now,
  );
  const authenticate = createAuthenticator({ database: deps.database, tokens: auth.tokens, now });
  const readVersions = createDataVersionReader(deps.database);
  registerRequestIdHeader(app);
  // First of the request hooks: a replayed answer runs none of the others.
  registerAnswerReplay(app, { enabled: deps.config.answerCache, authenticate, readVersions, guard: storage, now });
  registerStorageGuard(app, storage);
  registerSecurityHeaders(app);
  await registerWebSockets(app);
  // Anti-forgery, then authentication: both must see every route registered after them.
  await registerAntiForgery(app, { secureCookies });
  registerAuthentication(app, { authenticate, readVersions });
  await registerRateLimit(app);
  // Before every route: it applies to the routes registered after it.
  await registerCompression(app);
  await registerOpenApi(app, { publicUrl: deps.config.publicUrl });
  await app.register(metricsRoutes, { metrics, token: deps.config.metricsToken });
  return readVersions;
}

/**
 * What the features are built with (features.ts), after registering what they lean on: the file
 * sweep, the push hub, and the closing of the mail worker and of the work after the answer.
 */
async function createFeatureContext(
  app: FastifyInstance,
  deps: AppDeps,
  services: Services,
  { metrics, readVersions }: { metrics: AppMetrics; readVersions: DataVersionReader },
): Promise<FeatureContext> {
  const { database, config } = deps;
  const { now, storage, mailer, auth } = services;
  const fileSweep = registerFileSweep(app, { database, storage, now, intervalMs: deps.fileSweepIntervalMs });
  const push = await registerPush(app, { database, auth, publicUrl: config.publicUrl, timings: deps.pushTimings });
  metrics.countPushConnections(push.connectionsByTransport);
  const afterAnswer = deps.afterAnswer ?? createAfterAnswer(app.log);
  // Registered after the push hub, so it runs before the hub closes (onClose runs last-registered first).
  app.addHook('onClose', () => services.mailWorker.stop(MAIL_STOP_GRACE_MS));
  app.addHook('onClose', () => afterAnswer.drain());
  const core = { db: database.db, now };
  const clinical = {
    ...core,
    push: push.publisher,
    searches: createGraftSearches(database),
    fitCounts: createFitCounts(database),
    answers: createAnswerCache({ enabled: config.answerCache }),
  };
  const imports = {
    ...clinical,
    mailer,
    publicUrl: config.publicUrl,
    log: app.log,
    afterAnswer,
    importCounters: metrics.imports,
  };
  return {
    database,
    core,
    log: app.log,
    publicUrl: config.publicUrl,
    auth,
    sso: services.sso,
    secureCookies: services.secureCookies,
    mailer,
    sealer: services.sealer,
    vapidPublicKey: services.vapid.publicKey,
    fileSweep,
    push: push.publisher,
    connectedUsers: push.connectedUsers,
    pushConnections: push.connections,
    auditChain: {
      ...core,
      key: loadAuditSigningKey(config, app.log),
      checkpointRows: config.auditCheckpointRows,
      checkpointMinutes: config.auditCheckpointMinutes,
    },
    clinical,
    files: { ...clinical, storage },
    imports,
    requests: { ...imports, storage },
    homes: { ...clinical, remember: createVersionMemo(readVersions) },
  };
}

/** Every job of jobs/jobs.ts on the scheduler (docs/operations.md "Jobs"). */
function registerJobs(app: FastifyInstance, deps: AppDeps, context: FeatureContext, metrics: AppMetrics): void {
  const jobs = createJobs(context.requests, {
    auditChain: context.auditChain,
    requestLapseIntervalMs: deps.requestLapseIntervalMs,
    auditCheckpointIntervalMs: deps.auditCheckpointIntervalMs,
    mailRetentionDays: deps.config.mailRetentionDays,
  });
  metrics.jobs.expect(jobs.map((job) => job.name));
  registerScheduler(app, {
    ...context.core,
    log: app.log,
    counters: metrics.jobs,
    jobs,
    // Never less often than the most frequent job wants.
    tickMs: Math.min(deps.schedulerTickMs ?? DEFAULT_TICK_MS, ...jobs.map((job) => job.everyMs)),
  });
}

/** Builds the whole application without listening, so tests and cli/main.ts share it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = createServer(deps);
  const metrics = createMetrics(app, deps);
  const services = await createServices(app, deps, metrics);
  const readVersions = await registerPlugins(app, deps, services, metrics);
  const context = await createFeatureContext(app, deps, services, { metrics, readVersions });
  await registerFeatures(app, context);
  registerJobs(app, deps, context, metrics);
  await registerWebApp(app, deps.webRoot);
  return app;
}
