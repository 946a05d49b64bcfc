import type { ReactNode } from 'react';
import { Anchor } from '@mantine/core';
import { displayPatientCode, NOT_DOCUMENTED, type Graft } from '@graftmatch/domain';
import type { TFunction } from 'i18next';
import { Link } from 'react-router';
import { expiryDate, lengthRange, mm, typeLabel } from './graftFormat';

export type GraftListMode = 'search' | 'assigned';

export interface GraftColumn {
  key: string;
  header: string;
  cell: (graft: Graft) => ReactNode;
  /** Short values that read badly when broken over lines (lots, sizes, dates). */
  nowrap?: boolean;
}

function branches(graft: Graft): string {
  return graft.t_Lleft === null && graft.t_Lright === null ? NOT_DOCUMENTED : `${mm(graft.t_Lleft)} / ${mm(graft.t_Lright)}`;
}

/** The columns of a graft list; table and cards show the same facts (issue 5). */
export function graftColumns(t: TFunction, mode: GraftListMode): GraftColumn[] {
  const columns: GraftColumn[] = [
    {
      key: 'lot',
      header: t('graft.lot'),
      nowrap: true,
      cell: (graft) => (
        <Anchor component={Link} to={`/home/clinic/graft/${encodeURIComponent(graft.e_Lot)}`} fw={600} data-testid={`details-${graft.e_Lot}`}>
          {graft.e_Lot}
        </Anchor>
      ),
    },
    { key: 'type', header: t('graft.type'), cell: (graft) => typeLabel(t, graft.t_ProdName_2) },
    { key: 'proximal', header: t('graft.dProximal'), cell: (graft) => mm(graft.t_Dproximal), nowrap: true },
    { key: 'distal', header: t('graft.dDistal'), cell: (graft) => mm(graft.t_Ddistal), nowrap: true },
    { key: 'length', header: t('graft.length'), cell: (graft) => lengthRange(graft.t_Lmin, graft.t_Lmax), nowrap: true },
    { key: 'branches', header: t('graft.branches'), cell: branches },
    { key: 'expiry', header: t('graft.expiry'), cell: expiryDate, nowrap: true },
    { key: 'eute', header: t('graft.tissueBank'), cell: (graft) => graft.e_Name ?? NOT_DOCUMENTED },
  ];
  if (mode === 'assigned') {
    columns.push(
      { key: 'patient', header: t('graft.patientCode'), cell: (graft) => displayPatientCode({ initial: graft.patient_Initial, month: graft.patient_Month, year: graft.patient_Year }) },
      { key: 'clinic', header: t('graft.clinic'), cell: (graft) => graft.c_Name ?? NOT_DOCUMENTED },
    );
  }
  return columns;
}
