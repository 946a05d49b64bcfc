import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { webPaths, type PushEventMap, type WaitingListEntry } from '@graftmatch/domain';
import { showPatientCode } from '../i18n/format';
import type { QueryClient } from '@tanstack/react-query';
import { clinicKeys } from '../features/clinic/keys';
import { entryQuery, searchPath } from '../features/grafts/searchQuery';
import { wholeWaitingListQuery } from '../features/grafts/waitingList';
import { i18n } from '../i18n';

export type MatchFound = PushEventMap['matchFound'][0];

/** Where the alert leads: the one entry's search, the graft fitting several, else the waiting list. */
function alertPath(entries: readonly WaitingListEntry[], lots: readonly string[]): string {
  const [only] = entries;
  if (entries.length === 1 && only) {
    return searchPath(only.query_Type, entryQuery(only));
  }
  return entries.length > 1 && lots.length === 1 ? webPaths.clinicGraft(lots[0] ?? '') : webPaths.clinicWaitingList;
}

function alertText(entries: readonly WaitingListEntry[], lots: readonly string[]): string {
  const patients = entries.map((entry) => showPatientCode(entry.patient_Code)).join(', ');
  const shown = { lots: lots.join(', '), patient: patients, patients };
  if (entries.length > 1) {
    return i18n.t('imports.match.messageEntries', { ...shown, count: entries.length });
  }
  return i18n.t(entries.length === 1 ? 'imports.match.message' : 'imports.match.messageAnyEntry', {
    ...shown,
    count: lots.length,
  });
}

/**
 * `matchFound`: the waiting list is fetched afresh (its counts of fitting grafts changed), then
 * the physician is told, once per graft, which of their entries it fits, with a link to the
 * fitting grafts (docs/api.md "Push"). The toast lives outside the router, so the link navigates
 * through the given function.
 */
export async function showMatchAlert(
  queryClient: QueryClient,
  match: MatchFound,
  navigate: (path: string) => void,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: clinicKeys.all });
  const ids = new Set(match.waitinglistids);
  let entries: WaitingListEntry[] = [];
  try {
    // The whole list, as the entries may be on any page. Fresh already when the invalidation
    // re-fetched it (a request form is open); fetched here otherwise.
    const list = await queryClient.fetchQuery({ ...wholeWaitingListQuery, staleTime: Infinity });
    entries = list.filter((item) => ids.has(item.waitinglistid));
  } catch {
    // Without the list the alert still names the lots and leads to the waiting list.
  }
  const path = alertPath(entries, match.lots);
  const id = `match-${match.lots.join(',')}`;
  const open = () => {
    notifications.hide(id);
    navigate(path);
  };
  notifications.show({
    id,
    color: 'teal.9',
    title: i18n.t('push.matchTitle'),
    autoClose: false,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
    message: (
      <Stack gap={4} data-testid="match-alert">
        <Text size="sm">{alertText(entries, match.lots)}</Text>
        <Anchor
          href={path}
          size="sm"
          fw={600}
          onClick={(event) => {
            event.preventDefault();
            open();
          }}
          data-testid="match-alert-open"
        >
          {i18n.t('imports.match.open')}
        </Anchor>
      </Stack>
    ),
  });
}
