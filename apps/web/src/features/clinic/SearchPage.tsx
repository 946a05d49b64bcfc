import { useDeferredValue, useState } from 'react';
import { Button, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { IconAdjustments, IconClipboardPlus, IconPencil } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { EmptyState } from '../../components/EmptyState';
import { ErrorAlert } from '../../components/ErrorAlert';
import { PageTitle } from '../../components/PageTitle';
import { useReadOnly } from '../auth';
import { typeLabel } from '../grafts/graftFormat';
import { PagedGraftResults } from '../grafts/PagedGraftResults';
import { NotFoundPage } from '../home';
import { RequestInAppButton } from '../requests';
import { CompareBar } from './CompareBar';
import { FilterPanel } from './FilterPanel';
import { GraftTypePicker } from './GraftTypePicker';
import { HintBanner } from './HintBanner';
import { RequestButton } from './RequestButton';
import { useGraftSearch } from './useGraftSearch';
import { LazyWaitingListFormModal } from './LazyWaitingListFormModal';
import { MAX_COMPARED } from './compareLots';
import { searchSummary } from './searchSummary';

/** `home/clinic/search` and `home/clinic/search/{type}`: pick a type, filter, see free grafts. */
export function SearchPage() {
  const { t } = useTranslation();
  const search = useGraftSearch();
  const [adding, setAdding] = useState(false);
  const [compared, setCompared] = useState<string[]>([]);
  const readOnly = useReadOnly();
  const { type, results, submitted } = search;
  // Without a search, the last results kept for the next one are not shown.
  const found = submitted ? results.list.data : undefined;
  // The hint below the results comes in the background render that draws the list's last rows
  // (components/useRowsInSlices.ts), so no row pushes it down on a phone.
  const listDrawn = useDeferredValue(found !== undefined, false);
  if (search.unknownType) {
    return <NotFoundPage />;
  }
  return (
    <>
      <PageTitle title={type === null ? t('search.title') : t('search.titleFor', { type: typeLabel(t, type) })}>
        {type !== null && (
          <Group gap="xs">
            <Button
              variant="default"
              leftSection={<IconAdjustments size={16} aria-hidden />}
              onClick={search.toggleFilter}
              aria-expanded={search.filterOpen}
              aria-controls="search-filter"
              data-testid="filter-toggle"
            >
              {search.filterOpen ? t('search.hideFilter') : t('search.showFilter')}
            </Button>
            {!readOnly && (
              <Button
                leftSection={<IconClipboardPlus size={16} aria-hidden />}
                onClick={() => setAdding(true)}
                data-testid="wl-add-button"
              >
                {t('waitingList.addSearch')}
              </Button>
            )}
          </Group>
        )}
      </PageTitle>
      {/* Before a search the hint explains the page; after one it waits below the results, so they come first on a
          phone and nothing they would push down is drawn before them (docs/performance.md "Web delivery"). */}
      {!submitted && <HintBanner />}
      <Stack gap="md">
        {(type === null || search.filterOpen) && <GraftTypePicker value={type} onSelect={search.selectType} />}
        {submitted && !search.filterOpen && (
          <UnstyledButton
            onClick={search.toggleFilter}
            aria-expanded={false}
            aria-controls="search-filter"
            aria-label={t('search.editSearch', { summary: searchSummary(t, submitted) })}
            data-testid="search-summary"
          >
            <Group gap="xs" wrap="nowrap">
              <IconPencil size={16} aria-hidden />
              <Text fw={600}>{searchSummary(t, submitted)}</Text>
            </Group>
          </UnstyledButton>
        )}
        {type !== null && search.filterOpen && (
          <FilterPanel
            value={search.draft}
            onChange={search.setDraft}
            onSearch={search.search}
            onReset={search.reset}
          />
        )}
        {submitted && results.list.isError && (
          <ErrorAlert error={results.list.error} onRetry={() => void results.list.refetch()} />
        )}
        {found?.total === 0 && (
          <EmptyState title={t('search.noResults')} description={t('search.noResultsHint')} testId="search-empty" />
        )}
        {found && (
          <PagedGraftResults
            paged={results}
            mode="search"
            query={submitted ?? undefined}
            sorting={search.sorting}
            ownOrder={t('sort.bestFit')}
            selection={{
              selected: compared,
              max: MAX_COMPARED,
              onToggle: (lot) =>
                setCompared((lots) => (lots.includes(lot) ? lots.filter((one) => one !== lot) : [...lots, lot])),
            }}
            actions={
              readOnly
                ? undefined
                : (graft, form) => (
                    <>
                      <RequestInAppButton graft={graft} compact={form === 'table'} />
                      <RequestButton lot={graft.e_Lot} compact={form === 'table'} />
                    </>
                  )
            }
            caption={(total) =>
              t(search.sorting.sort ? 'search.resultCountSorted' : 'search.resultCount', { count: total })
            }
          />
        )}
        {compared.length > 0 && <CompareBar compared={compared} onClear={() => setCompared([])} />}
        {found && listDrawn && <HintBanner />}
      </Stack>
      {type !== null && (
        <LazyWaitingListFormModal
          opened={adding}
          onClose={() => setAdding(false)}
          initialQuery={submitted ?? search.draft}
        />
      )}
    </>
  );
}
