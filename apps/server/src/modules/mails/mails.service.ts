import type { Kysely } from 'kysely';
import type { MailListPage, MailState, OutboxMail } from '@graftmatch/domain';
import type { DB } from '../../db/types';
import type { Page } from '../../http/paging';
import { conflict, notFound } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import type { Mailer } from '../../mail/mailer';
import { RETRY_FOR_MS } from '../../mail/retry';
import { SEALED_KINDS } from '../../mail/sealed-body';
import { recordAudit } from '../audit/audit.service';
import { requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import * as repo from './mails.repository';

export interface MailsDeps {
  db: Kysely<DB>;
  now: () => Date;
  mailer: Mailer;
}

const toWire = (row: repo.ListedMail): OutboxMail => ({
  id: row.id,
  kind: row.kind,
  state: row.state,
  recipient: row.recipient,
  subject: row.subject,
  attempts: row.attempts,
  reason: row.lastError,
  createdAt: row.createdAt,
  updatedAt: row.updatedAt,
  nextAttemptAt: row.state === 'queued' ? row.nextAttemptAt : null,
});

/** `GET /admin/mails`: admins and auditors read the outbox, newest first; never a body. */
export async function readMails(
  deps: MailsDeps,
  principal: Principal | null,
  state: MailState | undefined,
  page: Page,
): Promise<MailListPage> {
  requireAdmin(principal, { write: false });
  const rows = await repo.listMails(deps.db, state, page);
  return { items: rows.items.map(toWire), total: rows.total, limit: page.limit, offset: page.offset };
}

/** `POST /admin/mails/{id}/retry`: a failed mail is queued again and sent at once. */
export async function retryMail(deps: MailsDeps, actor: Actor, id: string): Promise<OutboxMail> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const row = await deps.db.transaction().execute(async (trx) => {
    const before = await repo.findListedMail(trx, id);
    if (!before) {
      throw notFound({ key: 'problem.noMail' });
    }
    if ((SEALED_KINDS as readonly string[]).includes(before.kind)) {
      // Its body was emptied when it failed (docs/security.md "Mail outbox").
      throw conflict({ key: 'problem.other.mailRetrySecret' });
    }
    const giveUpAt = new Date(now.getTime() + RETRY_FOR_MS).toISOString();
    if (!(await repo.requeueMail(trx, { id, now: now.toISOString(), giveUpAt }))) {
      throw conflict({ key: 'problem.other.mailRetryOnlyFailed', params: { state: before.state } });
    }
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'mail.retry',
      targetType: 'mail',
      targetId: id,
      before: { state: before.state, reason: before.lastError },
      ip: actor.ip,
      at: now,
    });
    return (await repo.findListedMail(trx, id))!;
  });
  deps.mailer.wake();
  return toWire(row);
}
