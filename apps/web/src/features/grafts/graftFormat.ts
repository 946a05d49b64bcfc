import { graftTypeSlug, PATIENT_CODE_PLACEHOLDER, type Graft, type GraftTypeNumber } from '@graftmatch/domain';
import { showDate, showMillimetreRange, showMillimetres, showPatientCode } from '../../i18n/format';
import type { TFunction } from 'i18next';

/** A graft's size in millimetres in the reader's language, or n.d. */
export const mm = showMillimetres;

/** A graft's usable length range, `min–max mm`; n.d. for a missing end. */
export const lengthRange = showMillimetreRange;

export function typeLabel(t: TFunction, type: GraftTypeNumber): string {
  return t(`graftTypes.${graftTypeSlug(type)}`);
}

/** The expiry step's date (its outValue), for display. */
export function expiryDate(graft: Graft): string {
  return showDate(graft.expiry.outValue);
}

/** A waiting-list entry's patient: its code, or "not known yet" in words for the explicit placeholder. */
export function patientText(t: TFunction, code: string): string {
  return code === PATIENT_CODE_PLACEHOLDER ? t('patientCode.notKnownYetShort') : showPatientCode(code);
}
