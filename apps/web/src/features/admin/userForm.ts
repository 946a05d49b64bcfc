import {
  EMAIL_PATTERN,
  type AddUserRequest,
  type Language,
  type PatchUserRequest,
  type User,
} from '@graftmatch/domain';

export interface UserFormState {
  title: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  language: Language;
  /** null: the PIN goes to the e-mail address (the server's default), following it while it is typed. */
  twoFactorTarget: string | null;
  admin: boolean;
  audit: boolean;
  clinicIds: string[];
  euteIds: string[];
}

export type UserFormField = 'firstName' | 'lastName' | 'email' | 'twoFactorTarget';
export type UserFormErrors = Partial<Record<UserFormField, 'required' | 'email'>>;

export function newUserState(): UserFormState {
  return {
    title: '',
    firstName: '',
    lastName: '',
    email: '',
    phone: '',
    language: 'en',
    twoFactorTarget: null,
    admin: false,
    audit: false,
    clinicIds: [],
    euteIds: [],
  };
}

export function userState(user: User): UserFormState {
  return {
    title: user.title ?? '',
    firstName: user.firstName,
    lastName: user.lastName,
    email: user.email,
    phone: user.phone ?? '',
    language: user.language,
    twoFactorTarget: user.twoFactorTarget.toLowerCase() === user.email.toLowerCase() ? null : user.twoFactorTarget,
    admin: user.admin,
    audit: user.audit,
    clinicIds: user.clinics.map((clinic) => clinic.id),
    euteIds: user.eutes.map((eute) => eute.id),
  };
}

/** The two-factor target as shown and sent: the e-mail unless another address was entered. */
export function effectiveTwoFactorTarget(state: UserFormState): string {
  return (state.twoFactorTarget ?? state.email).trim();
}

const emailPattern = new RegExp(EMAIL_PATTERN);

export function userFormErrors(state: UserFormState): UserFormErrors {
  const errors: UserFormErrors = {};
  if (state.firstName.trim() === '') {
    errors.firstName = 'required';
  }
  if (state.lastName.trim() === '') {
    errors.lastName = 'required';
  }
  const email = state.email.trim();
  if (email === '') {
    errors.email = 'required';
  } else if (!emailPattern.test(email)) {
    errors.email = 'email';
  }
  if (state.twoFactorTarget !== null && !emailPattern.test(state.twoFactorTarget.trim())) {
    errors.twoFactorTarget = state.twoFactorTarget.trim() === '' ? 'required' : 'email';
  }
  return errors;
}

/**
 * Body of `POST /admin/users/add`. Memberships go as `{ id }` only; optional texts left empty are
 * left out (the server stores nothing), the two-factor target is always explicit.
 */
export function toAddRequest(state: UserFormState): AddUserRequest {
  const title = state.title.trim();
  const phone = state.phone.trim();
  return {
    ...(title ? { title } : {}),
    firstName: state.firstName.trim(),
    lastName: state.lastName.trim(),
    email: state.email.trim(),
    ...(phone ? { phone } : {}),
    language: state.language,
    twoFactorTarget: effectiveTwoFactorTarget(state),
    admin: state.admin,
    audit: state.audit,
    clinics: state.clinicIds.map((id) => ({ id })),
    eutes: state.euteIds.map((id) => ({ id })),
  };
}

/**
 * Body of `PATCH /admin/user`: every field of the form, so what the admin sees is what is stored.
 * Empty title and phone are sent as '' (the server clears them); memberships replace the old ones.
 */
export function toPatchRequest(id: string, state: UserFormState): PatchUserRequest {
  return {
    id,
    title: state.title.trim(),
    firstName: state.firstName.trim(),
    lastName: state.lastName.trim(),
    email: state.email.trim(),
    phone: state.phone.trim(),
    language: state.language,
    twoFactorTarget: effectiveTwoFactorTarget(state),
    admin: state.admin,
    audit: state.audit,
    clinics: state.clinicIds.map((clinicId) => ({ id: clinicId })),
    eutes: state.euteIds.map((euteId) => ({ id: euteId })),
  };
}

/**
 * Choices of a membership field: the active organisations (spec §3: only active ones are offered),
 * plus inactive ones the user already holds, marked, so editing does not silently drop them.
 */
export function membershipOptions(
  active: readonly { id: string; name: string }[],
  held: readonly { id: string; name: string }[],
  inactiveSuffix: string,
): { value: string; label: string }[] {
  const options = active.map((org) => ({ value: org.id, label: org.name }));
  for (const org of held) {
    if (!active.some((candidate) => candidate.id === org.id)) {
      options.push({ value: org.id, label: `${org.name} (${inactiveSuffix})` });
    }
  }
  return options;
}
