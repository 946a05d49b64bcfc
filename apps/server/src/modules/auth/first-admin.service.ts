import { randomUUID } from 'node:crypto';
import type { Language } from '@graftmatch/domain';
import { writeOrConflict } from '../../http/write-or-conflict';
import { recordAudit } from '../audit/audit.service';
import { type AuthDeps } from './auth.deps';
import { addDays } from '@graftmatch/domain';
import { insertUser } from './auth.repository';
import { assertAcceptablePassword } from './password-policy';
import { INVITATION_DAYS, issuePasswordLink } from './password.service';

export interface NewAdmin {
  email: string;
  firstName: string;
  lastName: string;
  language: Language;
  /** Where the login PIN goes; the email when left out. */
  twoFactorTarget?: string;
  /** Without one, the answer holds a link to set it. */
  password?: string;
}

/**
 * `graftmatch create-admin`: the first administrator of an empty production database (or a
 * further one). Answers a set-password link when no password was given, so that no password
 * ever has to appear on a command line.
 */
export async function createAdmin(deps: AuthDeps, input: NewAdmin): Promise<{ userId: string; link: string | null }> {
  const email = input.email.trim().toLowerCase();
  if (input.password !== undefined) {
    assertAcceptablePassword('password', input.password, { email });
  }
  const passwordHash = input.password === undefined ? null : await deps.passwords.hash(input.password);
  const now = deps.now();
  const userId = randomUUID();
  const link = await writeOrConflict(
    deps.db,
    async (trx) => {
      await insertUser(trx, {
        id: userId,
        email,
        passwordHash,
        title: null,
        firstName: input.firstName,
        lastName: input.lastName,
        phone: null,
        language: input.language,
        admin: 1,
        twoFactorTarget: (input.twoFactorTarget ?? email).trim().toLowerCase(),
        createdAt: now.toISOString(),
        updatedAt: now.toISOString(),
      });
      await recordAudit(trx, {
        actorUserId: null,
        action: 'user.create',
        targetType: 'user',
        targetId: userId,
        after: { email, admin: true, via: 'create-admin' },
        ip: null,
        at: now,
      });
      return passwordHash ? null : issuePasswordLink(trx, deps, userId, 'invite', addDays(now, INVITATION_DAYS));
    },
    { key: 'problem.auth.userExists', params: { email } },
  );
  return { userId, link };
}
