import type { ReactNode } from 'react';
import { Anchor, Paper, Stack, Text, Title } from '@mantine/core';
import { webPaths, type ImportResult } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ImportErrorTable } from './ImportErrorTable';
import { ImportNotices } from './ImportNotices';
import { ImportSummaryView } from './ImportSummaryView';

interface Props {
  result: ImportResult;
  dryRun: boolean;
  /** The name of the file as chosen; the log's source otherwise. */
  fileName?: string | undefined;
  /** What comes after the counts and errors: the confirm step of a check. */
  children?: ReactNode;
}

/** A check's or an import's answer: the counts, what came from the bank's record, the refused rows, and (once written) its log. */
export function ImportOutcome({ result, dryRun, fileName, children }: Props) {
  const { t } = useTranslation();
  return (
    <Paper withBorder p="md" radius="md" data-testid={dryRun ? 'import-checked' : 'import-done'}>
      <Stack gap="sm">
        <Title order={2} size="h4">
          {dryRun ? t('imports.checkedTitle') : t('imports.doneTitle')}
        </Title>
        <Text size="sm">
          {dryRun ? t('imports.checkedText', { file: fileName ?? result.importSource }) : t('imports.doneText')}
        </Text>
        <ImportSummaryView summary={result.summary} dryRun={dryRun} />
        <ImportNotices notices={result.notices} />
        <ImportErrorTable errors={result.errors} failed={result.summary.failed} />
        {children}
        {!dryRun && (
          <Anchor component={Link} to={webPaths.importLog(result.id)} data-testid="import-log-link">
            {t('imports.showLog')}
          </Anchor>
        )}
      </Stack>
    </Paper>
  );
}
