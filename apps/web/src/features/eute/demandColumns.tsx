import { Anchor, Badge, Stack, Text } from '@mantine/core';
import { isBifurcated, type WaitingListEntry } from '@graftmatch/domain';
import { notDocumented, showDate, showMillimetreRange, showMillimetres } from '../../i18n/format';
import type { TFunction } from 'i18next';
import type { Column } from '../../components/ColumnTable';
import { EmailBreak } from '../../components/EmailBreak';
import { patientText, typeLabel } from '../grafts/graftFormat';

export type DemandColumn = Column<WaitingListEntry>;

/** Minimum lengths: total, and the branches of bifurcated types. */
export function demandLengths(t: TFunction, entry: WaitingListEntry): string {
  const atLeast = (value: number) => `≥ ${showMillimetres(value)}`;
  const total = atLeast(entry.query_l_min);
  return isBifurcated(entry.query_Type)
    ? t('eute.lengthsBifurcated', { total, left: atLeast(entry.query_l_l_min), right: atLeast(entry.query_l_r_min) })
    : total;
}

/** Who asks: the clinic, then the physician with mail and phone links. */
function Requester({ entry }: { entry: WaitingListEntry }) {
  const { physician_Name: name, physician_Email: email, physician_Phone: phone } = entry;
  return (
    <Stack gap={0}>
      <Text size="sm" fw={500}>
        {entry.c_Name}
      </Text>
      <Text size="sm">{name ?? notDocumented()}</Text>
      {email && (
        <Anchor href={`mailto:${email}`} size="sm">
          <EmailBreak email={email} />
        </Anchor>
      )}
      {phone && (
        <Anchor href={`tel:${phone.replace(/[^\d+]/g, '')}`} size="sm" className="nowrap">
          {phone}
        </Anchor>
      )}
    </Stack>
  );
}

/**
 * The facts of one demand entry; the table and the cards show the same ones. In the table the
 * fitting-graft badge holds only the number, its column header says what it counts.
 */
export function demandColumns(t: TFunction, table: boolean): DemandColumn[] {
  return [
    {
      key: 'patient',
      header: t('eute.patientCode'),
      nowrap: true,
      cell: (entry) => (
        <Text fw={600} size="sm" span data-testid="demand-patient">
          {patientText(t, entry.patient_Code)}
        </Text>
      ),
    },
    { key: 'type', header: t('graft.type'), cell: (entry) => typeLabel(t, entry.query_Type) },
    {
      key: 'diameter',
      header: t('eute.diameter'),
      nowrap: true,
      cell: (entry) => showMillimetreRange(entry.query_d_min, entry.query_d_max),
    },
    { key: 'lengths', header: t('eute.lengths'), cell: (entry) => demandLengths(t, entry) },
    {
      key: 'window',
      header: t('eute.implantWindow'),
      // Two lines where the table is narrow: a date never breaks, the range after its dash.
      cell: (entry) => (
        <>
          <span className="nowrap">{showDate(entry.query_i_min)} –</span>{' '}
          <span className="nowrap">{showDate(entry.query_i_max)}</span>
        </>
      ),
    },
    { key: 'requester', header: t('eute.requester'), cell: (entry) => <Requester entry={entry} /> },
    {
      key: 'matches',
      header: t('eute.fitting'),
      nowrap: true,
      cell: (entry) => (
        <Badge
          color={entry.matchingGrafts > 0 ? 'teal.9' : 'gray.7'}
          variant="filled"
          tt="none"
          data-testid="demand-matches"
        >
          {table ? entry.matchingGrafts : t('eute.fittingCount', { count: entry.matchingGrafts })}
        </Badge>
      ),
    },
    { key: 'added', header: t('eute.addedOn'), nowrap: true, cell: (entry) => showDate(entry.query_timestamp) },
  ];
}
