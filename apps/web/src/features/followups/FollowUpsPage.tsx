import { Anchor, Select, Text } from '@mantine/core';
import { FOLLOW_UP_STATES, webPaths, type FollowUp, type FollowUpState } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ColumnList, type ListForm } from '../../components/ColumnList';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PagedSection } from '../../components/PagePicker';
import { PageLoader } from '../../components/PageLoader';
import { PageTitle } from '../../components/PageTitle';
import { usePages } from '../../components/usePages';
import { useReadOnly } from '../auth';
import { listFollowUps } from './api';
import { followUpColumns } from './followUpColumns';
import { followUpKeys } from './keys';
import { LostButton } from './LostButton';
import { RecordEventButton, RecordVisitButton } from './RecordButtons';
import { visitLabel } from './recordForm';

const RECORDABLE: readonly FollowUpState[] = ['due', 'overdue', 'lost'];
const OPEN: readonly FollowUpState[] = ['upcoming', 'due', 'overdue'];

/** What may be done with a follow-up: record it once due (or back from lost), mark it lost, record an event of its graft. */
function Actions({ followUp, form }: { followUp: FollowUp; form: ListForm }) {
  const compact = form === 'table';
  return (
    <>
      {followUp.kind === 'scheduled' && RECORDABLE.includes(followUp.state) && (
        <RecordVisitButton followUp={followUp} compact={compact} />
      )}
      {followUp.kind === 'scheduled' && (followUp.state === 'due' || followUp.state === 'overdue') && (
        <LostButton followUp={followUp} compact={compact} />
      )}
      {/* A graft whose schedule still runs may have an event; a death or explant ended the rest. */}
      {OPEN.includes(followUp.state) && <RecordEventButton followUp={followUp} compact={compact} />}
    </>
  );
}

function FollowUpList({ state, lot }: { state: FollowUpState | null; lot: string | null }) {
  const { t } = useTranslation();
  const readOnly = useReadOnly();
  const paged = usePages(followUpKeys.list(state, lot), (page, signal) =>
    listFollowUps({ ...page, ...(state ? { state } : {}), ...(lot ? { lot } : {}) }, signal),
  );
  const { list } = paged;
  if (list.isPending) {
    return <PageLoader />;
  }
  if (list.isError) {
    return <ErrorAlert error={list.error} onRetry={() => void list.refetch()} />;
  }
  if (list.data.items.length === 0) {
    return (
      <EmptyState
        title={t(`followups.empty.${state ?? 'all'}`)}
        description={t('followups.emptyHint')}
        testId="followups-empty"
      />
    );
  }
  const from = (paged.page - 1) * paged.pageSize + 1;
  return (
    <PagedSection paging={paged} label={t('followups.pages')} testId="followups-pages">
      <ColumnList
        columns={followUpColumns(t)}
        rows={list.data.items}
        rowKey={(followUp) => followUp.id}
        rowAttributes={(followUp) => ({
          'data-testid': 'followup-row',
          'data-lot': followUp.lot,
          'data-visit': followUp.visit ?? 'unscheduled',
          'data-state': followUp.state,
        })}
        cardLabel={(followUp) => t('followups.cardLabel', { visit: visitLabel(t, followUp), lot: followUp.lot })}
        caption={t('followups.caption', { from, to: from + list.data.items.length - 1, total: list.data.total })}
        testIds={{ table: 'followups-table', cards: 'followups-cards', caption: 'followups-caption' }}
        actions={
          readOnly
            ? undefined
            : {
                header: t('followups.column.actions'),
                cell: (followUp, form) => <Actions followUp={followUp} form={form} />,
              }
        }
      />
    </PagedSection>
  );
}

/**
 * `home/clinic/followups`: the clinic's follow-ups, the most urgent first. `?state=` shows one
 * state (the home's counters link here), `?lot=` one graft's (a reminder links there).
 */
export function FollowUpsPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const state = FOLLOW_UP_STATES.find((known) => known === params.get('state')) ?? null;
  const lot = params.get('lot');
  return (
    <>
      <PageTitle title={t('followups.title')} />
      <Select
        label={t('followups.show')}
        data={[
          { value: 'all', label: t('followups.all') },
          ...FOLLOW_UP_STATES.map((value) => ({ value, label: t(`followups.state.${value}`) })),
        ]}
        value={state ?? 'all'}
        onChange={(value) =>
          setParams(
            {
              ...(value && value !== 'all' ? { state: value } : {}),
              ...(lot ? { lot } : {}),
            },
            { replace: true },
          )
        }
        allowDeselect={false}
        maw={280}
        mb="md"
        data-testid="followups-state"
      />
      {lot && (
        <Text size="sm" mb="sm" data-testid="followups-lot-filter">
          {t('followups.onlyLot', { lot })}{' '}
          <Anchor component={Link} to={webPaths.clinicFollowUps(state ? { state } : {})}>
            {t('followups.showAll')}
          </Anchor>
        </Text>
      )}
      <FollowUpList key={`${state ?? 'all'}|${lot ?? ''}`} state={state} lot={lot} />
    </>
  );
}
