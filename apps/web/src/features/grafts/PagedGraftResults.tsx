import { useDeferredValue, type ComponentProps } from 'react';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { PagedSection } from '../../components/PagePicker';
import type { ServerPages } from '../../components/usePages';
import { useLargeScreen } from '../../components/useScreen';
import { GraftResults } from './GraftResults';
import { GraftSortSelect } from './GraftSortSelect';

interface Props extends Omit<ComponentProps<typeof GraftResults>, 'grafts' | 'caption'> {
  paged: ServerPages<Graft>;
  /** The name of the list's own order, for the order picker of cards (which have no headers to click). */
  ownOrder?: string;
  /** The caption for the count of all grafts of the list, not only this page's. */
  caption: (total: number) => string;
}

/** The shown page of a graft list (`usePages`) with the picker of its pages; nothing while it has none. */
export function PagedGraftResults({ paged, caption, ownOrder, ...results }: Props) {
  const { t } = useTranslation();
  const cards = !useLargeScreen();
  // A new answer is drawn in a background render: the answer arrives in an urgent update
  // (the query cache's subscription), which would draw the whole page in one block.
  const data = useDeferredValue(paged.list.data ?? null, null);
  if (!data || data.items.length === 0) {
    return null;
  }
  return (
    <PagedSection paging={paged} label={t('common.graftPages')} testId="graft-pages">
      {cards && results.sorting && ownOrder && <GraftSortSelect sorting={results.sorting} ownLabel={ownOrder} />}
      <GraftResults {...results} grafts={data.items} caption={caption(data.total)} />
    </PagedSection>
  );
}
