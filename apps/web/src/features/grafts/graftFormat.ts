import { graftTypeSlug, PATIENT_CODE_PLACEHOLDER, type Graft, type GraftTypeNumber } from '@graftmatch/domain';
import { notDocumented, showDate, showPatientCode } from '../../i18n/format';
import type { TFunction } from 'i18next';

/** A size in millimetres, or n.d. */
export function mm(value: number | null | undefined): string {
  return value === null || value === undefined ? notDocumented() : `${value} mm`;
}

/** A length range `min–max mm`; n.d. for a missing end. */
export function lengthRange(min: number | null, max: number | null): string {
  return min === null && max === null ? notDocumented() : `${min ?? notDocumented()}–${mm(max)}`;
}

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
