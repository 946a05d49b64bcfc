import { authorityLanguage, webPaths, type VigilanceReport, type VigilanceStage } from '@graftmatch/domain';
import type { Executor } from '../../db/executor';
import type { GraftRow } from '../../db/types';
import type { Mailer } from '../../mail/mailer';
import { authorityMail, quarantineMail } from '../../mail/templates/vigilance';
import { graftsChanged, type PushEnvelope } from '../../realtime/push-audience';
import type { PushPublisher } from '../../realtime/push-bus';
import { notify, type Notified } from '../notifications/notifications.service';
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

/** A clinic made or submitted a report: the bank's employees are notified in the same transaction. */
export async function tellOfReport(
  trx: Executor,
  report: VigilanceReport,
  euteId: string,
  what: 'created' | 'notified',
  at: Date,
): Promise<Notified> {
  const employees = await repo.employeesOf(trx, euteId);
  return notify(
    trx,
    employees.map((employee) => employee.id),
    {
      kind: 'vigilance',
      link: webPaths.vigilanceReport(report.id),
      payload: {
        id: report.id,
        lot: report.lot,
        state: report.state,
        clinic: report.clinicName,
        bank: report.bankName,
        message: what === 'created' ? `${report.kind} report started` : `${report.kind} notification submitted`,
      },
      at,
    },
  );
}

/**
 * In the quarantine's transaction: each active physician of `clinicIds` gets a notification and a
 * mail in their language naming the reported lot, the report and the lots taken out. The report's
 * own clinic is linked to the report; the others, who cannot read it, to their requests.
 */
export async function tellClinicsOfQuarantine(
  trx: Executor,
  deps: { mailer: Mailer; publicUrl: string },
  input: {
    report: VigilanceReport;
    reportClinicId: string | null;
    clinicIds: readonly string[];
    lots: string[];
    at: Date;
  },
): Promise<Notified> {
  const { report } = input;
  const notified: Notified = [];
  const physicians = await repo.physiciansOf(trx, input.clinicIds);
  const seen = new Set<string>();
  for (const physician of physicians) {
    if (seen.has(physician.id)) {
      continue;
    }
    seen.add(physician.id);
    const path =
      physician.clinicId === input.reportClinicId ? webPaths.vigilanceReport(report.id) : webPaths.clinicRequests;
    const content = quarantineMail(physician.language, {
      lot: report.lot,
      report: report.sar?.notification.reportIdentification ?? report.sae?.notification.reportIdentification ?? '',
      bank: report.bankName,
      lots: input.lots,
      link: `${deps.publicUrl}${path}`,
    });
    await deps.mailer.enqueue(trx, { kind: 'request', to: physician.email, ...content });
    notified.push(
      ...(await notify(trx, [physician.id], {
        kind: 'vigilance',
        link: path,
        payload: {
          id: report.id,
          lot: report.lot,
          state: 'quarantined',
          bank: report.bankName,
          message: content.subject,
        },
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
