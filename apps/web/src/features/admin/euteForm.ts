import { EMAIL_PATTERN, type Eute, type PatchEuteRequest } from '@graftmatch/domain';

export const EUTE_FIELDS = [
  'name',
  'euteNumber',
  'address',
  'housenumber',
  'zipcode',
  'city',
  'country',
  'email',
  'phone',
] as const;
export type EuteField = (typeof EUTE_FIELDS)[number];
export type EuteFormState = Record<EuteField, string>;

export function euteState(eute: Eute): EuteFormState {
  return Object.fromEntries(EUTE_FIELDS.map((field) => [field, eute[field] ?? ''])) as EuteFormState;
}

export function euteFormErrors(
  state: EuteFormState,
  eute: Eute,
): Partial<Record<EuteField, 'required' | 'email' | 'emailKept'>> {
  const errors: Partial<Record<EuteField, 'required' | 'email' | 'emailKept'>> = {};
  if (state.name.trim() === '') {
    errors.name = 'required';
  }
  const email = state.email.trim();
  if (email !== '' && !new RegExp(EMAIL_PATTERN).test(email)) {
    errors.email = 'email';
  } else if (email === '' && (eute.email ?? '') !== '') {
    // The API's e-mail must be an address; it cannot clear it like the other texts.
    errors.email = 'emailKept';
  }
  return errors;
}

/** Only the fields that changed; an emptied optional text is sent as '' (the server clears it). */
export function toEutePatch(state: EuteFormState, eute: Eute): PatchEuteRequest {
  const patch: Record<string, string> = {};
  for (const field of EUTE_FIELDS) {
    const value = state[field].trim();
    if (value !== (eute[field] ?? '').trim()) {
      patch[field] = value;
    }
  }
  return patch as PatchEuteRequest;
}
