import {
  countdownThreshold,
  DAY_MS,
  elapsedThreshold,
  FAILING_MAIL_MINUTES,
  fitsWaitingListEntry,
  isGraftTypeNumber,
  LAPSING_RESERVATION_BANK_HOURS,
  MIN_UNANSWERED_REQUEST_HOURS,
  parseReminderDays,
  repeatingReminder,
  RESERVATION_DEADLINE_PHYSICIAN_HOURS,
  shiftDate,
  UNANSWERED_REQUEST_HOURS,
  unansweredRequestHours,
  UNREPORTED_DELIVERY_EVERY_DAYS,
  UNREPORTED_DELIVERY_FIRST_DAYS,
  utcDate,
} from '@graftmatch/domain';
import { entryCriteria } from '../waitinglist/waitinglist.mapper';
import { deliverReminder, instantShownIn, type Reminder, type ReminderDeps } from './reminders.deliver';
import * as repo from './reminders.repository';

// The reminder jobs (docs/operations.md "Reminders", thresholds in docs/decisions.md
// "Reminders"). Each looks at the database's state now, so a run after a downtime catches up, and
// hands its reminders to `deliverReminder`, which sends each key once.

const HOUR_MS = 3_600_000;
const hoursBetween = (from: string | Date, to: Date) => (to.getTime() - new Date(from).getTime()) / HOUR_MS;
const daysBetween = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / DAY_MS);
const encode = (value: string) => encodeURIComponent(value);

/** The admins' own reminder mails: a failing one is not reported again (it would chase itself). */
export const ADMIN_REMINDER_JOB = 'admin-reminders';

/** Grafts expiring within a bank's thresholds, each with the open entries it fits: to the bank. */
export async function expiryReminders(deps: ReminderDeps): Promise<number> {
  const today = utcDate(deps.now());
  const employees = await repo.bankEmployees(deps.db);
  // Per graft type, so each graft checks only the entries of its type (thousands of grafts may
  // near expiry against a thousand entries).
  const entriesByType = new Map<number, Awaited<ReturnType<typeof repo.openEntries>>>();
  for (const entry of await repo.openEntries(deps.db, today)) {
    const ofType = entriesByType.get(entry.queryType) ?? [];
    ofType.push(entry);
    entriesByType.set(entry.queryType, ofType);
  }
  const reminders: Reminder[] = [];
  for (const bank of await repo.activeBanks(deps.db)) {
    const thresholds = parseReminderDays(bank.expiryReminderDays);
    const recipients = employees.get(bank.id) ?? [];
    if (thresholds.length === 0 || recipients.length === 0) {
      continue;
    }
    const until = shiftDate(today, Math.max(...thresholds));
    for (const graft of await repo.freeGraftsExpiring(deps.db, bank.id, today, until)) {
      const expiry = graft.expiryDate as string;
      const left = daysBetween(today, expiry);
      const threshold = countdownThreshold(left, thresholds);
      if (threshold === null || !isGraftTypeNumber(graft.tProdName2)) {
        continue;
      }
      const searchable = {
        t_ProdName_2: graft.tProdName2,
        t_Dproximal: graft.tDproximal,
        t_Lmax: graft.tLmax,
        t_Lleft: graft.tLleft,
        t_Lright: graft.tLright,
        expiry: { outValue: expiry },
      };
      const fitting = (entriesByType.get(graft.tProdName2) ?? []).filter((entry) => {
        const criteria = entryCriteria(entry);
        return criteria !== null && fitsWaitingListEntry(searchable, criteria);
      });
      const codes = fitting.map((entry) => entry.patientCode).join(', ');
      reminders.push({
        key: `expiry:${graft.id}:${expiry}:${threshold}d`,
        kind: 'graft-expiring',
        recipients,
        subject: graft.eLot,
        text: {
          en: `Graft ${graft.eLot} expires on ${expiry} (in ${left} days); ${
            fitting.length === 0
              ? 'no open waiting-list entry fits it'
              : `it fits ${fitting.length} open waiting-list entries: ${codes}`
          }.`,
          de: `Graft ${graft.eLot} läuft am ${expiry} ab (in ${left} Tagen); ${
            fitting.length === 0
              ? 'kein offener Wartelisteneintrag passt'
              : `er passt zu ${fitting.length} offenen Wartelisteneinträgen: ${codes}`
          }.`,
        },
        path: `/home/eute/donation/${encode(graft.eLot)}`,
      });
    }
  }
  return deliverReminder(
    deps,
    { job: 'expiry-reminders', title: { en: 'grafts expiring soon', de: 'bald ablaufende Grafts' } },
    reminders,
  );
}

/**
 * Requests and reservations: to the bank, requests unanswered for its hours (4 h and 24 h unless an
 * admin set others) and reservations lapsing within 4 h; to the physician, a reservation's deadline
 * within 4 h and 1 h.
 */
export async function requestReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const employees = await repo.bankEmployees(deps.db);
  const reminders: Reminder[] = [];
  // No bank's hours are fewer than the least an admin may set; each request then follows its bank's.
  const unanswered = await repo.unansweredRequests(
    deps.db,
    new Date(now.getTime() - MIN_UNANSWERED_REQUEST_HOURS * HOUR_MS).toISOString(),
  );
  for (const request of unanswered) {
    const { remind, escalate } = unansweredRequestHours({
      remind: request.unansweredReminderHours,
      escalate: request.unansweredEscalationHours,
    });
    const hours = elapsedThreshold(hoursBetween(request.createdAt, now), [remind, escalate]);
    const recipients = employees.get(request.euteId) ?? [];
    if (hours === null || recipients.length === 0) {
      continue;
    }
    // The key names the step by its default hours, as before banks had their own: a step already
    // sent is not sent again when an admin changes the bank's hours.
    const step = UNANSWERED_REQUEST_HOURS[hours === remind ? 0 : 1];
    reminders.push({
      key: `request-unanswered:${request.id}:${step}h`,
      kind: 'request-unanswered',
      recipients,
      subject: request.eLot,
      text: {
        en: `The request for graft ${request.eLot} has waited ${hours} ${hours === 1 ? 'hour' : 'hours'} for your answer.`,
        de: `Die Anfrage für Graft ${request.eLot} wartet seit ${hours} ${hours === 1 ? 'Stunde' : 'Stunden'} auf Ihre Antwort.`,
      },
      path: '/home/eute/requests',
    });
  }
  const hoursAhead = Math.max(...LAPSING_RESERVATION_BANK_HOURS, ...RESERVATION_DEADLINE_PHYSICIAN_HOURS);
  const ending = await repo.reservationsEnding(
    deps.db,
    now.toISOString(),
    new Date(now.getTime() + hoursAhead * HOUR_MS).toISOString(),
  );
  for (const reservation of ending) {
    const deadline = reservation.deadline as string;
    // Each side reads the deadline in its organisation's zone (docs/decisions.md "Time zones"); the key keeps the stored instant.
    const atBank = instantShownIn(deadline, reservation.bankTimeZone);
    const atClinic = instantShownIn(deadline, reservation.clinicTimeZone);
    const left = -hoursBetween(deadline, now);
    const bankHours = countdownThreshold(left, LAPSING_RESERVATION_BANK_HOURS);
    const bank = employees.get(reservation.euteId) ?? [];
    if (bankHours !== null && bank.length > 0) {
      reminders.push({
        key: `reservation-lapsing:${reservation.id}:${deadline}:${bankHours}h`,
        kind: 'reservation-lapsing',
        recipients: bank,
        subject: reservation.eLot,
        text: {
          en: `The reservation of graft ${reservation.eLot} lapses at ${atBank.en} unless the physician confirms it.`,
          de: `Die Reservierung von Graft ${reservation.eLot} verfällt am ${atBank.de}, wenn der Arzt sie nicht bestätigt.`,
        },
        path: '/home/eute/requests',
      });
    }
    const physicianHours = countdownThreshold(left, RESERVATION_DEADLINE_PHYSICIAN_HOURS);
    if (physicianHours !== null && reservation.requesterActive === 1) {
      reminders.push({
        key: `reservation-deadline:${reservation.id}:${deadline}:${physicianHours}h`,
        kind: 'reservation-deadline',
        recipients: [reservation],
        subject: reservation.eLot,
        text: {
          en: `Your reservation of graft ${reservation.eLot} ends at ${atClinic.en} (within ${physicianHours} ${physicianHours === 1 ? 'hour' : 'hours'}): confirm it, or it lapses.`,
          de: `Ihre Reservierung von Graft ${reservation.eLot} endet am ${atClinic.de} (in höchstens ${physicianHours} ${physicianHours === 1 ? 'Stunde' : 'Stunden'}): bestätigen Sie sie, sonst verfällt sie.`,
        },
        path: '/home/clinic/requests',
      });
    }
  }
  return deliverReminder(
    deps,
    { job: 'request-reminders', title: { en: 'requests and reservations', de: 'Anfragen und Reservierungen' } },
    reminders,
  );
}

/** Delivered grafts with no implantation or return after 14 days, then weekly: to the physician. */
export async function deliveryReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const deliveries = await repo.unreportedDeliveries(
    deps.db,
    new Date(now.getTime() - UNREPORTED_DELIVERY_FIRST_DAYS * DAY_MS).toISOString(),
  );
  const reminders: Reminder[] = [];
  for (const delivery of deliveries) {
    const days = (now.getTime() - Date.parse(delivery.updatedAt)) / DAY_MS;
    const round = repeatingReminder(days, UNREPORTED_DELIVERY_FIRST_DAYS, UNREPORTED_DELIVERY_EVERY_DAYS);
    if (round === null || delivery.requesterActive !== 1) {
      continue;
    }
    const since = Math.floor(days);
    reminders.push({
      key: `delivery-unreported:${delivery.id}:${round}`,
      kind: 'delivery-unreported',
      recipients: [delivery],
      subject: delivery.eLot,
      text: {
        en: `Graft ${delivery.eLot} was delivered ${since} days ago; please record its implantation or its return.`,
        de: `Graft ${delivery.eLot} wurde vor ${since} Tagen geliefert; bitte erfassen Sie die Implantation oder die Rückgabe.`,
      },
      path: '/home/clinic/requests',
    });
  }
  return deliverReminder(
    deps,
    { job: 'delivery-reminders', title: { en: 'deliveries to report', de: 'zu meldende Lieferungen' } },
    reminders,
  );
}

/** Open waiting-list entries whose implant window has passed: to the owner, to close or extend. */
export async function waitingListReminders(deps: ReminderDeps): Promise<number> {
  const today = utcDate(deps.now());
  const reminders: Reminder[] = (await repo.entriesPastTheirWindow(deps.db, today)).map((entry) => ({
    // The window's end is part of the key: an extended window that passes again is reminded again.
    key: `window-passed:${entry.id}:${entry.queryIMax}`,
    kind: 'window-passed',
    recipients: [entry],
    subject: entry.patientCode,
    text: {
      en: `The implant window of your waiting-list entry ${entry.patientCode} ended on ${entry.queryIMax}: close the entry or extend its window.`,
      de: `Das Implantationsfenster Ihres Wartelisteneintrags ${entry.patientCode} endete am ${entry.queryIMax}: schließen Sie den Eintrag oder verlängern Sie das Fenster.`,
    },
    path: `/home/clinic/waitinglist?entry=${encode(entry.id)}`,
  }));
  return deliverReminder(
    deps,
    { job: 'waiting-list-reminders', title: { en: 'waiting-list entries', de: 'Wartelisteneinträge' } },
    reminders,
  );
}

/** To the admins: banks without an import for their number of days, and mails failing for an hour. */
export async function adminReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const admins = await repo.activeAdmins(deps.db);
  if (admins.length === 0) {
    return 0;
  }
  const reminders: Reminder[] = [];
  const imports = await repo.lastImports(deps.db);
  for (const bank of await repo.activeBanks(deps.db)) {
    const last = imports.get(bank.id);
    const since = last ?? bank.createdAt;
    const days = Math.floor((now.getTime() - Date.parse(since)) / DAY_MS);
    if (days < bank.importSilenceDays) {
      continue;
    }
    reminders.push({
      key: `bank-silent:${bank.id}:${last ?? 'never'}`,
      kind: 'bank-silent',
      recipients: admins,
      subject: bank.name,
      text: {
        en: last
          ? `The tissue bank ${bank.name} has imported nothing for ${days} days (last import ${last.slice(0, 10)}).`
          : `The tissue bank ${bank.name} has imported nothing since it was added ${days} days ago.`,
        de: last
          ? `Die Gewebebank ${bank.name} hat seit ${days} Tagen nichts importiert (letzter Import ${last.slice(0, 10)}).`
          : `Die Gewebebank ${bank.name} hat seit ihrer Anlage vor ${days} Tagen nichts importiert.`,
      },
      path: '/home/admin/eutes',
    });
  }
  const mails = await repo.failingMails(deps.db, {
    queuedUntil: new Date(now.getTime() - FAILING_MAIL_MINUTES * 60_000).toISOString(),
    changedSince: new Date(now.getTime() - DAY_MS).toISOString(),
    ownReference: `reminders:${ADMIN_REMINDER_JOB}`,
  });
  for (const mail of mails) {
    reminders.push({
      key: `mail-failing:${mail.id}`,
      kind: 'mail-failing',
      recipients: admins,
      subject: mail.id,
      text: {
        en: `A ${mail.kind} mail to ${mail.recipient}, queued at ${mail.createdAt}, is ${mail.state === 'failed' ? 'failed' : 'still not delivered'}: ${mail.lastError ?? ''}`,
        de: `Eine ${mail.kind}-Mail an ${mail.recipient}, eingereiht am ${mail.createdAt}, ist ${mail.state === 'failed' ? 'gescheitert' : 'noch nicht zugestellt'}: ${mail.lastError ?? ''}`,
      },
      path: '/home/admin/mails',
    });
  }
  return deliverReminder(
    deps,
    { job: ADMIN_REMINDER_JOB, title: { en: 'for the admins', de: 'für die Administration' } },
    reminders,
  );
}
