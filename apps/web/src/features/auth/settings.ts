import type { HintName, PatchUserSettingsRequest, UserSettings } from '@graftmatch/domain';
import { queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { call } from '../../api/call';
import { meKey } from './useMe';

// The signed-in user's own settings, kept with the account (GET/PATCH /users/settings): under the
// user's key, so they are dropped with the user at the next login.
const settingsKey = [...meKey, 'settings'] as const;

export const mySettingsQuery = queryOptions({ queryKey: settingsKey, queryFn: () => call('GET /users/settings') });

export function useMySettings() {
  return useQuery(mySettingsQuery);
}

/** Saves a change at once in what the screen shows, and undoes it if the server refuses. */
export function useSaveSettings(options: { onSaved?: (saved: UserSettings) => void } = {}) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (patch: PatchUserSettingsRequest) => call('PATCH /users/settings', { body: patch }),
    onMutate: (patch) => {
      const before = client.getQueryData<UserSettings>(settingsKey);
      if (before) {
        client.setQueryData(settingsKey, { ...before, ...patch });
      }
      return { before };
    },
    onError: (_error, _patch, context) => client.setQueryData(settingsKey, context?.before),
    onSuccess: (saved) => {
      client.setQueryData(settingsKey, saved);
      options.onSaved?.(saved);
    },
  });
}

/**
 * A hint shown until this user dismisses it, on any device. It waits for the settings, so a
 * dismissed hint never flashes up while they load.
 */
export function useHint(name: HintName): { visible: boolean; dismiss: () => void } {
  const settings = useMySettings();
  const save = useSaveSettings();
  const dismissed = settings.data?.dismissedHints ?? [];
  return {
    visible: settings.isSuccess && !dismissed.includes(name),
    dismiss: () => save.mutate({ dismissedHints: [...dismissed, name] }),
  };
}
