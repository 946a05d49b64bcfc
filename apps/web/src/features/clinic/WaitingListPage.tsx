import { useState } from 'react';
import { Button, SimpleGrid, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { ENTRY_ATTENTION, webPaths, type WaitingListEntry } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PagedSection } from '../../components/PagePicker';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { useReadOnly } from '../auth';
import { useMarkMatchesSeen } from '../home';
import { getWaitingListPage, removeWaitingListEntry } from './api';
import { clinicKeys } from './keys';
import { WaitingListEntryCard } from './WaitingListEntryCard';
import { LazyWaitingListFormModal } from './LazyWaitingListFormModal';
import { notify } from '../../components/notify';
import { confirmAction } from '../../components/confirmAction';

/**
 * `home/clinic/waitinglist`: the physician's own standing searches, a page at a time; `?show=`
 * lists only the entries needing one attention (the home's counters link here).
 */
export function WaitingListPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const show = ENTRY_ATTENTION.find((known) => known === params.get('show'));
  const paged = usePages([...clinicKeys.waitingListPages, show ?? 'all'], (page, signal) =>
    getWaitingListPage(page, signal, show),
  );
  const { list } = paged;
  const entries = list.data?.items ?? [];
  const [editing, setEditing] = useState<WaitingListEntry | null>(null);
  const readOnly = useReadOnly();
  useMarkMatchesSeen(list.isSuccess);
  const remove = useMutation({
    mutationFn: (id: string) => removeWaitingListEntry(id),
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: clinicKeys.waitingList });
      notify('success', t('waitingList.removed'));
    },
  });
  const confirmRemove = (entry: WaitingListEntry) =>
    confirmAction({
      title: t('waitingList.removeTitle'),
      text: t('waitingList.removeText'),
      confirm: t('common.remove'),
      color: 'red',
      testId: 'confirm-remove',
      onConfirm: () => remove.mutate(entry.waitinglistid),
    });

  const newSearch = (
    <Button component={Link} to={webPaths.clinicSearch()} leftSection={<IconSearch size={16} aria-hidden />}>
      {t('waitingList.newSearch')}
    </Button>
  );
  return (
    <>
      <PageTitle title={t('waitingList.title')}>{entries.length > 0 && newSearch}</PageTitle>
      {show && (
        <Text size="sm" mb="sm" data-testid="wl-filter">
          {t('waitingList.onlyAttention', { attention: t(`waitingList.attention.${show}`) })}{' '}
          <Link to={webPaths.clinicWaitingList}>{t('waitingList.showAll')}</Link>
        </Text>
      )}
      {list.isPending && <PageLoader />}
      {list.isError && <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />}
      {list.data?.total === 0 && (
        <EmptyState
          title={show ? t('waitingList.emptyAttention') : t('waitingList.empty')}
          description={show ? t(`waitingList.attentionHint.${show}`) : t('waitingList.emptyHint')}
          action={newSearch}
          testId="wl-empty"
        />
      )}
      {list.data && entries.length > 0 && (
        <PagedSection paging={paged} label={t('waitingList.pages')} testId="wl-pages">
          <Text size="sm" c="dimmed" data-testid="wl-count">
            {t('waitingList.count', { count: list.data.total })}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md" data-testid="wl-list">
            {entries.map((entry) => (
              <WaitingListEntryCard
                key={entry.waitinglistid}
                entry={entry}
                {...(readOnly ? {} : { onEdit: () => setEditing(entry), onRemove: () => confirmRemove(entry) })}
              />
            ))}
          </SimpleGrid>
        </PagedSection>
      )}
      <LazyWaitingListFormModal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        entry={editing ?? undefined}
      />
    </>
  );
}
