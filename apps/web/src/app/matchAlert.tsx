import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { displayPatientCode, type WaitingListEntry } from '@graftmatch/domain';
import type { QueryClient } from '@tanstack/react-query';
import { getWaitingList } from '../features/clinic/api';
import { clinicKeys } from '../features/clinic/keys';
import { entryQuery, searchPath } from '../features/clinic/searchQuery';
import { i18n } from '../i18n';

export interface MatchFound {
  waitinglistid: string;
  lots: string[];
}

/**
 * `matchFound`: the waiting list is fetched afresh (its counts of fitting grafts changed), then
 * the physician is told which lots fit which entry, with a link to that entry's search. The
 * toast lives outside the router, so the link navigates through the given function.
 */
export async function showMatchAlert(
  queryClient: QueryClient,
  match: MatchFound,
  navigate: (path: string) => void,
): Promise<void> {
  await queryClient.invalidateQueries({ queryKey: clinicKeys.all });
  let entry: WaitingListEntry | undefined;
  try {
    // The whole list, as the entry may be on any page. Fresh already when the invalidation
    // re-fetched it (a request form is open); fetched here otherwise.
    const list = await queryClient.fetchQuery({
      queryKey: clinicKeys.waitingListAll,
      queryFn: getWaitingList,
      staleTime: Infinity,
    });
    entry = list.find((item) => item.waitinglistid === match.waitinglistid);
  } catch {
    // Without the list the alert still names the lots and leads to the waiting list.
  }
  const path = entry ? searchPath(entry.query_Type, entryQuery(entry)) : '/home/clinic/waitinglist';
  const id = `match-${match.waitinglistid}`;
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
        <Text size="sm">
          {entry
            ? i18n.t('imports.match.message', {
                count: match.lots.length,
                lots: match.lots.join(', '),
                patient: displayPatientCode(entry.patient_Code),
              })
            : i18n.t('imports.match.messageAnyEntry', { count: match.lots.length, lots: match.lots.join(', ') })}
        </Text>
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
