import type {
  SaeConfirmation,
  SaeNotification,
  SarConfirmation,
  SarNotification,
  VigilanceReport,
} from '@graftmatch/domain';
import type { ReportDetails } from './vigilance.repository';

/** A report row as the wire VigilanceReport: part A and part B under the report's kind. */
export function reportToWire(row: ReportDetails): VigilanceReport {
  const notification = JSON.parse(row.notification) as Record<string, unknown>;
  const confirmation = JSON.parse(row.confirmation) as Record<string, unknown>;
  return {
    id: row.id,
    kind: row.kind,
    state: row.state,
    lot: row.eLot,
    bankId: row.euteId,
    bankName: row.euteName,
    clinicName: row.cName,
    discoveredAt: row.discoveredAt,
    notificationDeadline: row.notificationDeadline,
    confirmationDeadline: row.confirmationDeadline,
    notifiedAt: row.notifiedAt,
    confirmedAt: row.confirmedAt,
    quarantine:
      row.quarantinedAt === null
        ? null
        : {
            since: row.quarantinedAt,
            lots: JSON.parse(row.quarantineLots ?? '[]') as string[],
            liftedAt: row.quarantineLiftedAt,
            liftReason: row.quarantineLiftReason,
          },
    sar:
      row.kind === 'SAR'
        ? {
            notification: notification as SarNotification,
            confirmation: confirmation as SarConfirmation,
          }
        : null,
    sae:
      row.kind === 'SAE'
        ? {
            notification: notification as SaeNotification,
            confirmation: confirmation as SaeConfirmation,
          }
        : null,
    createdAt: row.createdAt,
    updatedAt: row.updatedAt,
  };
}
