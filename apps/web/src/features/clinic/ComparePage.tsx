import type { ReactNode } from 'react';
import { Anchor, Card, SimpleGrid, Stack, Table, Text } from '@mantine/core';
import { isBifurcated, webPaths, type Graft } from '@graftmatch/domain';
import { useQueries } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { EmptyState } from '../../components/EmptyState';
import { PageLoader } from '../../components/PageLoader';
import { BackButton } from '../../components/BackButton';
import { PageTitle } from '../../components/PageTitle';
import { useSmallScreen } from '../../components/useScreen';
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
  const small = useSmallScreen();
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
  const facts = factRows(t, loaded);
  const unavailable = (
    <Text size="sm" c="red.9" data-testid="compare-unavailable">
      {t('compare.unavailable')}
    </Text>
  );
  return (
    <>
      <BackButton />
      <PageTitle title={t('compare.title')} />
      {grafts.some((graft) => graft.isPending) && <PageLoader />}
      {small ? (
        // A phone has no room for columns side by side: a card a graft, its facts in the same order.
        <Stack gap="xs">
          <Text size="sm" c="dimmed">
            {t('compare.caption', { count: lots.length })}
          </Text>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" data-testid="compare-cards">
            {grafts.map((graft, index) => (
              <Card key={lots[index]} withBorder padding="md" component="article" aria-label={lots[index]}>
                <Anchor component={Link} to={webPaths.clinicGraft(lots[index]!)} fw={600} data-testid="compare-lot">
                  {lots[index]}
                </Anchor>
                {graft.data ? (
                  <dl className="graft-facts">
                    {facts.map(([label, cell]) => (
                      <div key={label}>
                        <dt>{label}</dt>
                        <dd>{cell(graft.data)}</dd>
                      </div>
                    ))}
                  </dl>
                ) : (
                  graft.isError && unavailable
                )}
              </Card>
            ))}
          </SimpleGrid>
        </Stack>
      ) : (
        <Table.ScrollContainer minWidth={160 + lots.length * 150}>
          <Table verticalSpacing="sm" data-testid="compare-table" layout="fixed">
            <Table.Caption>{t('compare.caption', { count: lots.length })}</Table.Caption>
            <Table.Thead>
              <Table.Tr>
                <Table.Td w={160} />
                {lots.map((lot) => (
                  <Table.Th key={lot} scope="col" data-testid="compare-lot">
                    <Anchor component={Link} to={webPaths.clinicGraft(lot)} fw={600}>
                      {lot}
                    </Anchor>
                  </Table.Th>
                ))}
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {facts.map(([label, cell], row) => (
                <Table.Tr key={label}>
                  <Table.Th scope="row">{label}</Table.Th>
                  {grafts.map((graft, index) => (
                    <Table.Td key={lots[index]}>
                      {graft.data ? cell(graft.data) : graft.isError && row === 0 && unavailable}
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
    </>
  );
}
