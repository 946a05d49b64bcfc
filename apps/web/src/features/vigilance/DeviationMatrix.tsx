import { Box, Checkbox, Table } from '@mantine/core';
import { DEVIATION_CAUSES, DEVIATION_STAGES, type Deviation } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

/** Annex IV's matrix: where in the chain, and of what kind; ticked cells are the deviations. */
export function DeviationMatrix({ value, onChange }: { value: Deviation[]; onChange?: (value: Deviation[]) => void }) {
  const { t } = useTranslation();
  const has = (stage: string, cause: string) => value.some((d) => d.stage === stage && d.cause === cause);
  return (
    // Wider than a phone: it scrolls sideways, focusable so that keyboards can scroll it too.
    <Box style={{ overflowX: 'auto' }} tabIndex={0} role="region" aria-label={t('vigilance.deviationStage')}>
      <Table withTableBorder withColumnBorders miw={480} data-testid="deviation-matrix">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('vigilance.deviationStage')}</Table.Th>
            {DEVIATION_CAUSES.map((cause) => (
              <Table.Th key={cause}>{t(`vigilance.options.${cause}`)}</Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {DEVIATION_STAGES.map((stage) => (
            <Table.Tr key={stage}>
              <Table.Th scope="row">{t(`vigilance.options.${stage}`)}</Table.Th>
              {DEVIATION_CAUSES.map((cause) => {
                const label = `${t(`vigilance.options.${stage}`)}: ${t(`vigilance.options.${cause}`)}`;
                return (
                  <Table.Td key={cause}>
                    <Checkbox
                      aria-label={label}
                      checked={has(stage, cause)}
                      disabled={!onChange}
                      onChange={(event) =>
                        onChange?.(
                          event.currentTarget.checked
                            ? [...value, { stage, cause }]
                            : value.filter((d) => !(d.stage === stage && d.cause === cause)),
                        )
                      }
                    />
                  </Table.Td>
                );
              })}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Box>
  );
}
