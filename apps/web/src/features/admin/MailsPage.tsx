import { useState } from 'react';
import { Badge, Button, SegmentedControl, Text } from '@mantine/core';
import { MAIL_PAGE_SIZE, type MailState, type OutboxMail } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable } from '../../components/PagedTable';
import { PageTitle } from '../../components/PageTitle';
import { notify } from '../../components/notify';
import { usePages } from '../../components/usePages';
import { useSmallScreen } from '../../components/useScreen';
import { showDateTime } from '../../i18n/format';
import { listMails, retryMail } from './api';
import { adminKeys } from './keys';
import { useAdminRights } from './useAdminRights';

const STATES = ['all', 'queued', 'sent', 'failed'] as const;
const COLORS: Record<MailState, string> = { queued: 'blue.9', sent: 'teal.9', failed: 'red.9' };

/** `home/admin/mails`: the mail outbox, newest first; a failed mail can be sent again (never a body shown). */
export function MailsPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const queryClient = useQueryClient();
  // `?state=` opens one state (the admin's home links to the failed mails).
  const [params] = useSearchParams();
  const [state, setState] = useState<(typeof STATES)[number]>(
    STATES.find((known) => known === params.get('state')) ?? 'all',
  );
  const paged = usePages(
    adminKeys.mails(state),
    (page, signal) => listMails(state === 'all' ? undefined : state, page, signal),
    { pageSize: MAIL_PAGE_SIZE },
  );
  const retry = useMutation({
    mutationFn: (mail: OutboxMail) => retryMail(mail.id),
    onSuccess: () => {
      notify('success', t('admin.mails.retried'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'mails'] });
    },
  });
  const columns: Column<OutboxMail>[] = [
    { key: 'time', header: t('admin.mails.time'), nowrap: true, cell: (mail) => showDateTime(mail.createdAt) },
    {
      key: 'kind',
      header: t('admin.mails.kind'),
      // A kind a newer server added shows as it is named.
      cell: (mail) => t(`admin.mails.kinds.${mail.kind}`, { defaultValue: mail.kind }),
    },
    { key: 'recipient', header: t('admin.mails.recipient'), cell: (mail) => mail.recipient },
    { key: 'subject', header: t('admin.mails.subject'), cell: (mail) => mail.subject },
    {
      key: 'state',
      header: t('admin.mails.state'),
      cell: (mail) => (
        <Badge color={COLORS[mail.state]} variant="light">
          {t(`admin.mails.${mail.state}`)}
        </Badge>
      ),
    },
    { key: 'attempts', header: t('admin.mails.attempts'), cell: (mail) => mail.attempts },
    { key: 'reason', header: t('admin.mails.reason'), cell: (mail) => <Text size="sm">{mail.reason ?? ''}</Text> },
  ];
  const retryColumn: Column<OutboxMail> = {
    key: 'retry',
    header: t('admin.mails.retry'),
    headerHidden: true,
    cell: (mail) =>
      mail.state === 'failed' && (
        <Button
          size="compact-sm"
          variant="light"
          loading={retry.isPending && retry.variables?.id === mail.id}
          onClick={() => retry.mutate(mail)}
          data-testid="mail-retry"
        >
          {t('admin.mails.retry')}
        </Button>
      ),
  };

  const small = useSmallScreen();
  return (
    <>
      <PageTitle title={t('admin.mails.title')} />
      <Text size="sm" mb="sm">
        {t('admin.mails.intro')}
      </Text>
      <SegmentedControl
        mb="md"
        // Four states side by side do not fit a phone in German.
        orientation={small ? 'vertical' : 'horizontal'}
        fullWidth={small}
        aria-label={t('admin.mails.state')}
        value={state}
        onChange={(next) => {
          setState(next as (typeof STATES)[number]);
          paged.setPage(1);
        }}
        data={STATES.map((value) => ({ value, label: t(`admin.mails.${value}`) }))}
        data-testid="mails-state"
      />
      <PagedTable
        paged={paged}
        columns={canWrite ? [...columns, retryColumn] : columns}
        rowKey={(mail) => mail.id}
        rowAttributes={(mail) => ({ 'data-testid': 'mail-row', 'data-state': mail.state })}
        caption={(range) => t('admin.mails.range', range)}
        pagesLabel={t('admin.mails.pagination')}
        testIds={{ table: 'mails-table', caption: 'mails-caption', pages: 'mails-pagination' }}
        minWidth={820}
        empty={
          <EmptyState title={t('admin.mails.empty')} description={t('admin.mails.emptyHint')} testId="mails-empty" />
        }
      />
    </>
  );
}
