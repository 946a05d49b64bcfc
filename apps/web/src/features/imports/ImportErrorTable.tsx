import { Table, Text } from '@mantine/core';
import type { ImportRowError } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';

interface Props {
  errors: ImportRowError[];
  /** Every failed row; the server reports at most the first thousand reasons. */
  failed: number;
}

/** The refused rows: where in the file (row, lot), which column, and why. */
export function ImportErrorTable({ errors, failed }: Props) {
  const { t } = useTranslation();
  if (errors.length === 0) {
    return <EmptyState title={t('imports.noErrors')} testId="import-no-errors" />;
  }
  return (
    // No scrolling box: the four columns wrap even on a phone, and a scrolling region without
    // anything to focus would be out of reach for keyboards.
    <Table striped verticalSpacing="xs" data-testid="import-errors">
      <Table.Caption>
        {errors.length < failed
          ? t('imports.errorsCut', { count: failed, shown: errors.length })
          : t('imports.errorsCount', { count: errors.length })}
      </Table.Caption>
      <Table.Thead>
        <Table.Tr>
          <Table.Th scope="col">{t('imports.row')}</Table.Th>
          <Table.Th scope="col">{t('imports.lot')}</Table.Th>
          <Table.Th scope="col">{t('imports.field')}</Table.Th>
          <Table.Th scope="col">{t('imports.reason')}</Table.Th>
        </Table.Tr>
      </Table.Thead>
      <Table.Tbody>
        {errors.map((error, index) => (
          <Table.Tr key={`${error.row}-${error.field}-${index}`} data-testid="import-error" data-row={error.row}>
            <Table.Td>{error.row}</Table.Td>
            <Table.Td style={{ wordBreak: 'break-all' }}>{error.lot ?? t('common.notDocumented')}</Table.Td>
            <Table.Td>
              <Text size="sm" ff="monospace" style={{ wordBreak: 'break-all' }}>
                {error.field}
              </Text>
            </Table.Td>
            <Table.Td>{error.message}</Table.Td>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </Table>
  );
}
