import path from 'node:path';

/** Everything the server reads from its environment, typed and checked once at start-up. */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  publicUrl: string;
  smtpUrl: string | undefined;
  smtpFrom: string;
  /** The SMTP pool's connections, the most mails in flight at once (docs/operations.md "Mail"). */
  smtpMaxConnections: number;
  /** How long the mail worker waits for a connection, the server's greeting, and any reply. */
  smtpConnectionTimeoutSeconds: number;
  smtpGreetingTimeoutSeconds: number;
  smtpSocketTimeoutSeconds: number;
  logLevel: string;
  /** Behind a load balancer: take the client address from X-Forwarded-For. */
  trustProxy: boolean;
  jwtSecret: string | undefined;
  sessionIdleDays: number;
  sessionAbsoluteDays: number;
  /** Keep search and list answers while the graft data is unchanged (docs/performance.md); `ANSWER_CACHE=off` for benchmarks. */
  answerCache: boolean;
  /** Base64 of a 32-byte Ed25519 seed that signs the audit checkpoints; else one kept in `<dataDir>/audit-signing-key`. */
  auditSigningKey: string | undefined;
  /** A signed audit checkpoint after this many new rows or `auditCheckpointMinutes`, whichever comes first. */
  auditCheckpointRows: number;
  auditCheckpointMinutes: number;
  /** The bearer token of `GET /metrics`; unset, the route answers 404 (docs/operations.md "Metrics and traces"). */
  metricsToken: string | undefined;
}

/** A configuration problem: its message is one line saying what is wrong and what to do. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'];

function parsePort(raw: string | undefined): number {
  if (raw === undefined || raw === '') {
    return 3000;
  }
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || !Number.isInteger(port) || port < 0 || port > 65535) {
    throw new ConfigError(
      `PORT must be a whole number from 0 to 65535, got "${raw}"; set PORT=3000 or another free port.`,
    );
  }
  return port;
}

function parseDatabaseUrl(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new ConfigError(
      'DATABASE_URL is not a valid URL; use postgres://USER:PASSWORD@HOST:5432/DATABASE, or unset it to use the embedded SQLite database.',
    );
  }
  if (url.protocol !== 'postgres:' && url.protocol !== 'postgresql:') {
    throw new ConfigError(
      `DATABASE_URL must start with postgres:// (got "${url.protocol}//"); unset it to use the embedded SQLite database.`,
    );
  }
  return raw;
}

function parsePublicUrl(raw: string | undefined, port: number): string {
  const value = raw && raw !== '' ? raw : `http://localhost:${port}`;
  try {
    const url = new URL(value);
    return url.origin + url.pathname.replace(/\/$/, '');
  } catch {
    throw new ConfigError(`PUBLIC_URL must be an absolute URL such as https://graftmatch.example.org, got "${value}".`);
  }
}

function parsePositiveInt(name: string, raw: string | undefined, fallback: number): number {
  if (raw === undefined || raw === '') {
    return fallback;
  }
  const value = Number(raw);
  if (!Number.isInteger(value) || value <= 0) {
    throw new ConfigError(`${name} must be a positive whole number, got "${raw}".`);
  }
  return value;
}

/** A guessable token would open the metrics to anyone: at least 16 visible characters. */
function parseMetricsToken(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!/^[\x21-\x7e]{16,}$/.test(raw)) {
    throw new ConfigError(
      'METRICS_TOKEN must be at least 16 visible characters without spaces; make one with `openssl rand -hex 32`, or unset it to serve no metrics.',
    );
  }
  return raw;
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = parsePort(env.PORT);
  const logLevel = env.LOG_LEVEL && env.LOG_LEVEL !== '' ? env.LOG_LEVEL : 'info';
  if (!LOG_LEVELS.includes(logLevel)) {
    throw new ConfigError(`LOG_LEVEL must be one of ${LOG_LEVELS.join(', ')}, got "${logLevel}".`);
  }
  const smtpUrl = env.SMTP_URL && env.SMTP_URL !== '' ? env.SMTP_URL : undefined;
  if (smtpUrl && !/^smtps?:\/\//.test(smtpUrl)) {
    throw new ConfigError(`SMTP_URL must start with smtp:// or smtps://, got "${smtpUrl}".`);
  }
  return {
    port,
    host: env.HOST && env.HOST !== '' ? env.HOST : '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR && env.DATA_DIR !== '' ? env.DATA_DIR : './data'),
    databaseUrl: parseDatabaseUrl(env.DATABASE_URL),
    publicUrl: parsePublicUrl(env.PUBLIC_URL, port),
    smtpUrl,
    smtpFrom: env.SMTP_FROM && env.SMTP_FROM !== '' ? env.SMTP_FROM : 'GraftMatch <no-reply@graftmatch.local>',
    smtpMaxConnections: parsePositiveInt('SMTP_MAX_CONNECTIONS', env.SMTP_MAX_CONNECTIONS, 3),
    smtpConnectionTimeoutSeconds: parsePositiveInt(
      'SMTP_CONNECTION_TIMEOUT_SECONDS',
      env.SMTP_CONNECTION_TIMEOUT_SECONDS,
      10,
    ),
    smtpGreetingTimeoutSeconds: parsePositiveInt(
      'SMTP_GREETING_TIMEOUT_SECONDS',
      env.SMTP_GREETING_TIMEOUT_SECONDS,
      10,
    ),
    smtpSocketTimeoutSeconds: parsePositiveInt('SMTP_SOCKET_TIMEOUT_SECONDS', env.SMTP_SOCKET_TIMEOUT_SECONDS, 30),
    logLevel,
    trustProxy: env.TRUST_PROXY === '1' || env.TRUST_PROXY === 'true',
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : undefined,
    sessionIdleDays: parsePositiveInt('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 14),
    sessionAbsoluteDays: parsePositiveInt('SESSION_ABSOLUTE_DAYS', env.SESSION_ABSOLUTE_DAYS, 365),
    answerCache: env.ANSWER_CACHE !== 'off',
    auditSigningKey: env.AUDIT_SIGNING_KEY && env.AUDIT_SIGNING_KEY !== '' ? env.AUDIT_SIGNING_KEY : undefined,
    auditCheckpointRows: parsePositiveInt('AUDIT_CHECKPOINT_ROWS', env.AUDIT_CHECKPOINT_ROWS, 1000),
    auditCheckpointMinutes: parsePositiveInt('AUDIT_CHECKPOINT_MINUTES', env.AUDIT_CHECKPOINT_MINUTES, 60),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
  };
}
