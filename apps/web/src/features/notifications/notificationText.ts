import { type Notification } from '@graftmatch/domain';
import { showDateTime, showPatientCode } from '../../i18n/format';
import type { TFunction } from 'i18next';

const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const texts = (value: unknown): string[] => (Array.isArray(value) ? value.filter((v) => typeof v === 'string') : []);

const REQUEST_STATES_TOLD = new Set(['requested', 'reserved', 'confirmed', 'declined', 'delivered']);

/** What a notification says in the reader's language; a kind this client does not know says so generally. */
export function notificationText(t: TFunction, notification: Pick<Notification, 'kind' | 'payload'>): string {
  const { payload } = notification;
  switch (notification.kind) {
    case 'request': {
      const state = text(payload.state);
      // A state without a text of ours: the sentence the server wrote in the reader's language, if any.
      if (!REQUEST_STATES_TOLD.has(state) && text(payload.message)) {
        return text(payload.message);
      }
      const deadline = text(payload.deadline);
      return t(`notifications.kind.request.${REQUEST_STATES_TOLD.has(state) ? state : 'other'}`, {
        lot: text(payload.lot),
        bank: text(payload.bank),
        clinic: text(payload.clinic),
        deadline: deadline ? showDateTime(deadline) : '',
        state: t(`requests.state.${state}`, { defaultValue: state }),
      });
    }
    case 'match': {
      const patients = texts(payload.patientCodes).map(showPatientCode);
      if (payload.grafts) {
        return t('notifications.kind.matchMore', { count: payload.grafts, patients: patients.join(', ') });
      }
      return t('notifications.kind.match', {
        lot: text(payload.lot),
        count: patients.length,
        patients: patients.join(', '),
      });
    }
    case 'testAlert':
      return t('notifications.kind.testAlert', { message: text(payload.message) });
    case 'reminder':
      // The server writes a reminder's sentence in the reader's language.
      return t('notifications.kind.reminder', { subject: text(payload.message ?? payload.subject) });
    case 'import':
      return t('notifications.kind.import', {
        importer: text(payload.importer),
        bank: text(payload.bank),
        inserted: Number(payload.inserted ?? 0),
        updated: Number(payload.updated ?? 0),
        failed: Number(payload.failed ?? 0),
      });
    case 'vigilance':
      return t('notifications.kind.vigilance', { lot: text(payload.lot), message: text(payload.message) });
    default:
      return t('notifications.kind.other');
  }
}
