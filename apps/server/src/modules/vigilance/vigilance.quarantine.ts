import {
  donationIdentification,
  graftWhereabouts,
  ListStatus,
  StepStatus,
  utcDate,
  type Lookback,
  type VigilanceReport,
} from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import { conflict } from '../../http/problem';
import type { Actor } from '../../identity/actor';
import { notifySubscribers } from '../fhirsubscriptions/subscriptions.events';
import { recordAudit } from '../audit/audit.service';
import type { Principal } from '../../identity/principal';
import { effectiveListStatus } from '../grafts/grafts.mapper';
import { publishNotified, type Notified } from '../notifications/notifications.service';
import { announce, declineOpenRequestsOn } from '../requests/requests.service';
import { reportToWire } from './vigilance.mapper';
import { announceQuarantine, tellClinicsOfQuarantine, vigilanceChanged } from './vigilance.notify';
import { requireBank, sideOf } from './vigilance.policy';
import * as repo from './vigilance.repository';
import { changeReport } from './vigilance.change';
import type { VigilanceDeps } from './vigilance.deps';

// The look-back over a report's donation and the quarantine of its free and reserved grafts, decided
// on the locked report (docs/decisions.md "Quarantine").

/** The listed grafts of the report's donation; only the reported graft when its SEC names none. */
async function donationGrafts(executor: Executor, row: repo.ReportDetails) {
  const donation = donationIdentification(row.xSec);
  if (donation === null) {
    return { donation, grafts: await repo.graftsByIds(executor, [row.graftId]) };
  }
  return { donation, grafts: await repo.graftsOfDonation(executor, donation) };
}

/** `GET .../lookback`: every graft of the donation and where it is now. */
export async function lookback(deps: VigilanceDeps, principal: Principal | null, id: string): Promise<Lookback> {
  const found = await repo.findReport(deps.db, id);
  const side = sideOf(principal, found);
  const row = found!;
  const today = utcDate(deps.now());
  const { donation, grafts } = await donationGrafts(deps.db, row);
  const requests = await repo.openRequestsOf(
    deps.db,
    grafts.map((graft) => graft.id),
  );
  const banks = new Map(
    (await repo.bankNames(deps.db, [...new Set(grafts.map((graft) => graft.euteId))])).map((bank) => [
      bank.id,
      bank.name,
    ]),
  );
  const caller = principal!;
  return {
    donationIdentification: donation,
    grafts: grafts.map((graft) => {
      const holder = requests.find((request) => request.graftId === graft.id && repo.isHolding(request.state));
      const clinicId = graft.clinicId ?? holder?.clinicId ?? null;
      const clinicName = graft.cName ?? holder?.cName ?? null;
      // A physician sees where grafts are in their own clinics only; elsewhere the place stays unnamed.
      const named = side !== 'clinic' || (clinicId !== null && caller.clinicIds.includes(clinicId));
      return {
        lot: graft.eLot,
        singleEuropeanCode: graft.xSec,
        bankName: banks.get(graft.euteId) ?? '',
        whereabouts: graftWhereabouts({
          listStatus: effectiveListStatus(graft, today),
          quarantined: graft.quarantined === 1,
          held: holder !== undefined,
          deliveryStatus: graft.deliveryStatus,
          implantationStatus: graft.implantationStatus,
        }),
        clinicName: named ? clinicName : null,
        implantedOn: graft.implantationStatus === StepStatus.Done ? (graft.implantationOut ?? null) : null,
        quarantined: graft.quarantined === 1,
        reported: graft.id === row.graftId,
      };
    }),
  };
}

/**
 * `POST .../quarantine`, by the report's bank, in one transaction: the donation's Free and
 * reserved grafts leave search and matching, each recording the report, open requests on them are
 * declined with the report as reason, and the physicians of the clinics that hold, implanted or
 * reserved grafts of the donation are told by notification and mail. Whether a quarantine is in
 * force is read on the locked report inside the transaction, so of two at once one answers 409.
 */
export async function quarantine(deps: VigilanceDeps, actor: Actor, id: string): Promise<VigilanceReport> {
  const found = await repo.findReport(deps.db, id);
  requireBank(sideOf(actor.principal, found), 'bankQuarantines');
  const row = found!;
  const now = deps.now();
  const today = utcDate(now);
  const userId = actor.principal!.userId;
  const reason = `Quarantined after vigilance report ${row.reference} on graft ${row.eLot}.`;
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockQuarantine(trx, id);
    if (!current || (current.quarantinedAt !== null && current.quarantineLiftedAt === null)) {
      throw conflict({ key: 'problem.vigilance.alreadyQuarantined' });
    }
    const { grafts } = await donationGrafts(trx, row);
    // Free ones, reserved ones included: assigned, delivered and implanted grafts stay where they are.
    const taken = grafts.filter(
      (graft) => graft.quarantined === 0 && effectiveListStatus(graft, today) === ListStatus.Free,
    );
    const open = await repo.openRequestsOf(
      trx,
      grafts.map((graft) => graft.id),
    );
    await repo.quarantineGrafts(
      trx,
      taken.map((graft) => graft.id),
      id,
      now.toISOString(),
    );
    const declined = await declineOpenRequestsOn(trx, deps, {
      graftIds: taken.map((graft) => graft.id),
      reason,
      actorUserId: userId,
      ip: actor.ip,
      now,
    });
    // After the declines, as a request's step does: requests are locked before subscriptions.
    for (const graft of taken) {
      await notifySubscribers(trx, deps.mailer, {
        trigger: 'quarantined',
        graftId: graft.id,
        euteId: graft.euteId,
        clinicId: graft.clinicId,
        at: now,
      });
    }
    const lots = taken.map((graft) => graft.eLot);
    await changeReport(trx, current, {
      quarantinedAt: now.toISOString(),
      quarantineLots: JSON.stringify(lots),
      quarantineLiftedAt: null,
      quarantineLiftReason: null,
      updatedAt: now.toISOString(),
    });
    await recordAudit(trx, {
      actorUserId: userId,
      action: 'vigilance.quarantine',
      targetType: 'vigilanceReport',
      targetId: id,
      after: { lots, declinedRequests: declined.ids, reason },
      ip: actor.ip,
      at: now,
    });
    // The clinics that hold or implanted grafts of the donation, and those a request held one for.
    const clinicIds = [
      ...new Set([
        ...grafts.flatMap((graft) => (graft.clinicId ? [graft.clinicId] : [])),
        ...open.filter((request) => repo.isHolding(request.state)).map((request) => request.clinicId),
      ]),
    ];
    const wire = reportToWire((await repo.findReport(trx, id))!);
    const told = await tellClinicsOfQuarantine(trx, deps, {
      report: wire,
      reportClinicId: row.clinicId,
      clinicIds,
      lots,
      at: now,
    });
    return { wire, taken, declined, notified: [...declined.notified, ...told] as Notified };
  });
  deps.mailer.wake();
  publishNotified(deps.push, outcome.notified);
  await announce(deps, outcome.declined.ids, false);
  announceQuarantine(deps.push, outcome.taken);
  deps.push.publish(vigilanceChanged(outcome.wire, row.euteId, row.clinicId));
  return outcome.wire;
}

/**
 * `POST .../lift-quarantine`, by the report's bank, with a reason: the grafts the report's
 * quarantine holds (as each graft records, whatever the report's list says) return to search.
 * Decided on the locked report, as the quarantine is.
 */
export async function liftQuarantine(
  deps: VigilanceDeps,
  actor: Actor,
  id: string,
  reason: string,
): Promise<VigilanceReport> {
  const found = await repo.findReport(deps.db, id);
  requireBank(sideOf(actor.principal, found), 'bankLifts');
  const row = found!;
  const now = deps.now();
  const outcome = await deps.db.transaction().execute(async (trx) => {
    const current = await repo.lockQuarantine(trx, id);
    if (!current || current.quarantinedAt === null || current.quarantineLiftedAt !== null) {
      throw conflict({ key: 'problem.vigilance.noQuarantine' });
    }
    const released = await repo.graftsQuarantinedBy(trx, id);
    await repo.releaseGrafts(
      trx,
      released.map((graft) => graft.id),
      now.toISOString(),
    );
    await changeReport(trx, current, {
      quarantineLiftedAt: now.toISOString(),
      quarantineLiftReason: reason,
      updatedAt: now.toISOString(),
    });
    await recordAudit(trx, {
      actorUserId: actor.principal!.userId,
      action: 'vigilance.lift',
      targetType: 'vigilanceReport',
      targetId: id,
      before: { lots: JSON.parse(current.quarantineLots ?? '[]') as string[] },
      after: { released: released.map((graft) => graft.eLot), reason },
      ip: actor.ip,
      at: now,
    });
    return { wire: reportToWire((await repo.findReport(trx, id))!), released };
  });
  announceQuarantine(deps.push, outcome.released);
  deps.push.publish(vigilanceChanged(outcome.wire, row.euteId, row.clinicId));
  return outcome.wire;
}
