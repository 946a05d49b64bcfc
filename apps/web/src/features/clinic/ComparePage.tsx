import type { ReactNode } from 'react';
import { Anchor, Table, Text } from '@mantine/core';
import { isBifurcated, type Graft } from '@graftmatch/domain';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { BackButton } from '../../components/BackButton';
import { PageTitle } from '../../components/PageTitle';
import { clinicDetailsPath } from '../grafts/graftColumns';
import { expiryDate, lengthRange, mm, typeLabel } from '../grafts/graftFormat';
import { MediaMarks } from '../grafts/MediaMarks';
import { orNotDocumented } from '../../i18n/format';
import { FirstPhoto } from '../media';
import { getGraft } from './api';
import { lotsFromParams } from './compareLots';
import { clinicKeys } from './keys';

/** The facts compared, a row each: its label and how a graft fills its cell. */
function factRows(t: ReturnType<typeof useTranslation>['t'], grafts: Graft[]): [string, (graft: Graft) => ReactNode][] {
  const rows: [string, (graft: Graft) => ReactNode][] = [
    [t('compare.photo'), (graft) => <FirstPhoto lot={graft.e_Lot} files={graft.fotoFiles} />],
    [t('media.column'), (graft) => <MediaMarks graft={graft} sayNone />],
    [t('graft.type'), (graft) => typeLabel(t, graft.t_ProdName_2)],
    [t('graft.dProximal'), (graft) => mm(graft.t_Dproximal)],
    [t('graft.dDistal'), (graft) => mm(graft.t_Ddistal)],
    [t('graft.length'), (graft) => lengthRange(graft.t_Lmin, graft.t_Lmax)],
  ];
  if (grafts.some((graft) => isBifurcated(graft.t_ProdName_2))) {
    rows.push([t('graft.lLeft'), (graft) => mm(graft.t_Lleft)], [t('graft.lRight'), (graft) => mm(graft.t_Lright)]);
  }
  rows.push(
    [t('graft.expiry'), (graft) => <span data-testid="compare-expiry">{expiryDate(graft)}</span>],
    [t('graft.tissueBank'), (graft) => orNotDocumented(graft.e_Name)],
    [t('graft.remarksDonor'), (graft) => <span className="pre-wrap">{orNotDocumented(graft.d_Remarks_public)}</span>],
    [
      t('graft.remarksProcessing'),
      (graft) => <span className="pre-wrap">{orNotDocumented(graft.x_Remarks_public)}</span>,
    ],
  );
  return rows;
}

/**
 * `home/clinic/compare?lots=A,B,C`: two to four grafts side by side (photo, media, dimensions,
 * expiry, bank, remarks), at a URL that can be shared and reloaded. A graft no longer visible to
 * the reader (taken meanwhile) says so in its column.
 */
export function ComparePage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const lots = lotsFromParams(params);
  const grafts = useQueries({
    queries: lots.map((lot) => ({ queryKey: clinicKeys.graft(lot), queryFn: () => getGraft(lot), retry: false })),
  });
  const loaded = grafts.flatMap((graft) => (graft.data ? [graft.data] : []));
  if (lots.length < 2) {
    return (
      <>
        <BackButton />
        <PageTitle title={t('compare.title')} />
        <EmptyState title={t('compare.tooFew')} description={t('compare.tooFewHint')} testId="compare-empty" />
      </>
    );
  }
  return (
    <>
      <BackButton />
      <PageTitle title={t('compare.title')} />
      {grafts.some((graft) => graft.isPending) && <PageLoader />}
      <Table.ScrollContainer minWidth={160 + lots.length * 150}>
        <Table verticalSpacing="sm" data-testid="compare-table" layout="fixed">
          <Table.Caption>{t('compare.caption', { count: lots.length })}</Table.Caption>
          <Table.Thead>
            <Table.Tr>
              <Table.Td w={160} />
              {lots.map((lot) => (
                <Table.Th key={lot} scope="col" data-testid="compare-lot">
                  <Anchor component={Link} to={clinicDetailsPath(lot)} fw={600}>
                    {lot}
                  </Anchor>
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {factRows(t, loaded).map(([label, cell], row) => (
              <Table.Tr key={label}>
                <Table.Th scope="row">{label}</Table.Th>
                {grafts.map((graft, index) => (
                  <Table.Td key={lots[index]}>
                    {graft.data
                      ? cell(graft.data)
                      : graft.isError &&
                        row === 0 && (
                          <Text size="sm" c="red.9" data-testid="compare-unavailable">
                            {t('compare.unavailable')}
                          </Text>
                        )}
                  </Table.Td>
                ))}
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
    </>
  );
}
