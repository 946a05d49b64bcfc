import type { PasskeyLoginRequest, PasskeyLoginStart } from '@graftmatch/domain';
import { call } from '../../api/call';
import { noteSessionEnd, setAccessToken } from '../../api/session';

// What the login screen needs of passkeys (docs/security.md "Passkeys"), kept apart from the
// settings' part. SimpleWebAuthn is loaded only when a passkey button is used, so the login screen
// stays small (docs/performance.md "Web delivery").

export const webAuthn = () => import('@simplewebauthn/browser');

/** A cancelled or timed-out device dialog is the person's choice, not an error of the server. */
export function isCancelledCeremony(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}

/** Whether this browser can make and use passkeys at all. */
export function passkeysSupported(): boolean {
  return typeof window.PublicKeyCredential === 'function';
}

/**
 * Signs in with a passkey: no address, no password, no PIN. The device offers the passkeys it
 * holds for this site; the refresh token arrives as the HttpOnly cookie, as after a PIN.
 */
export async function signInWithPasskey(): Promise<void> {
  const start: PasskeyLoginStart = await call('POST /auth/passkey/options', { auth: { kind: 'none' } });
  const { startAuthentication } = await webAuthn();
  const response = await startAuthentication({ optionsJSON: start.options as never });
  const body: PasskeyLoginRequest = { challengeId: start.challengeId, response: response as never };
  const tokens = await call('POST /auth/passkey/login', { body, auth: { kind: 'none' } });
  setAccessToken(tokens.access_Token);
  noteSessionEnd(tokens.refresh_Token);
}
