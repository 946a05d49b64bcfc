import { Anchor, Group, Text } from '@mantine/core';
import {
  diameterOffset,
  expiryUrgency,
  isBifurcated,
  PROCESS_STEP_NAMES,
  StepStatus,
  toIsoDate,
  utcDate,
  webPaths,
  type Graft,
  type GraftSearchQuery,
} from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { notDocumented, showMillimetreOffset, showNumber, showPatientCode } from '../../i18n/format';
import { ExpiryBadge } from './ExpiryBadge';
import { expiryDate, lengthRange, mm, typeLabel } from './graftFormat';
import { sortHeader, type SortColumn, type Sorting } from './graftSort';
import { MediaMarks } from './MediaMarks';

/** Free search results, a clinic's assigned grafts, or a tissue bank's donations (with their process state). */
export type GraftListMode = 'search' | 'assigned' | 'donations';

/** Where a graft's LOT links to. */
export type DetailsPath = (lot: string) => string;

export type GraftColumn = Column<Graft>;

/** The total length, and under it the branch lengths of a type with branches. */
function LengthCell({ graft, t }: { graft: Graft; t: TFunction }) {
  const length = lengthRange(graft.t_Lmin, graft.t_Lmax);
  if (!isBifurcated(graft.t_ProdName_2)) {
    return length;
  }
  const branches =
    graft.t_Lleft === null && graft.t_Lright === null
      ? notDocumented()
      : `${graft.t_Lleft === null ? notDocumented() : showNumber(graft.t_Lleft)} / ${mm(graft.t_Lright)}`;
  return (
    <>
      {length}
      <Text span display="block" size="xs" c="dimmed">
        {t('graft.branchesShort', { branches })}
      </Text>
    </>
  );
}

/**
 * The expiry date; in search results a graft expiring within 30 days is flagged as the bank's stock
 * flags it, so a physician sees it may run out before the implantation.
 */
function ExpiryCell({ graft, flagged }: { graft: Graft; flagged: boolean }) {
  const urgency = flagged ? expiryUrgency(toIsoDate(graft.expiry.outValue), utcDate(new Date())) : null;
  const date = (
    <span className="nowrap" data-testid="graft-expiry">
      {expiryDate(graft)}
    </span>
  );
  // The flag goes under the date where the table is narrow, rather than widening it past the screen.
  return urgency === 'within30' ? (
    <Group gap={6}>
      {date}
      <ExpiryBadge urgency={urgency} />
    </Group>
  ) : (
    date
  );
}

/** Proximal / distal diameter, the unit once. */
function diameters(graft: Graft): string {
  return graft.t_Ddistal === null
    ? mm(graft.t_Dproximal)
    : `${graft.t_Dproximal === null ? notDocumented() : showNumber(graft.t_Dproximal)} / ${mm(graft.t_Ddistal)}`;
}

/** The furthest process step that is no longer open, as `Step: status` (a failed one says so). */
export function processState(t: TFunction, graft: Graft): string {
  const reached = PROCESS_STEP_NAMES.filter((name) => graft[name].status !== StepStatus.Open);
  const failed = reached.find((name) => graft[name].status === StepStatus.Failed);
  const step = failed ?? reached.at(-1);
  return step ? `${t(`steps.${step}`)}: ${t(`stepStatus.${graft[step].status}`)}` : notDocumented();
}

/** The LOT, linking to the graft's details page. */
export function lotColumn(t: TFunction, detailsPath: DetailsPath): Column<Pick<Graft, 'e_Lot'>> {
  return {
    key: 'lot',
    header: t('graft.lot'),
    nowrap: true,
    // An unusually long LOT is cut short (its title has it all) rather than pushing the row's buttons off the screen.
    cell: (graft) => (
      <Anchor
        component={Link}
        to={detailsPath(graft.e_Lot)}
        fw={600}
        fz="sm"
        className="lot-cut"
        title={graft.e_Lot}
        data-testid={`details-${graft.e_Lot}`}
      >
        {graft.e_Lot}
      </Anchor>
    ),
  };
}

interface ColumnOptions {
  /** Where a LOT links to; the clinic's graft details unless given. */
  detailsPath?: DetailsPath | undefined;
  /** The sortable headers' order and its change; without it no header sorts. */
  sorting?: Sorting | undefined;
  /** The search the list answers: its type is the page's, and each diameter is shown against its range. */
  query?: GraftSearchQuery | undefined;
  /** The shown grafts: the clinic is a column only when they are of more than one. */
  grafts: readonly Graft[];
}

/**
 * The columns of a graft list by priority, so a table fits a 1280 px screen (docs/decisions.md
 * "Tables that fit"): nothing the page already says (the searched type, the bank's own name), branch
 * lengths only under a type with branches, the clinic only when there are several; media marks beside
 * a search result's LOT; table and cards show the same facts.
 */
export function graftColumns(t: TFunction, mode: GraftListMode, options: ColumnOptions): GraftColumn[] {
  const { sorting, query } = options;
  const sort = (column: SortColumn) => sorting && sortHeader(sorting.sort, column, sorting.onSort);
  const hasBranches = query
    ? isBifurcated(query.query_type)
    : options.grafts.some((graft) => isBifurcated(graft.t_ProdName_2));
  const lot = lotColumn(t, options.detailsPath ?? webPaths.clinicGraft);
  const columns: GraftColumn[] = [
    mode === 'search'
      ? {
          ...lot,
          cell: (graft) => (
            <Group gap={8} wrap="nowrap">
              {lot.cell(graft)}
              <MediaMarks graft={graft} />
            </Group>
          ),
        }
      : lot,
  ];
  if (!query) {
    const label = (graft: Graft) => typeLabel(t, graft.t_ProdName_2);
    columns.push({ key: 'type', header: t('graft.type'), cell: label, clamp: label });
  }
  columns.push({ key: 'size', header: t('graft.diameters'), cell: diameters, nowrap: true, sort: sort('size') });
  if (query) {
    columns.push({
      key: 'offset',
      header: t('search.offset'),
      nowrap: true,
      cell: (graft) => <span data-testid="diameter-offset">{offsetText(diameterOffset(graft, query))}</span>,
    });
  }
  columns.push({
    key: 'length',
    header: t(hasBranches ? 'graft.lengthBranches' : 'graft.length'),
    cell: (graft) => <LengthCell graft={graft} t={t} />,
    nowrap: true,
  });
  columns.push({
    key: 'expiry',
    header: t('graft.expiry'),
    cell: (graft) => <ExpiryCell graft={graft} flagged={mode === 'search'} />,
    sort: sort('expiry'),
  });
  if (mode !== 'donations') {
    const bank = (graft: Graft) => graft.e_Name ?? notDocumented();
    columns.push({ key: 'eute', header: t('graft.tissueBank'), cell: bank, clamp: bank });
  }
  if (mode === 'assigned' || mode === 'donations') {
    columns.push({
      key: 'patient',
      header: t('graft.patientCode'),
      nowrap: true,
      cell: (graft) =>
        showPatientCode({ initial: graft.patient_Initial, month: graft.patient_Month, year: graft.patient_Year }),
    });
    const clinic = (graft: Graft) => graft.c_Name ?? notDocumented();
    if (mode === 'donations' || new Set(options.grafts.map(clinic)).size > 1) {
      columns.push({ key: 'clinic', header: t('graft.clinic'), cell: clinic, clamp: clinic });
    }
  }
  if (mode === 'donations') {
    columns.push({ key: 'state', header: t('eute.processState'), cell: (graft) => processState(t, graft) });
  }
  return columns;
}

/** A diameter's distance from the middle of the searched range: `±0 mm`, `+0.5 mm`, `−1 mm`. */
function offsetText(offset: number | null): string {
  if (offset === null) {
    return notDocumented();
  }
  return showMillimetreOffset(offset);
}
