import type { ReactNode } from 'react';
import { Anchor, Badge, Group, Paper, SimpleGrid, Stack, Title } from '@mantine/core';
import { ListStatus, type Graft } from '@graftmatch/domain';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { ErrorAlert } from '../../components/ErrorAlert';
import { BackButton } from '../../components/BackButton';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { MediaSection } from '../media';
import { notDocumented, showDate, showPatientCode } from '../../i18n/format';
import { expiryDate, mm, typeLabel } from './graftFormat';
import { GraftFhirDownload } from './GraftFhirDownload';
import { GraftHistorySection } from './GraftHistory';
import { ProcessTimeline } from './ProcessTimeline';

/** A titled part of a details page. */
export function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Paper withBorder p="md" component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}

function Facts({ rows }: { rows: [string, ReactNode][] }) {
  return (
    <dl className="graft-facts">
      {rows.map(([label, value]) => (
        <div key={label}>
          <dt>{label}</dt>
          <dd>{value ?? notDocumented()}</dd>
        </div>
      ))}
    </dl>
  );
}

const text = (value: string | null) => (value && value.trim() ? value : notDocumented());

interface ScreenProps {
  lot: string;
  queryKey: readonly unknown[];
  load: (lot: string) => Promise<Graft>;
  /** Whether the caller uploads and deletes files here (the server checks again). */
  editable: boolean;
  /** What the caller may do with the graft, shown beside its type and status (the physician's requests). */
  actions?: (graft: Graft) => ReactNode;
  /** Whether the caller may read the graft's history, so nobody's page asks for one it would be refused. */
  history: (graft: Graft) => boolean;
}

/** One graft's details page (back link, title, facts, process steps), loaded the caller's way. */
export function GraftDetailsScreen({ lot, queryKey, load, editable, actions, history }: ScreenProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const graft = useQuery({ queryKey, queryFn: () => load(lot) });
  return (
    <>
      <BackButton />
      <PageTitle title={t('graft.detailsTitle', { lot })} />
      {graft.isPending && <PageLoader />}
      {graft.isError && <ErrorAlert error={graft.error} onRetry={() => void graft.refetch()} />}
      {graft.data && (
        <Stack gap="md">
          <GraftDetails
            graft={graft.data}
            actions={actions}
            media={
              <MediaSection
                graft={graft.data}
                editable={editable}
                onGraft={(changed) => queryClient.setQueryData(queryKey, changed)}
              />
            }
          />
          {history(graft.data) && <GraftHistorySection lot={lot} />}
        </Stack>
      )}
    </>
  );
}

/** The key facts (dimensions, identification), then the media, then the rest. */
function GraftDetails({ graft, actions, media }: { graft: Graft; actions: ScreenProps['actions']; media: ReactNode }) {
  const { t } = useTranslation();
  const patient = showPatientCode({
    initial: graft.patient_Initial,
    month: graft.patient_Month,
    year: graft.patient_Year,
  });
  return (
    <Stack gap="md" data-testid="graft-details">
      <Group gap="sm">
        <Badge size="lg" variant="light">
          {typeLabel(t, graft.t_ProdName_2)}
        </Badge>
        <Badge size="lg" variant="outline" color="gray.8" data-testid="graft-status">
          {t(`listStatus.${graft.listStatus}`)}
        </Badge>
        {actions?.(graft)}
        <GraftFhirDownload lot={graft.e_Lot} />
      </Group>
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        <Section title={t('graft.dimensions')}>
          <Facts
            rows={[
              [t('graft.dProximal'), mm(graft.t_Dproximal)],
              [t('graft.dDistal'), mm(graft.t_Ddistal)],
              [t('graft.lMin'), mm(graft.t_Lmin)],
              [t('graft.lMax'), mm(graft.t_Lmax)],
              [t('graft.lLeft'), mm(graft.t_Lleft)],
              [t('graft.lRight'), mm(graft.t_Lright)],
              [t('graft.dLeft'), mm(graft.t_Dleft)],
              [t('graft.dRight'), mm(graft.t_Dright)],
            ]}
          />
        </Section>
        <Section title={t('graft.identification')}>
          <Facts
            rows={[
              [t('graft.lot'), graft.e_Lot],
              [t('graft.xLot'), text(graft.x_Lot)],
              [t('graft.tLot'), text(graft.t_Lot)],
              [t('graft.sec'), text(graft.x_SEC)],
              [t('graft.expiry'), expiryDate(graft)],
              [t('graft.processedUntil'), showDate(graft.processedUntil)],
              [t('graft.tissueBank'), text(graft.e_Name)],
              [
                t('graft.contact'),
                graft.e_EMail ? <Anchor href={`mailto:${graft.e_EMail}`}>{graft.e_EMail}</Anchor> : notDocumented(),
              ],
            ]}
          />
        </Section>
      </SimpleGrid>
      {media}
      <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
        {graft.listStatus !== ListStatus.Free && (
          <Section title={t('graft.assignment')}>
            <Facts
              rows={[
                [t('graft.clinic'), text(graft.c_Name)],
                [t('graft.patientCode'), <span data-testid="graft-patient-code">{patient}</span>],
                [t('graft.implantWindow'), `${showDate(graft.i_Min)} – ${showDate(graft.i_Max)}`],
                [t('graft.implantPlan'), text(graft.a_Implant_Plan)],
                [t('graft.physician'), text(graft.physician_Name)],
                [t('graft.physicianEmail'), text(graft.physician_EMail)],
                [t('graft.physicianPhone'), text(graft.physician_Phone)],
                [t('graft.requestor'), text(graft.a_Requestor)],
              ]}
            />
          </Section>
        )}
        <Section title={t('graft.remarks')}>
          <Facts
            rows={[
              [t('graft.remarksDonor'), <span className="pre-wrap">{text(graft.d_Remarks_public)}</span>],
              [t('graft.remarksProcessing'), <span className="pre-wrap">{text(graft.x_Remarks_public)}</span>],
            ]}
          />
        </Section>
        <Section title={t('graft.process')}>
          <ProcessTimeline graft={graft} />
        </Section>
      </SimpleGrid>
    </Stack>
  );
}
