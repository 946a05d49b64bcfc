import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/call';
import { errorMessage } from '../../app/errorMessage';
import { notify } from '../../components/notify';
import { saveFile } from '../grafts/saveFile';

/** The report as an R5 AdverseEvent (docs/fhir.md "AdverseEvent"), saved as `<reference>.fhir.json`. */
export function ReportFhirDownload({ id, reference }: { id: string; reference: string }) {
  const { t } = useTranslation();
  const fetch = useMutation({
    mutationFn: () => download('GET /fhir/R5/AdverseEvent/{id}', 'application/fhir+json', { params: { id } }),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `${reference}.fhir.json`),
    onError: (error) => notify('error', errorMessage(error)),
  });
  return (
    <Button
      size="compact-md"
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={fetch.isPending}
      onClick={() => fetch.mutate()}
      aria-label={t('vigilance.fhirDownload')}
      data-testid="vigilance-fhir"
    >
      FHIR (JSON)
    </Button>
  );
}
