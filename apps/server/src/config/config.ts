import { isIP } from 'node:net';
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
  /** Sent mails are deleted from the outbox this many days after sending (docs/operations.md "Mail"). */
  mailRetentionDays: number;
  logLevel: string;
  /**
   * Behind a load balancer: take the client address from X-Forwarded-For, sent by any peer (true)
   * or only by these addresses and networks (docs/operations.md "Several instances behind nginx").
   */
  trustProxy: boolean | string[];
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
  /** Where graft files live: `<dataDir>/files` (the default) or an S3-compatible bucket (docs/operations.md). */
  fileStore: FileStoreConfig;
  /** SQLite: how long a write waits while another process (an import) writes, before it answers 503 (docs/operations.md "Writers on SQLite"). */
  sqliteWriteWaitSeconds: number;
  /** The bearer token of `GET /metrics`; unset, the route answers 404 (docs/operations.md "Metrics and traces"). */
  metricsToken: string | undefined;
  /** The Web Push key pair (VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY); else one kept in `<dataDir>/vapid-keys.json` (docs/operations.md "Web Push"). */
  vapidKeys: { publicKey: string; privateKey: string } | undefined;
  /** Who runs this server, told to push services (VAPID_SUBJECT): a `mailto:` or `https:` address. */
  vapidSubject: string | undefined;
  /**
   * Base64 of the 32-byte key that seals single sign-on client secrets (SSO_SECRET_KEY); else one kept
   * in `<dataDir>/sso-secret-key` (docs/security.md "Single sign-on").
   */
  ssoSecretKey: string | undefined;
}

/** The S3 bucket of `FILE_STORE=s3`; without keys the SDK's own chain (instance role, profile) answers. */
export interface S3StoreConfig {
  kind: 's3';
  /** Unset: AWS itself; else a MinIO, Ceph, ... address. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  forcePathStyle: boolean;
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
}

export type FileStoreConfig = { kind: 'disk' } | S3StoreConfig;

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

/** `1` or `true`: any peer; a comma-separated list of addresses or networks (`10.0.0.5, 10.1.0.0/16`): those only. */
function parseTrustProxy(raw: string | undefined): boolean | string[] {
  if (raw === undefined || raw === '' || raw === '0' || raw === 'false') {
    return false;
  }
  if (raw === '1' || raw === 'true') {
    return true;
  }
  const entries = raw.split(',').map((entry) => entry.trim());
  for (const entry of entries) {
    const [address = '', bits, extra] = entry.split('/');
    const family = isIP(address);
    const prefix = Number(bits);
    const validPrefix =
      bits === undefined || (/^\d+$/.test(bits) && prefix >= 0 && prefix <= (family === 6 ? 128 : 32));
    if (family === 0 || !validPrefix || extra !== undefined) {
      throw new ConfigError(
        `TRUST_PROXY must be 1, or the load balancers' addresses or networks separated by commas (10.0.0.5, 10.1.0.0/16), got "${raw}".`,
      );
    }
  }
  return entries;
}

/** S3 bucket names: 3 to 63 lower-case letters, digits, dots and hyphens. */
const BUCKET_NAME = /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/;

function parseFileStore(env: NodeJS.ProcessEnv): FileStoreConfig {
  const kind = env.FILE_STORE && env.FILE_STORE !== '' ? env.FILE_STORE : 'disk';
  if (kind === 'disk') {
    return { kind };
  }
  if (kind !== 's3') {
    throw new ConfigError(`FILE_STORE must be disk or s3, got "${kind}".`);
  }
  const bucket = env.S3_BUCKET ?? '';
  if (!BUCKET_NAME.test(bucket)) {
    throw new ConfigError(
      bucket === ''
        ? 'FILE_STORE=s3 needs S3_BUCKET, the name of an existing bucket.'
        : `S3_BUCKET must be a bucket name (3 to 63 lower-case letters, digits, dots and hyphens), got "${bucket}".`,
    );
  }
  const endpoint = env.S3_ENDPOINT && env.S3_ENDPOINT !== '' ? env.S3_ENDPOINT : undefined;
  if (endpoint !== undefined && !/^https?:\/\/[^/]/.test(endpoint)) {
    throw new ConfigError(
      `S3_ENDPOINT must be an http:// or https:// address, got "${endpoint}"; unset it for AWS itself.`,
    );
  }
  const pathStyle = env.S3_FORCE_PATH_STYLE ?? '';
  if (!['', 'true', 'false', '1', '0'].includes(pathStyle)) {
    throw new ConfigError(`S3_FORCE_PATH_STYLE must be true or false, got "${pathStyle}".`);
  }
  const accessKeyId = env.AWS_ACCESS_KEY_ID ?? '';
  const secretAccessKey = env.AWS_SECRET_ACCESS_KEY ?? '';
  if ((accessKeyId === '') !== (secretAccessKey === '')) {
    throw new ConfigError(
      'Set both AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY, or neither (then the instance role or AWS profile answers).',
    );
  }
  return {
    kind,
    endpoint,
    bucket,
    region: env.S3_REGION && env.S3_REGION !== '' ? env.S3_REGION : 'us-east-1',
    forcePathStyle: pathStyle === 'true' || pathStyle === '1',
    credentials: accessKeyId === '' ? undefined : { accessKeyId, secretAccessKey },
  };
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

const BASE64URL = /^[A-Za-z0-9_-]+$/;

function parseVapidKeys(publicKey: string | undefined, privateKey: string | undefined): Config['vapidKeys'] {
  const given = [publicKey, privateKey].filter((value) => value !== undefined && value !== '');
  if (given.length === 0) {
    return undefined;
  }
  if (given.length === 1 || !BASE64URL.test(publicKey!) || !BASE64URL.test(privateKey!)) {
    throw new ConfigError(
      'VAPID_PUBLIC_KEY and VAPID_PRIVATE_KEY must be set together, base64url; generate a pair with: npx web-push generate-vapid-keys',
    );
  }
  return { publicKey: publicKey!, privateKey: privateKey! };
}

function parseVapidSubject(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!/^(mailto:|https:\/\/)\S+$/.test(raw)) {
    throw new ConfigError(`VAPID_SUBJECT must be a mailto: or https:// address, got "${raw}".`);
  }
  return raw;
}

/** A 32-byte key in base64 (`openssl rand -base64 32`): an AES-256 key, never a passphrase. */
function parseSsoSecretKey(raw: string | undefined): string | undefined {
  if (raw === undefined || raw === '') {
    return undefined;
  }
  if (!/^[A-Za-z0-9+/]+={0,2}$/.test(raw.trim()) || Buffer.from(raw.trim(), 'base64').length !== 32) {
    throw new ConfigError(
      'SSO_SECRET_KEY must be 32 random bytes in base64; generate one with: openssl rand -base64 32 (or unset it to keep one in DATA_DIR).',
    );
  }
  return raw.trim();
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
    mailRetentionDays: parsePositiveInt('MAIL_RETENTION_DAYS', env.MAIL_RETENTION_DAYS, 30),
    logLevel,
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    jwtSecret: env.JWT_SECRET && env.JWT_SECRET !== '' ? env.JWT_SECRET : undefined,
    sessionIdleDays: parsePositiveInt('SESSION_IDLE_DAYS', env.SESSION_IDLE_DAYS, 14),
    sessionAbsoluteDays: parsePositiveInt('SESSION_ABSOLUTE_DAYS', env.SESSION_ABSOLUTE_DAYS, 365),
    answerCache: env.ANSWER_CACHE !== 'off',
    auditSigningKey: env.AUDIT_SIGNING_KEY && env.AUDIT_SIGNING_KEY !== '' ? env.AUDIT_SIGNING_KEY : undefined,
    auditCheckpointRows: parsePositiveInt('AUDIT_CHECKPOINT_ROWS', env.AUDIT_CHECKPOINT_ROWS, 1000),
    auditCheckpointMinutes: parsePositiveInt('AUDIT_CHECKPOINT_MINUTES', env.AUDIT_CHECKPOINT_MINUTES, 60),
    fileStore: parseFileStore(env),
    sqliteWriteWaitSeconds: parsePositiveInt('SQLITE_WRITE_WAIT_SECONDS', env.SQLITE_WRITE_WAIT_SECONDS, 30),
    metricsToken: parseMetricsToken(env.METRICS_TOKEN),
    vapidKeys: parseVapidKeys(env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY),
    vapidSubject: parseVapidSubject(env.VAPID_SUBJECT),
    ssoSecretKey: parseSsoSecretKey(env.SSO_SECRET_KEY),
  };
}
