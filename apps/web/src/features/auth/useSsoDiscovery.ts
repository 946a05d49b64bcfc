import { useEffect, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { discoverableEmail, discoverSso, type SsoOffer } from './ssoLogin';

// Asked a moment after typing stops, not at each key: the auth routes allow 60 calls a minute.
const DISCOVER_AFTER_TYPING_MS = 600;
// Which provider covers a domain changes only when an admin sets it up.
const DISCOVERY_FRESH_MS = 5 * 60_000;

const discoveryOptions = (email: string) => ({
  queryKey: ['sso-discovery', email] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) => discoverSso(email, signal),
  staleTime: DISCOVERY_FRESH_MS,
  retry: false,
});

/**
 * Whether the typed address signs in with its organisation's provider: asked once typing pauses,
 * when the field is left, and on submit. A failed discovery counts as "no": the password form stays.
 */
export function useSsoDiscovery(typed: string) {
  const queryClient = useQueryClient();
  const email = discoverableEmail(typed);
  const [asked, setAsked] = useState<string | null>(null);
  useEffect(() => {
    if (email === null || email === asked) {
      return;
    }
    const timer = setTimeout(() => setAsked(email), DISCOVER_AFTER_TYPING_MS);
    return () => clearTimeout(timer);
  }, [email, asked]);
  const discovery = useQuery({
    ...discoveryOptions(asked ?? ''),
    enabled: asked !== null,
    refetchOnWindowFocus: false,
    meta: { silent: true },
  });
  return {
    /** The organisation for the address in the field now; null while none is known. */
    offer: asked !== null && asked === email ? (discovery.data ?? null) : null,
    /** On leaving the field: ask at once. */
    askNow: () => {
      if (email !== null) {
        setAsked(email);
      }
    },
    /** The answer for the address in the field (asked again when `fresh`); null for none or a failure. */
    check: async (fresh = false): Promise<SsoOffer | null> => {
      if (email === null) {
        return null;
      }
      setAsked(email);
      try {
        return await queryClient.fetchQuery({ ...discoveryOptions(email), ...(fresh ? { staleTime: 0 } : {}) });
      } catch {
        return null;
      }
    },
  };
}
