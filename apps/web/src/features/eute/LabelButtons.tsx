import { Button, Group } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { downloadLabel } from './api';
import { saveFile } from '../../lib/saveFile';

/** The graft's package labels as a PDF: an A4 sheet of ten, or one 100 × 50 mm label. */
export function LabelButtons({ lot }: { lot: string }) {
  const { t } = useTranslation();
  const label = useMutation({
    mutationFn: (format: 'a4' | '100x50') => downloadLabel(lot, format),
    // Its failure is shown beside the buttons.
    meta: { silent: true },
    onSuccess: ({ blob, fileName }, format) => saveFile(blob, fileName ?? `Label_${lot}_${format}.pdf`),
  });
  return (
    <>
      <Group gap="xs" mb="sm">
        {(['a4', '100x50'] as const).map((format) => (
          <Button
            key={format}
            size="xs"
            variant="light"
            leftSection={<IconPrinter size={16} aria-hidden />}
            loading={label.isPending && label.variables === format}
            onClick={() => label.mutate(format)}
            data-testid={`label-${format}`}
          >
            {t(format === 'a4' ? 'scan.label.a4' : 'scan.label.small')}
          </Button>
        ))}
      </Group>
      {label.isError && <ErrorAlert error={label.error} />}
    </>
  );
}
