import type {
  RecoverPasswordRequest,
  RecoveryRequest,
  ResetPasswordRequest,
  SessionTokens,
  TwoFactorRequest,
  TwoFactorSchema,
  User,
} from '@graftmatch/domain';
import { apiRequest } from '../../api/client';
import { setAccessToken } from '../../api/session';

/** Step one: the password; the server mails a PIN and answers the second step's token. */
export function login(username: string, password: string): Promise<TwoFactorSchema> {
  return apiRequest<TwoFactorSchema>('/auth/login', { auth: { kind: 'basic', username, password } });
}

/** Step two: the PIN. The refresh token arrives as an HttpOnly cookie; the access token stays in memory. */
export async function confirmPin(schema: TwoFactorSchema, pin: string): Promise<void> {
  const body: TwoFactorRequest = { passwordid: schema.twoFactorId, password: pin };
  const tokens = await apiRequest<SessionTokens>('/auth/twofactor', {
    method: 'POST',
    body,
    auth: { kind: 'bearer', token: schema.twoFactor_Token },
  });
  setAccessToken(tokens.access_Token);
}

/** Sends a fresh PIN; the old one is void and the answer is the new two-factor schema. */
export function resendPin(schema: TwoFactorSchema): Promise<TwoFactorSchema> {
  return apiRequest<TwoFactorSchema>('/auth/twofactorreset', {
    auth: { kind: 'bearer', token: schema.twoFactor_Token },
  });
}

export function getMyUser(): Promise<User> {
  return apiRequest<User>('/users/getmyuser');
}

export function logout(): Promise<void> {
  return apiRequest<void>('/users/logout');
}

export function changePassword(body: ResetPasswordRequest): Promise<void> {
  return apiRequest<void>('/users/resetpassword', { method: 'POST', body });
}

export function requestRecovery(body: RecoveryRequest): Promise<void> {
  return apiRequest<void>('/auth/recoveryrequest', { method: 'POST', body, auth: { kind: 'none' } });
}

export function recoverPassword(token: string, body: RecoverPasswordRequest): Promise<void> {
  return apiRequest<void>(`/auth/recovery/${encodeURIComponent(token)}`, {
    method: 'POST',
    body,
    auth: { kind: 'none' },
  });
}
