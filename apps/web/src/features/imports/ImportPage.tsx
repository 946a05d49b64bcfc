import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconCheck, IconFileSearch } from '@tabler/icons-react';
import { IMPORT_MAX_BYTES, type ImportResult } from '@graftmatch/domain';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { uploadGrafts } from './api';
import { BusyState } from './BusyState';
import { TemplateDownloads } from './FileDownloads';
import { FilePicker } from './FilePicker';
import { formatBytes } from './format';
import { confirmImport } from './confirmImport';
import { ImportOutcome } from './ImportOutcome';
import { useImportBanks } from './useImportBanks';

/**
 * `home/imports`: a file is checked first (a dry run that writes nothing), its rows and errors
 * shown, and imported only after the user confirms what will change (docs/import.md).
 */
export function ImportPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { banks, choose } = useImportBanks();
  const [file, setFile] = useState<File | null>(null);
  const [bank, setBank] = useState<string | null>(null);
  const [strict, setStrict] = useState(false);
  const options = { strict, bank: bank ?? undefined };
  // Both show their failure on the page.
  const check = useMutation({
    mutationFn: (chosen: File) => uploadGrafts(chosen, { ...options, dryRun: true }),
    meta: { silent: true },
  });
  const run = useMutation({
    mutationFn: (chosen: File) => uploadGrafts(chosen, { ...options, dryRun: false }),
    meta: { silent: true },
    // Every list of grafts and logs may have changed.
    onSuccess: () => void queryClient.invalidateQueries(),
  });
  const tooLarge = file !== null && file.size > IMPORT_MAX_BYTES;
  const busy = check.isPending || run.isPending;

  // Any change to what would be sent voids the check and the result shown.
  const reset = () => {
    check.reset();
    run.reset();
  };
  const pickFile = (chosen: File) => {
    setFile(chosen);
    reset();
  };
  const confirm = (checked: ImportResult) =>
    confirmImport(checked, () => {
      if (file) {
        run.mutate(file);
      }
    });

  return (
    <>
      <PageTitle title={t('imports.title')}>
        <TemplateDownloads />
      </PageTitle>
      <Text mb="md" maw={720}>
        {t('imports.intro')}
      </Text>
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <Stack gap="sm">
            <Title order={2} size="h4">
              {t('imports.step1')}
            </Title>
            <FilePicker file={file} onFile={pickFile} disabled={busy} />
            {tooLarge && (
              <Alert color="red" variant="light" role="alert" data-testid="import-too-large">
                {t('imports.tooLarge', { max: formatBytes(IMPORT_MAX_BYTES) })}
              </Alert>
            )}
            <Group align="flex-end" gap="md">
              {choose && (
                <Select
                  label={t('imports.bank')}
                  placeholder={t('imports.bankFromFile')}
                  data={banks}
                  value={bank}
                  onChange={(value) => {
                    setBank(value);
                    reset();
                  }}
                  clearable
                  searchable
                  disabled={busy}
                  miw={240}
                  data-testid="import-bank"
                />
              )}
              <Checkbox
                label={t('imports.strict')}
                description={t('imports.strictHint')}
                checked={strict}
                onChange={(event) => {
                  setStrict(event.currentTarget.checked);
                  reset();
                }}
                disabled={busy}
                data-testid="import-strict"
              />
            </Group>
            <Group>
              <Button
                leftSection={<IconFileSearch size={16} aria-hidden />}
                onClick={() => file && check.mutate(file)}
                disabled={!file || tooLarge || busy}
                data-testid="import-check"
              >
                {t('imports.check')}
              </Button>
            </Group>
          </Stack>
        </Paper>
        {check.isPending && <BusyState label={t('imports.checking')} />}
        {check.isError && <ErrorAlert error={check.error} />}
        {check.data && !run.data && (
          <ImportOutcome result={check.data} fileName={file?.name} dryRun>
            <ConfirmButton result={check.data} strict={strict} busy={busy} onConfirm={() => confirm(check.data)} />
          </ImportOutcome>
        )}
        {run.isPending && <BusyState label={t('imports.importing')} />}
        {run.isError && <ErrorAlert error={run.error} />}
        {run.data && <ImportOutcome result={run.data} dryRun={false} />}
      </Stack>
    </>
  );
}

interface ConfirmProps {
  result: ImportResult;
  strict: boolean;
  busy: boolean;
  onConfirm: () => void;
}

/** Offered only when the import would change something and `strict` would not refuse it. */
function ConfirmButton({ result, strict, busy, onConfirm }: ConfirmProps) {
  const { t } = useTranslation();
  const { inserted, updated, failed } = result.summary;
  if (strict && failed > 0) {
    return (
      <Alert color="orange" variant="light" data-testid="import-strict-refused">
        {t('imports.strictRefused', { count: failed })}
      </Alert>
    );
  }
  if (inserted + updated === 0) {
    return (
      <Alert color="cyan" variant="light" data-testid="import-nothing">
        {t('imports.nothingToChange')}
      </Alert>
    );
  }
  return (
    <Group>
      <Button
        color="teal.9"
        leftSection={<IconCheck size={16} aria-hidden />}
        onClick={onConfirm}
        disabled={busy}
        data-testid="import-confirm"
      >
        {t('imports.confirm')}
      </Button>
    </Group>
  );
}
