import {
  FOLLOW_UP_WINDOW_DAYS,
  followUpReminderStep,
  localDay,
  shiftDate,
  translate,
  utcDate,
  webPaths,
  type FollowUpReminderStep,
  type Language,
} from '@graftmatch/domain';
import {
  deliverReminder,
  type Reminder,
  type ReminderDeps,
  type ReminderRecipient,
} from '../reminders/reminders.deliver';
import * as repo from './followups.repository';

// The follow-up reminders (docs/decisions.md "Follow-ups"): a scheduled visit is reminded when its
// window opens (14 days before its due day) and once more when it is overdue, each on its clinic's
// local day, through the reminders' delivery, which sends each key once however many instances run
// the job. Per graft only its latest visit due or overdue is reminded; older ones stay listed.

type OpenVisit = Awaited<ReturnType<typeof repo.openVisitsDueBy>>[number];

/** The visit as the reminder names it: "The 30-day follow-up", "The 2-year follow-up". */
function visitWords(visit: string, language: Language): string {
  const years = /^P(\d+)Y$/.exec(visit)?.[1];
  return years === undefined
    ? translate(language, 'followUpReminder.visit30Days')
    : translate(language, 'followUpReminder.visitYears', { count: Number(years) });
}

/**
 * Who hears of a graft's follow-up: the physician who requested the graft while they are an active
 * physician of the clinic; otherwise (an implantation its bank recorded, a requester gone) every
 * active physician of the clinic.
 */
function recipientsOf(visit: OpenVisit, physicians: Map<string, ReminderRecipient[]>): ReminderRecipient[] {
  const ofClinic = physicians.get(visit.clinicId) ?? [];
  const requester = ofClinic.filter((physician) => physician.userId === visit.requesterUserId);
  return requester.length > 0 ? requester : ofClinic;
}

/** Each graft's latest visit that is due or overdue on its clinic's day, with that step. */
function latestPerGraft(visits: readonly OpenVisit[], now: Date) {
  const days = new Map<string, string>();
  const today = (zone: string) => days.get(zone) ?? days.set(zone, localDay(now, zone)).get(zone)!;
  const latest = new Map<string, { visit: OpenVisit; step: FollowUpReminderStep }>();
  for (const visit of visits) {
    const step = followUpReminderStep(visit, today(visit.clinicTimeZone));
    const known = latest.get(visit.graftId);
    if (step !== null && (!known || visit.dueOn! > known.visit.dueOn!)) {
      latest.set(visit.graftId, { visit, step });
    }
  }
  return [...latest.values()];
}

/** The `followup-reminders` job's run. */
export async function followUpReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  // No clinic's day is more than a day after UTC's: this bounds every window open today.
  const visits = await repo.openVisitsDueBy(deps.db, shiftDate(utcDate(now), FOLLOW_UP_WINDOW_DAYS + 1));
  const due = latestPerGraft(visits, now);
  const physicians = new Map<string, ReminderRecipient[]>();
  for (const physician of await repo.activePhysiciansOf(deps.db, [
    ...new Set(due.map(({ visit }) => visit.clinicId)),
  ])) {
    physicians.set(physician.clinicId, [...(physicians.get(physician.clinicId) ?? []), physician]);
  }
  const reminders: Reminder[] = [];
  for (const { visit, step } of due) {
    const recipients = recipientsOf(visit, physicians);
    if (recipients.length === 0) {
      continue;
    }
    const words = (language: Language) =>
      translate(language, step === 'due' ? 'followUpReminder.due' : 'followUpReminder.overdue', {
        visit: visitWords(visit.visit!, language),
        lot: visit.eLot,
        implantedOn: visit.implantedOn,
        dueOn: visit.dueOn!,
      });
    reminders.push({
      // The due day is in the key: a visit moved by a corrected implantation is reminded anew.
      key: `followup-${step}:${visit.id}:${visit.dueOn}`,
      kind: `followup-${step}`,
      recipients,
      subject: visit.eLot,
      text: { en: words('en'), de: words('de') },
      path: webPaths.clinicFollowUps({ lot: visit.eLot }),
    });
  }
  return deliverReminder(
    deps,
    {
      job: 'followup-reminders',
      title: { en: translate('en', 'followUpReminder.title'), de: translate('de', 'followUpReminder.title') },
    },
    reminders,
  );
}
