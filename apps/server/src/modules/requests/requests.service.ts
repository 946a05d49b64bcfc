import { randomUUID } from 'node:crypto';
import {
  decideRequestTransition,
  localDay,
  utcDate,
  type CreateGraftRequestRequest,
  type GraftRequest,
  type Language,
  type RequestAction,
  type RequestActorSide,
  type RequestSide,
  type RequestState,
  type RequestStepInput,
} from '@graftmatch/domain';
import type { Kysely } from 'kysely';
import { writeOrConflict } from '../../http/write-or-conflict';
import type { DB } from '../../db/types';
import type { Executor } from '../../db/executor';
import { conflict, forbidden, notFound } from '../../http/problem';
import type { Mailer } from '../../mail/mailer';
import type { PushPublisher } from '../../realtime/push-bus';
import type { FileStorage } from '../../storage/storage';
import type { Actor } from '../../identity/actor';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../../identity/principal';
import { announceGraftsChanged, isFreeForEveryPhysician } from '../grafts/grafts.service';
import { waitingListChanged } from '../../realtime/push-audience';
import { requestToWire } from './requests.mapper';
import { publishNotified, type Notified } from '../notifications/notifications.service';
import { requestChanged, tellOfRequestState } from './requests.notify';
import { physicianListScope, requireRequestSide } from './requests.policy';
import { checkPackageCode } from './requests.scan';
import { checkPriorImplantation } from '../waitinglist/waitinglist.prior-implantation';
import { requestTarget } from './requests.target';
import * as repo from './requests.repository';
import { applyGraftEffects, prepareStep, type StepContext } from './requests.steps';

export interface RequestsDeps {
  db: Kysely<DB>;
  now: () => Date;
  push: PushPublisher;
  storage: FileStorage;
  mailer: Mailer;
  publicUrl: string;
  log: { error(details: Record<string, unknown>, message: string): void };
}

const todayOf = (deps: Pick<RequestsDeps, 'now'>) => utcDate(deps.now());
const noGraft = (lot: string) => notFound({ key: 'problem.noFreeGraft', params: { lot } });

/** After a commit: both sides hear of the request, and those who see the graft of a graft change. */
export async function announce(deps: RequestsDeps, ids: readonly string[], graftChanged: boolean): Promise<void> {
  for (const id of ids) {
    const row = await repo.findRequest(deps.db, id);
    if (!row) {
      continue;
    }
    deps.push.publish(
      requestChanged({ id, lot: row.eLot, state: row.state, clinicId: row.clinicId, euteId: row.euteId }),
    );
    if (graftChanged && id === ids[0]) {
      await announceGraftsChanged(deps, [await repo.findGraftById(deps.db, row.graftId)]);
    }
  }
}

/** `POST /physician/requests`: a request for a Free graft, optionally for one of the caller's entries. */
export async function createRequest(
  deps: RequestsDeps,
  actor: Actor,
  body: CreateGraftRequestRequest,
): Promise<GraftRequest> {
  const scope = physicianListScope(actor.principal);
  if (!('requesterUserId' in scope)) {
    throw forbidden({ key: 'problem.auditorsRead' });
  }
  const today = todayOf(deps);
  const graft = await repo.findGraftByLot(deps.db, body.lot);
  if (!graft || !(await isFreeForEveryPhysician(deps.db, graft, today))) {
    throw noGraft(body.lot);
  }
  const { entry, patientCode } = await requestTarget(deps.db, body, scope, graft);
  const now = deps.now();
  const at = now.toISOString();
  const id = randomUUID();
  const created = await writeOrConflict(
    deps.db,
    async (trx) => {
      const acknowledged = await checkPriorImplantation(trx, {
        patientCode: patientCode ?? entry?.patientCode ?? null,
        graftType: graft.tProdName2,
        today,
        reason: body.priorImplantationReason,
      });
      await repo.insertRequest(trx, {
        id,
        graftId: graft.id,
        euteId: graft.euteId,
        clinicId: entry?.clinicId ?? (scope.clinicIds[0] as string),
        requesterUserId: scope.requesterUserId,
        waitingListEntryId: entry?.id ?? null,
        state: 'requested',
        note: body.note ?? null,
        reason: null,
        deadline: null,
        implantedOn: null,
        patientCode,
        createdAt: at,
        updatedAt: at,
      });
      const row = (await repo.findRequest(trx, id))!;
      const wire = requestToWire(row, 'physician', today);
      await recordAudit(trx, {
        actorUserId: scope.requesterUserId,
        action: 'request.create',
        targetType: 'graftRequest',
        targetId: id,
        after: acknowledged ? { ...wire, priorImplantation: acknowledged } : wire,
        ip: actor.ip,
        at: now,
      });
      return { wire, notified: await tellOfRequestState(trx, deps, row, 'create', now) };
    },
    { key: 'problem.requests.openRequestExists', params: { lot: body.lot } },
  );
  deps.mailer.wake();
  publishNotified(deps.push, created.notified);
  await announce(deps, [id], false);
  return created.wire;
}

/** `GET /physician/requests`: the caller's requests, newest first; every request for auditors. */
export async function listPhysicianRequests(deps: RequestsDeps, principal: Principal | null): Promise<GraftRequest[]> {
  const scope = physicianListScope(principal);
  const side = 'all' in scope ? null : 'physician';
  const today = todayOf(deps);
  return (await repo.listRequests(deps.db, scope)).map((row) => requestToWire(row, side, today));
}

/**
 * `GET /physician/requests/lots`: Free grafts already requested by someone, shown as "requested"
 * (still requestable: requests compete until one is assigned).
 */
export async function listRequestedLots(deps: RequestsDeps, principal: Principal | null): Promise<string[]> {
  physicianListScope(principal);
  return repo.requestedLots(deps.db, todayOf(deps));
}

/**
 * Takes one step of a request (docs/api.md "Graft requests"): the transition table decides, the
 * request moves only from the state it was read in, and the step's audit row, graft changes and
 * documents commit together. Refused steps answer 409.
 */
export async function takeStep(
  deps: RequestsDeps,
  actor: Actor,
  id: string,
  side: RequestSide,
  action: RequestAction,
  input: RequestStepInput,
): Promise<GraftRequest> {
  const found = await repo.findRequest(deps.db, id);
  const caller = requireRequestSide(actor.principal, side, found);
  if (action === 'implant' && found) {
    // The package in hand must be the assigned graft (docs/decisions.md, "Scanning").
    await checkPackageCode(deps, found, input.sec, { step: 'implant', userId: caller.userId, ip: actor.ip });
  }
  const result = await runStep(deps, {
    id,
    side,
    action,
    input,
    actorUserId: caller.userId,
    ip: actor.ip,
    language: actor.language ?? 'en',
  });
  return requestToWire(result.row, side, todayOf(deps));
}

interface StepRun {
  id: string;
  side: RequestActorSide;
  action: RequestAction;
  input: RequestStepInput;
  actorUserId: string | null;
  ip: string | null;
  /** The language of the document the step files. */
  language: Language;
}

/** One step in one transaction; also the lapse job's way in. Answers the changed request. */
export async function runStep(deps: RequestsDeps, run: StepRun): Promise<{ row: repo.RequestDetails }> {
  const now = deps.now();
  const today = utcDate(now);
  const outcome = await writeOrConflict(
    deps.db,
    async (trx) => {
      const row = await repo.findRequest(trx, run.id);
      if (!row) {
        throw notFound({ key: 'problem.noRequest' });
      }
      const decision = decideRequestTransition(row.state, run.action, run.side);
      if (!decision.allowed) {
        throw conflict(decision.reason);
      }
      const ctx: StepContext = {
        trx,
        storage: deps.storage,
        row,
        action: run.action,
        input: run.input,
        now,
        today,
        clinicDay: localDay(now, row.clinicTimeZone),
        bankDay: localDay(now, row.bankTimeZone),
        actorUserId: run.actorUserId,
        language: run.language,
        ip: run.ip,
        wire: () => requestToWire(ctx.row, null, today),
        recorded: {},
      };
      const changes = await prepareStep(ctx, decision.to);
      const lapseBefore = run.action === 'lapse' ? now.toISOString() : undefined;
      if (!(await repo.moveRequest(trx, row.id, row.state, changes, lapseBefore))) {
        throw conflict({ key: 'problem.requestChanged' });
      }
      ctx.row = (await repo.findRequest(trx, row.id))!;
      await recordAudit(trx, {
        actorUserId: run.actorUserId,
        action: `request.${run.action}`,
        targetType: 'graftRequest',
        targetId: row.id,
        // What the step recorded besides the state, so the graft's history lists it as changed.
        before: { state: row.state, ...Object.fromEntries(Object.keys(ctx.recorded).map((key) => [key, null])) },
        after: { ...ctx.wire(), ...ctx.recorded },
        ip: run.ip,
        at: now,
      });
      const declined = run.action === 'assign' ? await declineCompetitors(ctx) : [];
      const graftChanged = await applyGraftEffects(ctx);
      // Read again: the answer shows the graft's new step dates (deliveredOn).
      const after = (await repo.findRequest(trx, row.id))!;
      const notified = await tellOfRequestState(trx, deps, after, run.action, now);
      for (const other of declined) {
        notified.push(...(await tellOfRequestState(trx, deps, (await repo.findRequest(trx, other))!, 'decline', now)));
      }
      return { row: after, changed: [row.id, ...declined], graftChanged, notified };
    },
    { key: 'problem.requests.graftHeldNow' },
  );
  deps.mailer.wake();
  publishNotified(deps.push, outcome.notified);
  await announce(deps, outcome.changed, outcome.graftChanged);
  if (run.action === 'implant' && outcome.row.waitingListEntryId !== null) {
    // The implantation closed the entry: its owner's lists and the banks' demand drop it.
    deps.push.publish(waitingListChanged(outcome.row.requesterUserId, outcome.row.waitingListEntryId));
  }
  return { row: outcome.row };
}

/** At assignment, the other physicians' waiting requests for the graft are declined. */
async function declineCompetitors(ctx: StepContext): Promise<string[]> {
  const ids = await repo.competingRequests(ctx.trx, ctx.row.graftId, ctx.row.id);
  const declined: RequestState = 'declined';
  for (const id of ids) {
    const reason = `The graft was assigned to another request.`;
    await repo.moveRequest(ctx.trx, id, 'requested', {
      state: declined,
      reason,
      updatedAt: ctx.now.toISOString(),
    });
    await recordAudit(ctx.trx, {
      actorUserId: ctx.actorUserId,
      action: 'request.decline',
      targetType: 'graftRequest',
      targetId: id,
      before: { state: 'requested' },
      after: { state: declined, reason },
      ip: ctx.ip,
      at: ctx.now,
    });
  }
  return ids;
}

/**
 * Inside the caller's transaction: declines every open request (requested, reserved, confirmed) on
 * these grafts with `reason`, by the bank's decline step, each audited and its physician told. The
 * caller publishes `notified` and announces the requests (`announce`) after its commit.
 */
export async function declineOpenRequestsOn(
  trx: Executor,
  deps: Pick<RequestsDeps, 'mailer' | 'publicUrl'>,
  input: { graftIds: readonly string[]; reason: string; actorUserId: string | null; ip: string | null; now: Date },
): Promise<{ ids: string[]; notified: Notified }> {
  const ids: string[] = [];
  const notified: Notified = [];
  for (const open of await repo.openRequestsOnGrafts(trx, input.graftIds)) {
    const decision = decideRequestTransition(open.state, 'decline', 'bank');
    if (!decision.allowed) {
      continue;
    }
    const changes = { state: decision.to, reason: input.reason, deadline: null, updatedAt: input.now.toISOString() };
    if (!(await repo.moveRequest(trx, open.id, open.state, changes))) {
      throw conflict({ key: 'problem.requests.changedMeanwhile' });
    }
    await recordAudit(trx, {
      actorUserId: input.actorUserId,
      action: 'request.decline',
      targetType: 'graftRequest',
      targetId: open.id,
      before: { state: open.state },
      after: { state: decision.to, reason: input.reason },
      ip: input.ip,
      at: input.now,
    });
    notified.push(
      ...(await tellOfRequestState(trx, deps, (await repo.findRequest(trx, open.id))!, 'decline', input.now)),
    );
    ids.push(open.id);
  }
  return { ids, notified };
}
