import { randomUUID } from 'node:crypto';
import { compareUsersByLastName, type AddUserRequest, type PatchUserRequest, type User } from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import type { DB, UserUpdate } from '../../db/types';
import { conflict, fieldError, invalidFields, notFound, type FieldError } from '../../http/problem';
import type { Page } from '../../http/paging';
import type { Executor } from '../../db/executor';
import { writeOrConflict } from '../../http/write-or-conflict';
import type { Actor } from '../../identity/actor';
import { emptyToNull, requiredText } from '../../http/text-fields';
import { recordAudit } from '../audit/audit.service';
import type { AuthDeps } from '../auth/auth.deps';
import type { ProvisionUser } from '../auth/sso.deps';
import { adminListPage, requireAdmin } from '../../identity/policy';
import type { Principal } from '../../identity/principal';
import { revokeAllSessions } from '../auth/session.service';
import { sendInvitation } from '../auth/password.service';
import { usersWithPasskeys } from '../auth/passkeys.service';
import { userToWire } from './user.mapper';
import * as repo from './users.repository';

export interface UsersDeps {
  db: Kysely<DB>;
  now: () => Date;
  /** For the invitation mail of a new user (the auth module's recovery mechanism). */
  auth: AuthDeps;
  log: { warn(details: Record<string, unknown>, message: string): void };
}

async function presentUsers(executor: Executor, rows: readonly repo.AdminUserRow[]): Promise<User[]> {
  const ids = rows.map((row) => row.id);
  const [{ clinics, eutes }, withPasskeys] = await Promise.all([
    repo.membershipsOf(executor, ids),
    usersWithPasskeys(executor, ids),
  ]);
  return rows.map((row) =>
    userToWire(
      row,
      clinics.filter((m) => m.userId === row.id),
      eutes.filter((m) => m.userId === row.id),
      withPasskeys.has(row.id),
    ),
  );
}

async function presentUser(executor: Executor, id: string): Promise<User> {
  const row = await repo.findUser(executor, id);
  if (!row) {
    throw notFound({ key: 'problem.noUser' });
  }
  const [user] = await presentUsers(executor, [row]);
  return user as User;
}

/** `GET /admin/users`: sorted by last name (domain rule), then paged. */
export const listUsers = (
  deps: UsersDeps,
  principal: Principal | null,
  filter: Omit<repo.UserFilter, 'now'>,
  page: Page,
) =>
  adminListPage(
    principal,
    () => repo.listUsers(deps.db, { ...filter, now: deps.now().toISOString() }),
    compareUsersByLastName,
    page,
    (rows) => presentUsers(deps.db, rows),
  );

export async function getUser(deps: UsersDeps, principal: Principal | null, id: string): Promise<User> {
  requireAdmin(principal, { write: false });
  return presentUser(deps.db, id);
}

/**
 * New memberships must name existing, active organisations (filtered lists offer only those);
 * memberships the user already has may stay even when their organisation was deactivated.
 */
async function checkMemberships(
  trx: Executor,
  userId: string | null,
  request: Pick<AddUserRequest, 'clinics' | 'eutes'>,
) {
  const current = userId ? await repo.membershipsOf(trx, [userId]) : { clinics: [], eutes: [] };
  const errors: FieldError[] = [];
  const check = async (field: 'clinics' | 'eutes', wanted: readonly string[], held: readonly { id: string }[]) => {
    const found =
      field === 'clinics' ? await repo.findClinicsByIds(trx, wanted) : await repo.findEutesByIds(trx, wanted);
    for (const id of wanted) {
      const organisation = found.find((row) => row.id === id);
      if (!organisation) {
        errors.push(fieldError(field, { key: 'validation.noSuchId', params: { id } }));
      } else if (organisation.active !== 1 && !held.some((row) => row.id === id)) {
        errors.push(fieldError(field, { key: 'validation.inactiveId', params: { id } }));
      }
    }
  };
  const clinicIds = request.clinics ? [...new Set(request.clinics.map((ref) => ref.id))] : undefined;
  const euteIds = request.eutes ? [...new Set(request.eutes.map((ref) => ref.id))] : undefined;
  if (clinicIds) {
    await check('clinics', clinicIds, current.clinics);
  }
  if (euteIds) {
    await check('eutes', euteIds, current.eutes);
  }
  if (errors.length > 0) {
    throw invalidFields('problem.auth.invalidMemberships', errors);
  }
  return { clinicIds, euteIds };
}

async function assertEmailFree(trx: Executor, email: string, exceptUserId: string | null): Promise<void> {
  const owner = await repo.findUserIdByEmail(trx, email);
  if (owner && owner !== exceptUserId) {
    throw conflict({ key: 'problem.emailExists', params: { email } });
  }
}

/** `POST /admin/users/add`: creates an active user without a password and mails a set-password link. */
export async function addUser(deps: UsersDeps, actor: Actor, request: AddUserRequest): Promise<User> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const at = now.toISOString();
  const email = request.email.trim().toLowerCase();
  const user = await writeOrConflict(
    deps.db,
    async (trx) => {
      await assertEmailFree(trx, email, null);
      const { clinicIds, euteIds } = await checkMemberships(trx, null, request);
      const id = randomUUID();
      await repo.insertUser(trx, {
        id,
        email,
        passwordHash: null,
        title: emptyToNull(request.title),
        firstName: requiredText('firstName', request.firstName),
        lastName: requiredText('lastName', request.lastName),
        phone: emptyToNull(request.phone),
        language: request.language ?? 'en',
        active: 1,
        admin: request.admin ? 1 : 0,
        audit: request.audit ? 1 : 0,
        twoFactorTarget: (request.twoFactorTarget ?? email).trim().toLowerCase(),
        createdAt: at,
        updatedAt: at,
      });
      await repo.setClinicMemberships(trx, id, clinicIds ?? []);
      await repo.setEuteMemberships(trx, id, euteIds ?? []);
      const created = await presentUser(trx, id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'user.add',
        targetType: 'user',
        targetId: id,
        after: created,
        ip: actor.ip,
        at: now,
      });
      return created;
    },
    { key: 'problem.emailExists', params: { email } },
  );
  try {
    await sendInvitation(deps.auth, user.id, { userId: admin.userId, ip: actor.ip });
  } catch (error) {
    // The user exists either way; the set-password link can be asked for again through recovery.
    deps.log.warn({ err: error, userId: user.id }, 'the invitation mail could not be sent');
  }
  return user;
}

/**
 * An account made at its first single sign-on, when the organisation's admins turned that on
 * (docs/security.md "Single sign-on"): active, without a password, a member of that organisation
 * only, with the audit flag when the admins chose auditors. Runs in the caller's transaction;
 * audited as `user.provision`. Answers the new user's id.
 */
export const provisionUser: ProvisionUser = async (trx, input) => {
  const id = randomUUID();
  const at = input.at.toISOString();
  await repo.insertUser(trx, {
    id,
    email: input.email,
    passwordHash: null,
    title: null,
    firstName: input.firstName,
    lastName: input.lastName,
    phone: null,
    language: input.language,
    active: 1,
    admin: 0,
    audit: input.audit ? 1 : 0,
    twoFactorTarget: input.email,
    createdAt: at,
    updatedAt: at,
  });
  await repo.setClinicMemberships(trx, id, input.organisation.type === 'clinic' ? [input.organisation.id] : []);
  await repo.setEuteMemberships(trx, id, input.organisation.type === 'eute' ? [input.organisation.id] : []);
  await recordAudit(trx, {
    actorUserId: null,
    action: 'user.provision',
    targetType: 'user',
    targetId: id,
    after: await presentUser(trx, id),
    ip: input.ip,
    at: input.at,
  });
  return id;
};

/** Refuses a change that would leave no active administrator; call inside the change's transaction. */
async function assertAdminRemains(trx: Executor): Promise<void> {
  if ((await repo.countActiveAdmins(trx)) === 0) {
    throw conflict({ key: 'problem.auth.lastAdmin' });
  }
}

/** `PATCH /admin/user`: the id plus any subset of the user's fields and memberships. */
export async function patchUser(deps: UsersDeps, actor: Actor, request: PatchUserRequest): Promise<User> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  const email = request.email?.trim().toLowerCase();
  return writeOrConflict(
    deps.db,
    async (trx) => {
      const before = await presentUser(trx, request.id);
      if (email !== undefined) {
        await assertEmailFree(trx, email, request.id);
      }
      const { clinicIds, euteIds } = await checkMemberships(trx, request.id, request);
      const demotes = request.admin === false && before.admin && before.active;
      if (demotes) {
        await repo.lockActiveAdmins(trx);
      }
      const changes: UserUpdate = {
        ...(request.title !== undefined ? { title: emptyToNull(request.title) } : {}),
        ...(request.firstName !== undefined ? { firstName: requiredText('firstName', request.firstName) } : {}),
        ...(request.lastName !== undefined ? { lastName: requiredText('lastName', request.lastName) } : {}),
        ...(email !== undefined ? { email } : {}),
        ...(request.phone !== undefined ? { phone: emptyToNull(request.phone) } : {}),
        ...(request.audit !== undefined ? { audit: request.audit ? 1 : 0 } : {}),
        ...(request.admin !== undefined ? { admin: request.admin ? 1 : 0 } : {}),
        ...(request.twoFactorTarget !== undefined
          ? { twoFactorTarget: request.twoFactorTarget.trim().toLowerCase() }
          : {}),
        ...(request.language !== undefined ? { language: request.language } : {}),
        updatedAt: now.toISOString(),
      };
      await repo.updateUser(trx, request.id, changes);
      if (clinicIds) {
        await repo.setClinicMemberships(trx, request.id, clinicIds);
      }
      if (euteIds) {
        await repo.setEuteMemberships(trx, request.id, euteIds);
      }
      if (demotes) {
        await assertAdminRemains(trx);
      }
      const after = await presentUser(trx, request.id);
      await recordAudit(trx, {
        actorUserId: admin.userId,
        action: 'user.update',
        targetType: 'user',
        targetId: request.id,
        before,
        after,
        ip: actor.ip,
        at: now,
      });
      return after;
    },
    { key: 'problem.emailExists', params: { email: email ?? '' } },
  );
}

/** `GET /admin/user/activate/{id}` and `/deactivate/{id}`; deactivating ends all of the user's sessions. */
export async function setUserActive(deps: UsersDeps, actor: Actor, id: string, active: boolean): Promise<User> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  return deps.db.transaction().execute(async (trx) => {
    const before = await presentUser(trx, id);
    const demotes = !active && before.admin && before.active;
    if (demotes) {
      await repo.lockActiveAdmins(trx);
    }
    await repo.updateUser(trx, id, { active: active ? 1 : 0, updatedAt: now.toISOString() });
    if (demotes) {
      await assertAdminRemains(trx);
    }
    if (!active) {
      await revokeAllSessions(trx, id, 'user deactivated', now);
    }
    const after = await presentUser(trx, id);
    const action = active ? 'user.activate' : 'user.deactivate';
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action,
      targetType: 'user',
      targetId: id,
      before,
      after,
      ip: actor.ip,
      at: now,
    });
    return after;
  });
}

/** `POST /admin/user/endsessions/{id}`: ends every session of the user (docs/decisions.md §7), e.g. a lost phone. */
export async function endUserSessions(deps: UsersDeps, actor: Actor, id: string): Promise<void> {
  const admin = requireAdmin(actor.principal, { write: true });
  const now = deps.now();
  await deps.db.transaction().execute(async (trx) => {
    await presentUser(trx, id);
    const ended = await revokeAllSessions(trx, id, 'ended by an administrator', now);
    await recordAudit(trx, {
      actorUserId: admin.userId,
      action: 'user.sessions.end',
      targetType: 'user',
      targetId: id,
      before: null,
      after: { sessionsEnded: ended },
      ip: actor.ip,
      at: now,
    });
  });
}
