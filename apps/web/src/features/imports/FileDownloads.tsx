import { Button, Group, Text } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { DownloadedFile } from '../../api/client';
import type { ExportFormat, TemplateFormat } from '../../api/routes';
import { saveFile } from '../../lib/saveFile';
import { downloadExport, downloadFhirExport, downloadTemplate } from './api';

/** The import's own formats, and the FHIR R5 Bundle beside them. */
type DownloadFormat = ExportFormat | 'fhir';

const LABELS: Record<DownloadFormat, string> = { csv: 'CSV', json: 'JSON', xlsx: 'Excel', fhir: 'FHIR (JSON)' };

interface Props<F extends DownloadFormat> {
  label: string;
  formats: readonly F[];
  fetchFile: (format: F) => Promise<DownloadedFile>;
  /** The name when the answer names none. */
  fallbackName: (format: F) => string;
  /** `aria-label` of each button, e.g. "Download the template as CSV". */
  buttonLabel: (format: string) => string;
  testId: string;
}

/** A row of buttons, one per file format; each fetches with the bearer header and saves the file. */
function FileDownloads<F extends DownloadFormat>(props: Props<F>) {
  const { label, formats, fetchFile, fallbackName, buttonLabel, testId } = props;
  const fetch = useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, fileName }, format) => saveFile(blob, fileName ?? fallbackName(format)),
  });
  return (
    <Group gap="xs" role="group" aria-label={label} data-testid={testId}>
      <Text size="sm" fw={600} aria-hidden>
        {label}
      </Text>
      {formats.map((format) => (
        <Button
          key={format}
          size="compact-md"
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          loading={fetch.isPending && fetch.variables === format}
          onClick={() => fetch.mutate(format)}
          aria-label={buttonLabel(LABELS[format])}
          data-testid={`${testId}-${format}`}
        >
          {LABELS[format]}
        </Button>
      ))}
    </Group>
  );
}

const today = () => new Date().toISOString().slice(0, 10);
const TEMPLATE_FORMATS: readonly TemplateFormat[] = ['csv', 'xlsx'];
const EXPORT_FORMATS: readonly DownloadFormat[] = ['csv', 'json', 'xlsx', 'fhir'];

/** The empty import file with its header row, as CSV or Excel (docs/import.md). */
export function TemplateDownloads() {
  const { t } = useTranslation();
  return (
    <FileDownloads
      label={t('imports.template')}
      formats={TEMPLATE_FORMATS}
      fetchFile={downloadTemplate}
      fallbackName={(format) => `graftmatch-import-template.${format}`}
      buttonLabel={(format) => t('imports.templateAs', { format })}
      testId="import-template"
    />
  );
}

/** The bank's grafts in the import's columns, as CSV, JSON or Excel, and as a FHIR R5 Bundle. */
export function ExportDownloads() {
  const { t } = useTranslation();
  return (
    <FileDownloads
      label={t('imports.export')}
      formats={EXPORT_FORMATS}
      fetchFile={(format) => (format === 'fhir' ? downloadFhirExport() : downloadExport(format))}
      fallbackName={(format) => (format === 'fhir' ? `grafts-${today()}.fhir.json` : `grafts-${today()}.${format}`)}
      buttonLabel={(format) => t('imports.exportAs', { format })}
      testId="export"
    />
  );
}
