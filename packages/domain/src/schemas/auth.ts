import { Type, type Static } from '@sinclair/typebox';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PIN_LENGTH } from '../constants/password-policy';
import { Email } from './common';

/** A new password; length only, no composition rules (docs/decisions.md §7). */
const NewPassword = Type.String({ minLength: PASSWORD_MIN_LENGTH, maxLength: PASSWORD_MAX_LENGTH });

/** Answer of `POST /auth/twofactor` and `GET /auth/refresh`. */
export const SessionTokens = Type.Object({
  access_Token: Type.String(),
  refresh_Token: Type.String(),
});
export type SessionTokens = Static<typeof SessionTokens>;

/** Answer of `GET /auth/login`: the second step's token, the PIN's id and the masked mail target. */
export const TwoFactorSchema = Type.Object({
  twoFactor_Token: Type.String(),
  twoFactorId: Type.String(),
  twoFactorTarget: Type.String({ examples: ['d***@clinic.example'] }),
});
export type TwoFactorSchema = Static<typeof TwoFactorSchema>;

/** Body of `POST /auth/twofactor`: the two-factor id and the mailed PIN. */
export const TwoFactorRequest = Type.Object(
  {
    passwordid: Type.String({ minLength: 1 }),
    password: Type.String({ pattern: `^\\d{${PIN_LENGTH}}$` }),
  },
  { additionalProperties: false },
);
export type TwoFactorRequest = Static<typeof TwoFactorRequest>;

/** Body of `POST /auth/recoveryrequest`. */
export const RecoveryRequest = Type.Object({ email: Email }, { additionalProperties: false });
export type RecoveryRequest = Static<typeof RecoveryRequest>;

/** Body of `POST /auth/recovery/{token}`. */
export const RecoverPasswordRequest = Type.Object({ password: NewPassword }, { additionalProperties: false });
export type RecoverPasswordRequest = Static<typeof RecoverPasswordRequest>;

/** Body of `POST /users/resetpassword`. The old one is only checked, so any length is accepted. */
export const ResetPasswordRequest = Type.Object(
  {
    oldPassword: Type.String({ minLength: 1, maxLength: PASSWORD_MAX_LENGTH }),
    newPassword: NewPassword,
  },
  { additionalProperties: false },
);
export type ResetPasswordRequest = Static<typeof ResetPasswordRequest>;
