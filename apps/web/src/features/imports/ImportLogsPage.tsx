import { IMPORT_LOG_PAGE_SIZE, webPaths } from '@graftmatch/domain';
import { Anchor, Badge, Group, Text } from '@mantine/core';
import type { ImportLogListItem } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { EmptyState } from '../../components/EmptyState';
import { PagedTable } from '../../components/PagedTable';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { useMe, areasOf } from '../auth';
import { listImportLogs } from './api';
import { showDateTime } from '../../i18n/format';
import { importKeys } from './keys';
import { useBankNames } from './useBankNames';

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
  const bankName = useBankNames();
  const paged = usePages(importKeys.logs, listImportLogs, { pageSize: IMPORT_LOG_PAGE_SIZE });
  const canImport = me.data ? areasOf(me.data).imports : false;
  const columns: Column<ImportLogListItem>[] = [
    {
      key: 'date',
      header: t('imports.date'),
      cell: (log) => (
        <Group gap={6} wrap="nowrap">
          <Anchor
            component={Link}
            to={webPaths.importLog(log.id)}
            style={{ whiteSpace: 'nowrap' }}
            data-testid="import-log-open"
          >
            {showDateTime(log.date)}
          </Anchor>
          <ModeBadges log={log} />
        </Group>
      ),
    },
    { key: 'bank', header: t('imports.bank'), cell: (log) => bankName(log.euteId) },
    { key: 'importer', header: t('imports.importer'), cell: (log) => log.importer },
    {
      key: 'source',
      header: t('imports.source'),
      cell: (log) => (
        <span style={{ overflowWrap: 'anywhere' }}>
          {log.importSource}{' '}
          <Text span size="xs" c="dimmed">
            ({log.importType})
          </Text>
        </span>
      ),
    },
    { key: 'result', header: t('imports.result'), cell: (log) => t('imports.resultLine', log.summary) },
  ];

  return (
    <>
      <PageTitle title={t('imports.logsTitle')} />
      <PagedTable
        paged={paged}
        columns={columns}
        rowKey={(log) => log.id}
        rowAttributes={(log) => ({ 'data-testid': 'import-log-row', 'data-id': log.id })}
        caption={(range) => t('imports.logsRange', range)}
        pagesLabel={t('imports.pagination')}
        testIds={{ table: 'import-logs', caption: 'import-logs-caption', pages: 'import-logs-pagination' }}
        minWidth={760}
        empty={
          <EmptyState
            title={t('imports.logsEmpty')}
            description={canImport ? t('imports.logsEmptyHint') : undefined}
            action={
              canImport ? (
                <Anchor component={Link} to={webPaths.imports}>
                  {t('imports.nav.import')}
                </Anchor>
              ) : undefined
            }
            testId="import-logs-empty"
          />
        }
      />
    </>
  );
}
