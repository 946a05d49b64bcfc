import { Anchor, Code, Group, Paper, Stack, Title } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { webPaths } from '@graftmatch/domain';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { getImportLog } from './api';
import { showDateTime } from '../../i18n/format';
import { ImportErrorTable } from './ImportErrorTable';
import { ImportNotices } from './ImportNotices';
import { ModeBadges } from './ImportLogsPage';
import { ImportSummaryView } from './ImportSummaryView';
import { importKeys } from './keys';
import { useBankNames } from './useBankNames';
import classes from './imports.module.css';

/** `home/imports/logs/{id}`: one import log (spec §3's fields), its counts and its refused rows. */
export function ImportLogPage() {
  const { t } = useTranslation();
  const { id = '' } = useParams();
  const bankName = useBankNames();
  const log = useQuery({ queryKey: importKeys.log(id), queryFn: () => getImportLog(id) });
  const data = log.data;
  const fields: [string, string][] = data
    ? [
        [t('imports.date'), showDateTime(data.date)],
        [t('imports.bank'), bankName(data.euteId)],
        [t('imports.importer'), data.importer],
        [t('imports.model'), data.model],
        [t('imports.importType'), data.importType],
        [t('imports.source'), data.importSource],
        [t('imports.id'), data.id],
      ]
    : [];
  return (
    <>
      <Anchor component={Link} to={webPaths.importLogs} size="sm" data-testid="import-log-back">
        <Group gap={4} component="span">
          <IconArrowLeft size={14} aria-hidden />
          {t('imports.backToLogs')}
        </Group>
      </Anchor>
      <PageTitle title={data ? t('imports.logTitle', { date: showDateTime(data.date) }) : t('imports.logsTitle')} />
      {log.isPending && <PageLoader />}
      {log.isError && <ErrorAlert error={log.error} onRetry={() => void log.refetch()} />}
      {data && (
        <Stack gap="md" data-testid="import-log">
          <Group gap="xs">
            <ModeBadges log={data} />
          </Group>
          <Paper withBorder p="md" radius="md">
            <dl className={classes.fields}>
              {fields.map(([label, value]) => (
                <div key={label} className={classes.field}>
                  <dt>{label}</dt>
                  <dd>{value}</dd>
                </div>
              ))}
            </dl>
          </Paper>
          <ImportSummaryView summary={data.summary} dryRun={data.dryRun} />
          <ImportNotices notices={data.notices} />
          <Title order={2} size="h4">
            {t('imports.errorsTitle')}
          </Title>
          <ImportErrorTable errors={data.errors} failed={data.summary.failed} />
          <Title order={2} size="h4">
            {t('imports.logText')}
          </Title>
          {/* A long log scrolls; focusable so that keyboards can scroll it too. */}
          <Code
            block
            className={classes.logText}
            tabIndex={0}
            role="region"
            aria-label={t('imports.logText')}
            data-testid="import-log-text"
          >
            {data.log}
          </Code>
        </Stack>
      )}
    </>
  );
}
