import type { Executor } from '../../db/executor';
import { openStage, vigilanceReminderDue, webPaths } from '@graftmatch/domain';
import { deliverReminder, instantShownIn, type Reminder, type ReminderDeps } from '../reminders/reminders.deliver';
import * as repo from './vigilance.repository';

// The deadlines of vigilance reports (docs/decisions.md "Vigilance"): 2 hours before the open
// part's deadline and once it has passed, to the report's bank and its author, by push, notification
// and mail through the reminders' delivery, which sends each key once.

/** The `vigilance-reminders` job's run. */
export async function vigilanceReminders(deps: ReminderDeps): Promise<number> {
  const now = deps.now();
  const reminders: Reminder[] = [];
  for (const row of await repo.openReports(deps.db)) {
    const stage = openStage(row.state);
    if (stage === null) {
      continue;
    }
    const deadline = stage === 'notification' ? row.notificationDeadline : row.confirmationDeadline;
    const due = vigilanceReminderDue(deadline, now);
    if (due === null) {
      continue;
    }
    // Its bank's zone: the bank answers for the deadline, and its author is the bank's or a clinic near it.
    const when = instantShownIn(deadline, row.bankTimeZone);
    const part = {
      en: stage === 'notification' ? 'notification (part A)' : 'confirmation (part B)',
      de: stage === 'notification' ? 'Erstmeldung (Teil A)' : 'Bestätigung (Teil B)',
    };
    reminders.push({
      key: `vigilance:${row.id}:${stage}:${deadline}:${due}`,
      kind: `vigilance-${stage}`,
      recipients: await reminderRecipients(deps.db, row),
      subject: row.eLot,
      text:
        due === 'before'
          ? {
              en: `The ${part.en} of ${row.kind} report ${row.reference} on graft ${row.eLot} is due at ${when.en}.`,
              de: `Die ${part.de} der ${row.kind}-Meldung ${row.reference} zu Graft ${row.eLot} ist bis ${when.de} fällig.`,
            }
          : {
              en: `The ${part.en} of ${row.kind} report ${row.reference} on graft ${row.eLot} was due at ${when.en} and is overdue.`,
              de: `Die ${part.de} der ${row.kind}-Meldung ${row.reference} zu Graft ${row.eLot} war bis ${when.de} fällig und ist überfällig.`,
            },
      path: webPaths.vigilanceReport(row.id),
    });
  }
  return deliverReminder(
    deps,
    { job: 'vigilance-reminders', title: { en: 'vigilance deadlines', de: 'Vigilanz-Fristen' } },
    reminders,
  );
}

/** The report's bank employees and its author hear of a deadline (vigilance reminders). */
export async function reminderRecipients(executor: Executor, row: repo.ReportDetails) {
  const employees = await repo.employeesOf(executor, row.euteId);
  const author = row.createdBy ? await repo.activeUser(executor, row.createdBy) : undefined;
  const all = author && !employees.some((employee) => employee.id === author.id) ? [...employees, author] : employees;
  return all.map((user) => ({ userId: user.id, email: user.email, language: user.language }));
}
