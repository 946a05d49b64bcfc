import { Button } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../../lib/errorMessage';
import { notify } from '../../components/notify';
import { saveFile } from '../../lib/saveFile';

/** The "FHIR (JSON)" button of a details page: fetches the resource and saves it under `fileName` unless the server names it. */
export function FhirDownloadButton({
  fetchFile,
  fileName,
  label,
  testId,
}: {
  fetchFile: () => Promise<{ blob: Blob; fileName: string | null }>;
  fileName: string;
  label: string;
  testId: string;
}) {
  const fetch = useMutation({
    mutationFn: fetchFile,
    onSuccess: ({ blob, fileName: named }) => saveFile(blob, named ?? fileName),
    onError: (error) => notify('error', errorMessage(error)),
  });
  return (
    <Button
      size="compact-md"
      variant="default"
      leftSection={<IconDownload size={16} aria-hidden />}
      loading={fetch.isPending}
      onClick={() => fetch.mutate()}
      aria-label={label}
      data-testid={testId}
    >
      FHIR (JSON)
    </Button>
  );
}
