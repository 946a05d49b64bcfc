import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { download } from '../../api/call';
import { errorMessage } from '../../app/errorMessage';
import { notify } from '../../components/notify';
import { saveFile } from './saveFile';

/**
 * One graft as FHIR R5 (docs/fhir.md): the search by its lot, a searchset Bundle holding its
 * BiologicallyDerivedProduct, saved as `graft-<lot>.fhir.json`.
 */
export function GraftFhirDownload({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const fetch = useMutation({
    mutationFn: () =>
      download('GET /fhir/R5/BiologicallyDerivedProduct', 'application/fhir+json', { query: { identifier: lot } }),
    onSuccess: ({ blob, fileName }) => saveFile(blob, fileName ?? `graft-${lot}.fhir.json`),
    onError: (error) => notify('error', errorMessage(error)),
  });
  return (
    <Button
      size="compact-md"
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={fetch.isPending}
      onClick={() => fetch.mutate()}
      aria-label={t('graft.fhirDownload')}
      data-testid="graft-fhir"
    >
      FHIR (JSON)
    </Button>
  );
}
