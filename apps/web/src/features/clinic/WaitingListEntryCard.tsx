import { Badge, Button, Card, Group, Text } from '@mantine/core';
import { IconEdit, IconSearch, IconTrash } from '@tabler/icons-react';
import { isBifurcated, type WaitingListEntry } from '@graftmatch/domain';
import { showDate, showMillimetreRange, showMillimetres } from '../../i18n/format';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { patientText, typeLabel } from '../grafts/graftFormat';
import { entryQuery, searchPath } from '../grafts/searchQuery';

interface Props {
  entry: WaitingListEntry;
  /** Left out for readers who change nothing (auditors): then neither button is shown. */
  onEdit?: () => void;
  onRemove?: () => void;
}

/** One standing search: what is sought, for whom, when, and how many free grafts fit it now. */
export function WaitingListEntryCard({ entry, onEdit, onRemove }: Props) {
  const { t } = useTranslation();
  const patient = patientText(t, entry.patient_Code);
  const facts: [string, string][] = [
    [t('waitingList.patientCode'), patient],
    [t('search.diameter'), showMillimetreRange(entry.query_d_min, entry.query_d_max)],
    [t('search.totalLength'), `≥ ${showMillimetres(entry.query_l_min)}`],
    ...(isBifurcated(entry.query_Type)
      ? ([
          [t('search.leftLength'), `≥ ${showMillimetres(entry.query_l_l_min)}`],
          [t('search.rightLength'), `≥ ${showMillimetres(entry.query_l_r_min)}`],
        ] as [string, string][])
      : []),
    [t('waitingList.implantWindow'), `${showDate(entry.query_i_min)} – ${showDate(entry.query_i_max)}`],
    [t('waitingList.physician'), entry.physician_Name ?? t('common.notDocumented')],
    [t('waitingList.createdAt'), showDate(entry.query_timestamp)],
  ];
  const matches = entry.matchingGrafts;
  return (
    <Card
      withBorder
      padding="md"
      component="article"
      data-testid="wl-entry"
      data-entry-id={entry.waitinglistid}
      aria-label={t('waitingList.entryLabel', { type: typeLabel(t, entry.query_Type), patient })}
    >
      <Group justify="space-between" align="flex-start" mb="xs" wrap="nowrap">
        <Text fw={600}>{typeLabel(t, entry.query_Type)}</Text>
        <Badge
          color={matches > 0 ? 'teal.9' : 'gray.7'}
          variant="filled"
          tt="none"
          style={{ flexShrink: 0 }}
          data-testid="wl-matches"
        >
          {t('waitingList.matches', { count: matches })}
        </Badge>
      </Group>
      <dl className="graft-facts">
        {facts.map(([label, value]) => (
          <div key={label}>
            <dt>{label}</dt>
            <dd>{value}</dd>
          </div>
        ))}
      </dl>
      <Group mt="md" gap="xs">
        <Button
          component={Link}
          to={searchPath(entry.query_Type, entryQuery(entry))}
          size="xs"
          leftSection={<IconSearch size={14} aria-hidden />}
          data-testid="wl-show-matches"
        >
          {t('waitingList.showMatches')}
        </Button>
        {onEdit && (
          <Button
            size="xs"
            variant="default"
            leftSection={<IconEdit size={14} aria-hidden />}
            onClick={onEdit}
            data-testid="wl-edit"
          >
            {t('common.edit')}
          </Button>
        )}
        {onRemove && (
          <Button
            size="xs"
            variant="default"
            color="red"
            leftSection={<IconTrash size={14} aria-hidden />}
            onClick={onRemove}
            data-testid="wl-remove"
          >
            {t('common.remove')}
          </Button>
        )}
      </Group>
    </Card>
  );
}
