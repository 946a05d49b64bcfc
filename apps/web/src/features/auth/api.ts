import type {
  MailState,
  RecoverPasswordRequest,
  RecoveryRequest,
  ResetPasswordRequest,
  TwoFactorSchema,
  User,
} from '@graftmatch/domain';
import { call } from '../../api/call';
import { noteSessionEnd, setAccessToken } from '../../api/session';

/** Step one: the password; the server mails a PIN and answers the second step's token. */
export function login(username: string, password: string): Promise<TwoFactorSchema> {
  return call('GET /auth/login', { auth: { kind: 'basic', username, password } });
}

/** Step two: the PIN. The refresh token arrives as an HttpOnly cookie; the access token stays in memory. */
export async function confirmPin(schema: TwoFactorSchema, pin: string): Promise<void> {
  const tokens = await call('POST /auth/twofactor', {
    body: { passwordid: schema.twoFactorId, password: pin },
    auth: { kind: 'bearer', token: schema.twoFactor_Token },
  });
  setAccessToken(tokens.access_Token);
  noteSessionEnd(tokens.refresh_Token);
}

/** Sends a fresh PIN; the old one is void and the answer is the new two-factor schema. */
export function resendPin(schema: TwoFactorSchema): Promise<TwoFactorSchema> {
  return call('GET /auth/twofactorreset', { auth: { kind: 'bearer', token: schema.twoFactor_Token } });
}

/** Whether the mail server took this login's PIN mail (`failed`: not taken so far). */
export async function pinMailState(schema: TwoFactorSchema): Promise<MailState> {
  const answer = await call('GET /auth/twofactor/status', { auth: { kind: 'bearer', token: schema.twoFactor_Token } });
  return answer.mail;
}

export function getMyUser(): Promise<User> {
  return call('GET /users/getmyuser');
}

export function changePassword(body: ResetPasswordRequest): Promise<void> {
  return call('POST /users/resetpassword', { body });
}

export function requestRecovery(body: RecoveryRequest): Promise<void> {
  return call('POST /auth/recoveryrequest', { body, auth: { kind: 'none' } });
}

export function recoverPassword(token: string, body: RecoverPasswordRequest): Promise<void> {
  return call('POST /auth/recovery/{token}', { params: { token }, body, auth: { kind: 'none' } });
}
