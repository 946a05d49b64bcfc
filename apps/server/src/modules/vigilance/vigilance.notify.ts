import { authorityLanguage, webPaths, type VigilanceReport, type VigilanceStage } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { GraftRow } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { authorityMail, quarantineMail } from '../../mail/templates/vigilance';
import { graftsChanged, type PushEnvelope } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import { notify, type Notified } from '../notifications/notifications.service';
import { sendAlert, type AlertDeps, type AlertRecipient } from '../alerts/alerts.deliver';
import * as repo from './vigilance.repository';

// Who hears of a vigilance report (docs/api.md "Vigilance"): its bank and its clinic live by push;
// the bank's employees by notification when a clinic reports; the clinics that hold, implanted or
// reserved grafts of the donation by notification and mail when its grafts are quarantined; the
// bank's competent authority, when the bank names one, by mail with each submitted part's PDF.

/** `vigilanceChanged`: the report's bank, its clinic, and auditors re-fetch. */
export function vigilanceChanged(report: VigilanceReport, euteId: string, clinicId: string | null): PushEnvelope {
  return {
    message: { event: 'vigilanceChanged', args: [{ id: report.id, lot: report.lot, state: report.state }] },
    audience: { euteIds: [euteId], clinicIds: clinicId ? [clinicId] : [], auditors: true },
  };
}

/** Those who saw the grafts while Free (every physician) re-fetch: they left or rejoin the search. */
export function announceQuarantine(push: PushPublisher, grafts: readonly GraftRow[]): void {
  if (grafts.length > 0) {
    push.publish(
      graftsChanged(
        grafts.map((graft) => ({ lot: graft.eLot, euteId: graft.euteId, clinicId: graft.clinicId, free: true })),
      ),
    );
  }
}

const toRecipients = (users: readonly { id: string; email: string; language: 'en' | 'de' }[]): AlertRecipient[] =>
  users.map((user) => ({ userId: user.id, email: user.email, language: user.language }));

const PART_WORDS = {
  notification: { en: 'notification', de: 'Meldung' },
  confirmation: { en: 'confirmation', de: 'Bestätigung' },
} as const;

/**
 * A clinic started a report (the bank's employees see it in the centre) or submitted its
 * notification or confirmation (a vigilance alert with its clock: docs/api.md "Alerts").
 */
export async function tellOfReport(
  trx: Executor,
  deps: AlertDeps,
  report: VigilanceReport,
  euteId: string,
  what: 'created' | VigilanceStage,
  at: Date,
): Promise<Notified> {
  const employees = await repo.employeesOf(trx, euteId);
  const payload = {
    id: report.id,
    lot: report.lot,
    state: report.state,
    clinic: report.clinicName,
    bank: report.bankName,
  };
  const path = webPaths.vigilanceReport(report.id);
  if (what === 'created') {
    return notify(
      trx,
      employees.map((employee) => employee.id),
      { kind: 'vigilance', link: path, payload: { ...payload, message: `${report.kind} report started` }, at },
    );
  }
  const part = PART_WORDS[what];
  return sendAlert(trx, deps, toRecipients(employees), {
    event: 'vigilance',
    kind: 'vigilance',
    payload,
    path,
    object: report.id,
    words: {
      en: {
        title: `${report.kind} ${part.en} submitted`,
        body: `${report.clinicName} submitted the ${report.kind} ${part.en} on lot ${report.lot}. Please review it and act within its deadline.`,
      },
      de: {
        title: `${report.kind}-${part.de} eingereicht`,
        body: `${report.clinicName} hat die ${report.kind}-${part.de} zu Lot ${report.lot} eingereicht. Bitte prüfen und fristgerecht handeln.`,
      },
    },
    at,
  });
}

/**
 * In the quarantine's transaction: each active physician of `clinicIds` is alerted in their
 * language, naming the reported lot, the report and the lots taken out. The report's own clinic
 * is linked to the report; the others, who cannot read it, to their requests.
 */
export async function tellClinicsOfQuarantine(
  trx: Executor,
  deps: AlertDeps,
  input: {
    report: VigilanceReport;
    reportClinicId: string | null;
    clinicIds: readonly string[];
    lots: string[];
    at: Date;
  },
): Promise<Notified> {
  const { report } = input;
  const physicians = await repo.physiciansOf(trx, input.clinicIds);
  const notified: Notified = [];
  for (const ownClinic of [true, false]) {
    const told = physicians.filter((physician) => (physician.clinicId === input.reportClinicId) === ownClinic);
    const path = ownClinic ? webPaths.vigilanceReport(report.id) : webPaths.clinicRequests;
    const mailOf = (language: 'en' | 'de', link: string) =>
      quarantineMail(language, {
        lot: report.lot,
        report: report.sar?.notification.reportIdentification ?? report.sae?.notification.reportIdentification ?? '',
        bank: report.bankName,
        lots: input.lots,
        link,
      });
    const lots = input.lots.join(', ');
    notified.push(
      ...(await sendAlert(trx, deps, toRecipients(told), {
        event: 'vigilance',
        kind: 'vigilance',
        payload: { id: report.id, lot: report.lot, state: 'quarantined', bank: report.bankName },
        path,
        object: report.id,
        words: {
          en: {
            title: 'Grafts quarantined',
            body: `${report.bankName} quarantined lots ${lots} after a vigilance report on lot ${report.lot}. Do not implant them.`,
          },
          de: {
            title: 'Grafts in Quarantäne',
            body: `${report.bankName} hat die Lots ${lots} nach einer Vigilanzmeldung zu Lot ${report.lot} gesperrt. Nicht implantieren.`,
          },
        },
        mail: mailOf,
        at: input.at,
      })),
    );
  }
  return notified;
}

/**
 * In the submission's transaction: the submitted part goes to the bank's competent authority, if
 * the bank names one, with the part's filed PDF attached (read from the file store when sent).
 */
export async function tellAuthority(
  trx: Executor,
  deps: { mailer: Mailer },
  input: {
    row: repo.ReportDetails;
    stage: VigilanceStage;
    notification: Record<string, unknown>;
    file: { fileName: string; storageKey: string };
  },
): Promise<void> {
  const { row, notification } = input;
  const bank = await repo.authorityOf(trx, row.euteId);
  if (!bank?.competentAuthorityEmail) {
    return;
  }
  const content = authorityMail(authorityLanguage(bank), {
    kind: row.kind,
    part: input.stage,
    report: row.reference,
    lot: row.eLot,
    bank: row.euteName,
    euTeCode: typeof notification.euTeCode === 'string' ? notification.euTeCode : bank.euteNumber,
    singleEuropeanCode: row.xSec,
  });
  await deps.mailer.enqueue(trx, {
    kind: 'authority',
    to: bank.competentAuthorityEmail,
    reference: row.id,
    ...content,
    attachments: [{ fileName: input.file.fileName, contentType: 'application/pdf', storageKey: input.file.storageKey }],
  });
}
