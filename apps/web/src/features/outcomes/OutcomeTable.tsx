import { Text } from '@mantine/core';
import { isGraftTypeNumber, type Outcomes, type OutcomeAtHorizon } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { ColumnList } from '../../components/ColumnList';
import type { Column } from '../../components/ColumnTable';
import { typeLabel } from '../grafts/graftFormat';
import { estimateWords, outcomeRows, percent, type OutcomeRow } from './outcomeView';

/**
 * The table beside the curves, and their alternative for screen readers: per type and diameter
 * band, the grafts, follow-up completeness, and at 1, 5 and 10 years the freedom from explant or
 * reintervention with those at risk and the cumulative incidence of explant, each with its 95 %
 * limits. A table on large screens, cards on phones.
 */
export function OutcomeTable({ outcomes }: { outcomes: Outcomes }) {
  const { t, i18n } = useTranslation();
  const language = i18n.language;
  const none = t('outcomes.noEstimate');
  const groupName = (row: OutcomeRow) => {
    const type =
      row.type === null ? t('outcomes.allTypes') : isGraftTypeNumber(row.type) ? typeLabel(t, row.type) : `${row.type}`;
    if (row.band === 'all') {
      return type;
    }
    const band =
      row.band === null
        ? t('outcomes.noDiameter')
        : t('outcomes.band', { from: row.band, to: row.band + outcomes.bandWidth });
    return `${type}, ${band}`;
  };
  const horizonColumns = (index: number): Column<OutcomeRow>[] => {
    const at = (row: OutcomeRow): OutcomeAtHorizon | undefined => row.summary.horizons[index];
    const years = outcomes.all.horizons[index]?.years ?? 0;
    return [
      {
        key: `freedom-${years}`,
        header: t('outcomes.freedomAt', { count: years }),
        cell: (row) => (
          <>
            {estimateWords(at(row)?.freedom ?? null, language) ?? none}
            <Text size="xs" c="dimmed">
              {t('outcomes.atRisk', { count: at(row)?.atRisk ?? 0 })}
            </Text>
          </>
        ),
      },
      {
        key: `explant-${years}`,
        header: t('outcomes.explantAt', { count: years }),
        cell: (row) => estimateWords(at(row)?.explant ?? null, language) ?? none,
      },
    ];
  };
  const columns: Column<OutcomeRow>[] = [
    { key: 'group', header: t('outcomes.group'), cell: groupName },
    { key: 'grafts', header: t('outcomes.grafts'), nowrap: true, cell: (row) => row.summary.grafts },
    {
      key: 'completeness',
      header: t('outcomes.completeness'),
      cell: ({ summary }) =>
        summary.completeness === null
          ? none
          : t('outcomes.recordedOfDue', {
              share: percent(summary.completeness, language),
              recorded: summary.followUpsRecorded,
              due: summary.followUpsDue,
            }),
    },
    {
      key: 'events',
      header: t('outcomes.events'),
      cell: ({ summary }) =>
        t('outcomes.eventCounts', {
          failures: summary.explantsOrReinterventions,
          explants: summary.explants,
          deaths: summary.deaths,
        }),
    },
    ...outcomes.all.horizons.flatMap((_, index) => horizonColumns(index)),
  ];
  return (
    <ColumnList
      columns={columns}
      rows={outcomeRows(outcomes)}
      rowKey={(row) => row.key}
      rowAttributes={(row) => ({ 'data-testid': 'outcome-row', 'data-group': row.key })}
      cardLabel={groupName}
      caption={t('outcomes.caption', { asOf: outcomes.asOf })}
      testIds={{ table: 'outcome-table', cards: 'outcome-cards', caption: 'outcome-caption' }}
    />
  );
}
