import type { Writable } from 'node:stream';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import type { Config } from './config';
import type { Database } from './db/database';
import { createVersionMemo } from './cache/version-memo';
import { createDataVersionReader } from './db/data-versions';
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
import { createAppMetrics } from './metrics/app-metrics';
import { METRICS_PATH, metricsRoutes } from './metrics/metrics.routes';
import { registerRequestMetrics } from './metrics/request-metrics';
import { createAuthenticator } from './modules/auth/authenticator';
import { createGraftSearches } from './modules/grafts/grafts.repository';
import { createAuthDeps } from './modules/auth/auth.deps';
import { loadSigningSecret } from './modules/auth/secrets';
import { loadAuditSigningKey } from './modules/audit/audit.key';
import { adminAuditChainRoutes } from './modules/audit/audit.routes';
import { adminAuditLogRoutes } from './modules/auditlog/auditlog.routes';
import { adminMailRoutes } from './modules/mails/mails.routes';
import {
  adminDashboardRoutes,
  euteDashboardRoutes,
  physicianDashboardRoutes,
} from './modules/dashboards/dashboards.routes';
import { adminOrganisationRoutes } from './modules/organisations/organisations.routes';
import { adminReminderSettingsRoutes } from './modules/organisations/organisations.reminders.routes';
import { adminTestAlertRoutes } from './modules/testalert/test-alert.routes';
import { adminUserRoutes } from './modules/users/users.routes';
import { authRoutes } from './modules/auth/auth.routes';
import { meRoutes } from './modules/auth/me.routes';
import { euteEmployeeRoutes } from './modules/donations/donations.routes';
import { graftCodeRoutes, physicianGraftRoutes } from './modules/grafts/grafts.routes';
import { fileRoutes, mediaRoutes } from './modules/files/files.routes';
import { fhirRoutes } from './modules/fhir/fhir.routes';
import { registerFileSweep } from './modules/files/files.sweep';
import { healthRoutes } from './modules/health/health.routes';
import { adminApiKeyRoutes } from './modules/imports/apikeys.routes';
import { exportRoutes, importTemplateRoutes } from './modules/imports/imports.export.routes';
import { importRoutes, lastImportLogRoutes } from './modules/imports/imports.routes';
import { notificationRoutes } from './modules/notifications/notifications.routes';
import { vigilanceRoutes } from './modules/vigilance/vigilance.routes';
import { bankRequestRoutes, physicianRequestRoutes } from './modules/requests/requests.routes';
import { requestCorrectionRoutes } from './modules/requests/requests.corrections.routes';
import { mySettingsRoutes } from './modules/users/settings.routes';
import { physicianWaitingListRoutes } from './modules/waitinglist/waitinglist.routes';
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
import { createStorageGuard } from './storage-guard';
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

/** Builds the whole application without listening, so tests and main.ts share it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
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
  const metricsOn = deps.config.metricsToken !== undefined;
  const metrics = createAppMetrics({ database: deps.database, log: app.log, enabled: metricsOn });
  if (metricsOn) {
    // Before every route: each route gets its own counting hook as it is registered.
    registerRequestMetrics(app, metrics.registry, { excluded: (url) => url === METRICS_PATH });
  }

  const now = deps.now ?? (() => new Date());
  // Before the mail worker, which reads attachments from it; a store that cannot start starts nothing.
  const fileStorage = deps.storage ?? (await createFileStorage(deps.config));
  const signingSecret = loadSigningSecret(deps.config, app.log);
  const sealer = createMailSealer(signingSecret);
  const transport = createMailTransport(deps.config, app.log);
  const mailWorker = startMailWorker({
    db: deps.database.db,
    transport: deps.watchMailTransport ? deps.watchMailTransport(transport) : transport,
    sealer,
    files: fileStorage,
    now,
    log: app.log,
    timings: deps.mailTimings,
    leaseMs: mailLeaseMs(deps.config),
    counters: metrics.mails,
  });
  const mailer = createMailer(deps.config, { now, sealer, wake: mailWorker.wake, counters: metrics.mails });
  const auth = createAuthDeps({ db: deps.database.db, config: deps.config, mailer, signingSecret, now, log: app.log });
  const secureCookies = useSecureCookies(deps.config.publicUrl);

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
  await registerOpenApi(app);
  await app.register(metricsRoutes, { metrics, token: deps.config.metricsToken });

  const fileSweep = registerFileSweep(app, {
    database: deps.database,
    storage: fileStorage,
    now,
    intervalMs: deps.fileSweepIntervalMs,
  });
  await app.register(healthRoutes, { prefix: '/api', database: deps.database, files: fileSweep });
  await app.register(authRoutes, { prefix: '/api/auth', deps: auth, secureCookies });
  await app.register(meRoutes, { prefix: '/api/users', deps: auth, secureCookies });
  await app.register(mySettingsRoutes, { prefix: '/api/users', deps: { db: deps.database.db, now } });
  const {
    publisher: push,
    connections: pushConnections,
    connectedUsers,
    connectionsByTransport,
  } = await registerPush(app, {
    database: deps.database,
    auth,
    publicUrl: deps.config.publicUrl,
    timings: deps.pushTimings,
  });
  metrics.countPushConnections(connectionsByTransport);
  const clinical = {
    db: deps.database.db,
    now,
    push,
    searches: createGraftSearches(deps.database),
    fitCounts: createFitCounts(deps.database),
    answers: createAnswerCache({ enabled: deps.config.answerCache }),
  };
  await app.register(physicianGraftRoutes, { prefix: '/api/physician', deps: clinical });
  await app.register(graftCodeRoutes, { prefix: '/api/grafts', deps: clinical });
  await app.register(physicianWaitingListRoutes, { prefix: '/api/physician', deps: clinical });
  await app.register(euteEmployeeRoutes, { prefix: '/api/euteemployee', deps: clinical });
  const files = { ...clinical, storage: fileStorage };
  await app.register(fileRoutes, { prefix: '/api/file', deps: files });
  await app.register(mediaRoutes, { prefix: '/api/media', deps: files });
  await app.register(adminUserRoutes, {
    prefix: '/api/admin',
    deps: { db: deps.database.db, now, auth, log: app.log },
  });
  await app.register(adminOrganisationRoutes, { prefix: '/api/admin', deps: { db: deps.database.db, now } });
  await app.register(adminReminderSettingsRoutes, { prefix: '/api/admin', deps: { db: deps.database.db, now } });
  await app.register(adminAuditLogRoutes, { prefix: '/api/admin', deps: { db: deps.database.db, now } });
  const auditChain = {
    db: deps.database.db,
    key: loadAuditSigningKey(deps.config, app.log),
    now,
    checkpointRows: deps.config.auditCheckpointRows,
    checkpointMinutes: deps.config.auditCheckpointMinutes,
  };
  await app.register(adminAuditChainRoutes, { prefix: '/api/admin', deps: auditChain });
  await app.register(adminMailRoutes, { prefix: '/api/admin', deps: { db: deps.database.db, now, mailer } });
  await app.register(adminTestAlertRoutes, {
    prefix: '/api/admin',
    deps: { db: deps.database.db, now, push, connectedUsers },
  });
  await app.register(notificationRoutes, { prefix: '/api/notifications', deps: { db: deps.database.db, now } });
  await app.register(adminApiKeyRoutes, { prefix: '/api/admin', deps: { db: deps.database.db, now } });
  const afterAnswer = deps.afterAnswer ?? createAfterAnswer(app.log);
  // Registered after the push hub, so it runs before the hub closes (onClose runs last-registered first).
  app.addHook('onClose', () => mailWorker.stop(MAIL_STOP_GRACE_MS));
  app.addHook('onClose', () => afterAnswer.drain());
  const imports = {
    ...clinical,
    mailer,
    publicUrl: deps.config.publicUrl,
    log: app.log,
    afterAnswer,
    importCounters: metrics.imports,
  };
  await app.register(importRoutes, { prefix: '/api/import', deps: imports });
  await app.register(lastImportLogRoutes, { prefix: '/api/file', deps: imports });
  const requests = { ...imports, storage: fileStorage };
  await app.register(physicianRequestRoutes, { prefix: '/api/physician', deps: requests });
  await app.register(bankRequestRoutes, { prefix: '/api/euteemployee', deps: requests });
  await app.register(requestCorrectionRoutes, { prefix: '/api/requests', deps: requests });
  await app.register(vigilanceRoutes, { prefix: '/api/vigilance', deps: requests });
  const jobs = createJobs(requests, {
    auditChain,
    requestLapseIntervalMs: deps.requestLapseIntervalMs,
    auditCheckpointIntervalMs: deps.auditCheckpointIntervalMs,
    mailRetentionDays: deps.config.mailRetentionDays,
  });
  metrics.jobs.expect(jobs.map((job) => job.name));
  registerScheduler(app, {
    db: deps.database.db,
    now,
    log: app.log,
    counters: metrics.jobs,
    jobs,
    // Never less often than the most frequent job wants.
    tickMs: Math.min(deps.schedulerTickMs ?? DEFAULT_TICK_MS, ...jobs.map((job) => job.everyMs)),
  });
  await app.register(importTemplateRoutes, { prefix: '/api/import' });
  await app.register(exportRoutes, { prefix: '/api/euteemployee', deps: clinical });
  await app.register(fhirRoutes, {
    prefix: '/api/fhir/R5',
    deps: { db: deps.database.db, now, publicUrl: deps.config.publicUrl, startedAt: now().toISOString() },
  });
  const homes = { ...clinical, remember: createVersionMemo(readVersions) };
  await app.register(physicianDashboardRoutes, { prefix: '/api/physician', deps: homes });
  await app.register(euteDashboardRoutes, { prefix: '/api/euteemployee', deps: homes });
  await app.register(adminDashboardRoutes, {
    prefix: '/api/admin',
    deps: { db: deps.database.db, now, database: deps.database, files: fileSweep, pushConnections },
  });

  await registerWebApp(app, deps.webRoot);
  return app;
}
