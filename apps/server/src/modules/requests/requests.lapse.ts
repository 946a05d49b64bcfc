import { isGraftTypeNumber, utcDate } from '@graftmatch/domain';
import { ProblemError } from '../../http/problem';
import { isOpenOn } from '../grafts/grafts.mapper';
import { sendMatchAlerts } from '../waitinglist/waitinglist.alerts';
import * as repo from './requests.repository';
import { runStep, type RequestsDeps } from './requests.service';

// Reservations lapse by themselves at their deadline (docs/decisions.md, "Graft requests"). The
// job keeps no state of its own: it looks for overdue reservations in the database when the
// server starts and every minute (the `request-lapse` job, src/jobs/jobs.ts), so a restart loses
// nothing; each lapse is a conditional update (still reserved, deadline passed), so when several
// instances race, one wins and the others skip.

export const LAPSE_INTERVAL_MS = 60_000;

/** Lapses every overdue reservation and alerts the entries that fit the graft again. Answers how many lapsed. */
export async function lapseOverdueReservations(deps: RequestsDeps): Promise<number> {
  const now = deps.now();
  const freed = [];
  for (const id of await repo.overdueReservations(deps.db, now.toISOString())) {
    try {
      const { row } = await runStep(deps, {
        id,
        side: 'system',
        action: 'lapse',
        input: {},
        actorUserId: null,
        ip: null,
        // A lapse files no document.
        language: 'en',
      });
      freed.push(row.graftId);
    } catch (error) {
      // 409: another instance lapsed it first, or it was answered at the last moment.
      if (!(error instanceof ProblemError && error.status === 409)) {
        throw error;
      }
    }
  }
  const today = utcDate(now);
  const grafts = await Promise.all([...new Set(freed)].map((graftId) => repo.findGraftById(deps.db, graftId)));
  const free = grafts.filter((graft) => isOpenOn(graft, today));
  await sendMatchAlerts(
    deps,
    free.flatMap((graft) =>
      isGraftTypeNumber(graft.tProdName2)
        ? [
            {
              e_Lot: graft.eLot,
              t_ProdName_2: graft.tProdName2,
              t_Dproximal: graft.tDproximal,
              t_Lmax: graft.tLmax,
              t_Lleft: graft.tLleft,
              t_Lright: graft.tLright,
              expiry: { outValue: graft.expiryDate },
            },
          ]
        : [],
    ),
    today,
  );
  return freed.length;
}
