import { Anchor } from '@mantine/core';
import { PROCESS_STEP_NAMES, StepStatus, type Graft } from '@graftmatch/domain';
import { notDocumented, showPatientCode } from '../../i18n/format';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import type { Column } from '../../components/ColumnTable';
import { expiryDate, lengthRange, mm, typeLabel } from './graftFormat';

/** Free search results, a clinic's assigned grafts, or a tissue bank's donations (with their process state). */
export type GraftListMode = 'search' | 'assigned' | 'donations';

/** Where a graft's LOT links to. */
export type DetailsPath = (lot: string) => string;

export const clinicDetailsPath: DetailsPath = (lot) => `/home/clinic/graft/${encodeURIComponent(lot)}`;

export type GraftColumn = Column<Graft>;

function branches(graft: Graft): string {
  return graft.t_Lleft === null && graft.t_Lright === null
    ? notDocumented()
    : `${mm(graft.t_Lleft)} / ${mm(graft.t_Lright)}`;
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
    cell: (graft) => (
      <Anchor component={Link} to={detailsPath(graft.e_Lot)} fw={600} data-testid={`details-${graft.e_Lot}`}>
        {graft.e_Lot}
      </Anchor>
    ),
  };
}

/** The columns of a graft list; table and cards show the same facts. */
export function graftColumns(
  t: TFunction,
  mode: GraftListMode,
  detailsPath: DetailsPath = clinicDetailsPath,
): GraftColumn[] {
  const columns: GraftColumn[] = [
    lotColumn(t, detailsPath),
    { key: 'type', header: t('graft.type'), cell: (graft) => typeLabel(t, graft.t_ProdName_2) },
    { key: 'proximal', header: t('graft.dProximal'), cell: (graft) => mm(graft.t_Dproximal), nowrap: true },
    { key: 'distal', header: t('graft.dDistal'), cell: (graft) => mm(graft.t_Ddistal), nowrap: true },
    {
      key: 'length',
      header: t('graft.length'),
      cell: (graft) => lengthRange(graft.t_Lmin, graft.t_Lmax),
      nowrap: true,
    },
    { key: 'branches', header: t('graft.branches'), cell: branches },
    { key: 'expiry', header: t('graft.expiry'), cell: expiryDate, nowrap: true },
    { key: 'eute', header: t('graft.tissueBank'), cell: (graft) => graft.e_Name ?? notDocumented() },
  ];
  if (mode === 'assigned' || mode === 'donations') {
    columns.push(
      {
        key: 'patient',
        header: t('graft.patientCode'),
        cell: (graft) =>
          showPatientCode({ initial: graft.patient_Initial, month: graft.patient_Month, year: graft.patient_Year }),
      },
      { key: 'clinic', header: t('graft.clinic'), cell: (graft) => graft.c_Name ?? notDocumented() },
    );
  }
  if (mode === 'donations') {
    columns.push({ key: 'state', header: t('eute.processState'), cell: (graft) => processState(t, graft) });
  }
  return columns;
}
