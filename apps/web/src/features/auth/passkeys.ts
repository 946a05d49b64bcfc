import type { AddPasskeyRequest, PasskeyCreationStart } from '@graftmatch/domain';
import { queryOptions } from '@tanstack/react-query';
import { call } from '../../api/call';
import { webAuthn } from './passkeyLogin';
import { meKey } from './useMe';

// The signed-in user's passkeys on the settings page (docs/security.md "Passkeys").

/** The caller's passkeys, under the user's key so they go with the user at the next login. */
export const passkeysKey = [...meKey, 'passkeys'] as const;
export const myPasskeysQuery = queryOptions({ queryKey: passkeysKey, queryFn: () => call('GET /users/passkeys') });

/** Adds a passkey to the signed-in account: the server's options, the device's dialog, the server's check. */
export async function addPasskey(name: string) {
  const start: PasskeyCreationStart = await call('POST /users/passkeys/options');
  const { startRegistration } = await webAuthn();
  const response = await startRegistration({ optionsJSON: start.options as never });
  const body: AddPasskeyRequest = { challengeId: start.challengeId, name, response: response as never };
  return call('POST /users/passkeys', { body });
}
