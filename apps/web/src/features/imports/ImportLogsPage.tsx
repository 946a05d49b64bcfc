import { useState } from 'react';
import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { PagePicker } from '../../components/PagePicker';
import type { ImportLogListItem } from '@graftmatch/domain';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { useMe, areasOf } from '../auth';
import { listImportLogs } from './api';
import { formatUtcMinute } from './format';
import { importKeys } from './keys';
import { IMPORT_PATH, importLogPath } from './paths';
import { useBankNames } from './useBankNames';

export const IMPORT_LOG_PAGE_SIZE = 25;

/** Dry run and strict, as small labels beside the date. */
export function ModeBadges({ log }: { log: ImportLogListItem }) {
  const { t } = useTranslation();
  return (
    <>
      {log.dryRun && (
        <Badge variant="light" color="gray.8" size="sm">
          {t('imports.dryRun')}
        </Badge>
      )}
      {log.strict && (
        <Badge variant="light" color="indigo.9" size="sm">
          {t('imports.strictBadge')}
        </Badge>
      )}
    </>
  );
}

/** `home/imports/logs`: every import the user may see, newest first, a page at a time. */
export function ImportLogsPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [page, setPage] = useState(1);
  const bankName = useBankNames();
  const logs = useQuery({
    queryKey: importKeys.logs(page),
    queryFn: () => listImportLogs(IMPORT_LOG_PAGE_SIZE, (page - 1) * IMPORT_LOG_PAGE_SIZE),
    placeholderData: keepPreviousData,
  });
  const total = logs.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / IMPORT_LOG_PAGE_SIZE));
  const first = (page - 1) * IMPORT_LOG_PAGE_SIZE + 1;
  const canImport = me.data ? areasOf(me.data).imports : false;

  return (
    <>
      <PageTitle title={t('imports.logsTitle')} />
      {logs.isPending && <PageLoader />}
      {logs.isError && <ErrorAlert error={logs.error} onRetry={() => void logs.refetch()} />}
      {logs.data?.items.length === 0 && (
        <EmptyState
          title={t('imports.logsEmpty')}
          description={canImport ? t('imports.logsEmptyHint') : undefined}
          action={
            canImport ? (
              <Anchor component={Link} to={IMPORT_PATH}>
                {t('imports.nav.import')}
              </Anchor>
            ) : undefined
          }
          testId="import-logs-empty"
        />
      )}
      {logs.data && logs.data.items.length > 0 && (
        <Stack gap="sm">
          <Table.ScrollContainer minWidth={760}>
            <Table striped verticalSpacing="xs" data-testid="import-logs">
              <Table.Caption>
                {t('imports.logsRange', { from: first, to: first + logs.data.items.length - 1, total })}
              </Table.Caption>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">{t('imports.date')}</Table.Th>
                  <Table.Th scope="col">{t('imports.bank')}</Table.Th>
                  <Table.Th scope="col">{t('imports.importer')}</Table.Th>
                  <Table.Th scope="col">{t('imports.source')}</Table.Th>
                  <Table.Th scope="col">{t('imports.result')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {logs.data.items.map((log) => (
                  <Table.Tr key={log.id} data-testid="import-log-row" data-id={log.id}>
                    <Table.Td>
                      <Group gap={6} wrap="nowrap">
                        <Anchor
                          component={Link}
                          to={importLogPath(log.id)}
                          style={{ whiteSpace: 'nowrap' }}
                          data-testid="import-log-open"
                        >
                          {formatUtcMinute(log.date)}
                        </Anchor>
                        <ModeBadges log={log} />
                      </Group>
                    </Table.Td>
                    <Table.Td>{bankName(log.euteId)}</Table.Td>
                    <Table.Td>{log.importer}</Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      {log.importSource}{' '}
                      <Text span size="xs" c="dimmed">
                        ({log.importType})
                      </Text>
                    </Table.Td>
                    <Table.Td>{t('imports.resultLine', log.summary)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          <PagePicker
            pages={pages}
            page={page}
            onChange={setPage}
            label={t('imports.pagination')}
            testId="import-logs-pagination"
          />
        </Stack>
      )}
    </>
  );
}
