import { useState } from 'react';
import { Badge, Button, SegmentedControl, Stack, Table, Text } from '@mantine/core';
import { MAIL_PAGE_SIZE as PAGE_SIZE, type MailState, type OutboxMail } from '@graftmatch/domain';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PagePicker } from '../../components/PagePicker';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { notify } from '../../components/notify';
import { formatUtc } from './AuditLogPage';
import { listMails, retryMail } from './api';
import { adminKeys } from './keys';
import { useAdminRights } from './useAdminRights';

const STATES = ['all', 'queued', 'sent', 'failed'] as const;
const COLORS: Record<MailState, string> = { queued: 'blue', sent: 'green', failed: 'red' };

/** `home/admin/mails`: the mail outbox, newest first; a failed mail can be sent again (never a body shown). */
export function MailsPage() {
  const { t } = useTranslation();
  const { canWrite } = useAdminRights();
  const queryClient = useQueryClient();
  const [state, setState] = useState<(typeof STATES)[number]>('all');
  const [page, setPage] = useState(1);
  const mails = useQuery({
    queryKey: adminKeys.mails(state, page),
    queryFn: () => listMails(state === 'all' ? undefined : state, PAGE_SIZE, (page - 1) * PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const retry = useMutation({
    mutationFn: (mail: OutboxMail) => retryMail(mail.id),
    onSuccess: () => {
      notify('success', t('admin.mails.retried'));
      void queryClient.invalidateQueries({ queryKey: ['admin', 'mails'] });
    },
  });
  const total = mails.data?.total ?? 0;
  const firstShown = (page - 1) * PAGE_SIZE + 1;

  return (
    <>
      <PageTitle title={t('admin.mails.title')} />
      <Text size="sm" mb="sm">
        {t('admin.mails.intro')}
      </Text>
      <SegmentedControl
        mb="md"
        aria-label={t('admin.mails.state')}
        value={state}
        onChange={(next) => {
          setState(next as (typeof STATES)[number]);
          setPage(1);
        }}
        data={STATES.map((value) => ({ value, label: t(`admin.mails.${value}`) }))}
        data-testid="mails-state"
      />
      {mails.isPending && <PageLoader />}
      {mails.isError && <ErrorAlert error={mails.error} onRetry={() => void mails.refetch()} />}
      {mails.data && mails.data.items.length === 0 && (
        <EmptyState title={t('admin.mails.empty')} description={t('admin.mails.emptyHint')} testId="mails-empty" />
      )}
      {mails.data && mails.data.items.length > 0 && (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={820}>
            <Table striped verticalSpacing="xs" data-testid="mails-table">
              <Table.Caption>
                {t('admin.mails.range', { from: firstShown, to: firstShown + mails.data.items.length - 1, total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('admin.mails.time')}</Table.Th>
                  <Table.Th>{t('admin.mails.kind')}</Table.Th>
                  <Table.Th>{t('admin.mails.recipient')}</Table.Th>
                  <Table.Th>{t('admin.mails.subject')}</Table.Th>
                  <Table.Th>{t('admin.mails.state')}</Table.Th>
                  <Table.Th>{t('admin.mails.attempts')}</Table.Th>
                  <Table.Th>{t('admin.mails.reason')}</Table.Th>
                  {canWrite && <Table.Th aria-label={t('admin.mails.retry')} />}
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {mails.data.items.map((mail) => (
                  <Table.Tr key={mail.id} data-testid="mail-row" data-state={mail.state}>
                    <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatUtc(mail.createdAt)}</Table.Td>
                    <Table.Td>{mail.kind}</Table.Td>
                    <Table.Td>{mail.recipient}</Table.Td>
                    <Table.Td>{mail.subject}</Table.Td>
                    <Table.Td>
                      <Badge color={COLORS[mail.state]} variant="light">
                        {t(`admin.mails.${mail.state}`)}
                      </Badge>
                    </Table.Td>
                    <Table.Td>{mail.attempts}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{mail.reason ?? ''}</Text>
                    </Table.Td>
                    {canWrite && (
                      <Table.Td>
                        {mail.state === 'failed' && (
                          <Button
                            size="compact-sm"
                            variant="light"
                            loading={retry.isPending && retry.variables?.id === mail.id}
                            onClick={() => retry.mutate(mail)}
                            data-testid="mail-retry"
                          >
                            {t('admin.mails.retry')}
                          </Button>
                        )}
                      </Table.Td>
                    )}
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePicker
            pages={Math.max(1, Math.ceil(total / PAGE_SIZE))}
            page={page}
            onChange={setPage}
            label={t('admin.mails.pagination')}
            testId="mails-pagination"
          />
        </Stack>
      )}
    </>
  );
}
