import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import webPush from 'web-push';
import type { Config } from '../../config/config';
import { senderDomain } from '../../mail/mailer';

/** The server's Web Push identity (RFC 8292): its P-256 key pair and a contact for push services. */
export interface VapidIdentity {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/**
 * VAPID_PUBLIC_KEY/VAPID_PRIVATE_KEY, or else a pair generated on first start and kept in
 * `<dataDir>/vapid-keys.json` (mode 0600), as the JWT secret is: a browser's subscription is bound
 * to the public key, so a new pair would silence every subscribed device. Several instances must
 * share one pair (docs/operations.md "Web Push").
 */
export function loadVapidIdentity(
  config: Pick<Config, 'vapidKeys' | 'vapidSubject' | 'dataDir' | 'publicUrl' | 'smtpFrom'>,
  log: { warn(message: string): void },
): VapidIdentity {
  const subject =
    config.vapidSubject ??
    (config.publicUrl.startsWith('https://') ? config.publicUrl : `mailto:no-reply@${senderDomain(config.smtpFrom)}`);
  if (config.vapidKeys) {
    return { ...config.vapidKeys, subject };
  }
  const file = path.join(config.dataDir, 'vapid-keys.json');
  try {
    writeFileSync(file, JSON.stringify(webPush.generateVAPIDKeys()), { mode: 0o600, flag: 'wx' });
    log.warn(
      `VAPID_PUBLIC_KEY is not set: generated a Web Push key pair in ${file}. Several instances need one shared pair.`,
    );
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') {
      throw error;
    }
  }
  const keys = JSON.parse(readFileSync(file, 'utf8')) as { publicKey: string; privateKey: string };
  return { publicKey: keys.publicKey, privateKey: keys.privateKey, subject };
}
