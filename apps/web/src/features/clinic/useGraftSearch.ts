import { useEffect, useMemo, useState } from 'react';
import { graftTypeFromSlug, SEARCH_DEFAULTS, type GraftSearchQuery, type GraftTypeNumber } from '@graftmatch/domain';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { searchGrafts } from './api';
import { clinicKeys } from './keys';
import { pageFromParams, usePages, withPage } from '../../components/usePages';
import { sortFromParams, withSort, type Sorting } from '../grafts/graftSort';
import { lastSearch, rememberSearch } from './lastSearch';
import { defaultQuery, forType, queryFromParams, searchPath } from '../grafts/searchQuery';

/**
 * State of the search page (spec §4): the type from the route, the submitted search and its
 * results page from the URL, the filter's draft (the submitted search, else the last one, else the
 * defaults), and whether the filter shows. A successful
 * search hides the filter; reset clears the results and keeps only the type; choosing a type
 * shows the filter. Results come a page at a time, best fit first or in the URL's order; a new
 * search starts on page 1 in the same order.
 */
export function useGraftSearch() {
  const { type: slug } = useParams();
  const type = slug ? graftTypeFromSlug(slug) : null;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const submitted = useMemo(() => (type === null ? null : queryFromParams(type, params)), [type, params]);
  const sort = sortFromParams(params);
  const [draft, setDraft] = useState<GraftSearchQuery>(
    () => submitted ?? lastSearch() ?? defaultQuery(type ?? SEARCH_DEFAULTS.type),
  );
  useEffect(() => {
    if (submitted) {
      rememberSearch(submitted);
    }
  }, [submitted]);
  // null: follow the rule (open until a search succeeded); true/false: the person's own choice.
  const [filterChoice, setFilterChoice] = useState<boolean | null>(null);

  // While a changed search or another page loads, the shown results stay instead of a blank page.
  const results = usePages(
    submitted ? clinicKeys.search(submitted, sort) : ['clinic', 'search', 'none'],
    (page, signal) => searchGrafts(submitted as GraftSearchQuery, { ...page, ...(sort && { sort }) }, signal),
    {
      enabled: submitted !== null,
      position: {
        page: pageFromParams(params),
        setPage: (page) => {
          // Turning pages leaves the filter hidden (the search has answered) unless the person opened it.
          setFilterChoice((choice) => choice ?? false);
          // In place: back leaves the search rather than stepping through its pages.
          setParams((current) => withPage(current, page), { replace: true });
        },
      },
    },
  );
  const succeeded = submitted !== null && results.list.isSuccess && !results.list.isPlaceholderData;
  const filterOpen = filterChoice ?? !succeeded;
  const draftForType = type === null ? draft : forType(draft, type);
  const sorting: Sorting = {
    sort,
    // In place, as turning pages: back leaves the search rather than stepping through its orders.
    onSort: (next) => {
      setFilterChoice((choice) => choice ?? false);
      setParams((current) => withSort(current, next), { replace: true });
    },
  };

  return {
    slug,
    type,
    unknownType: slug !== undefined && type === null,
    submitted,
    draft: draftForType,
    setDraft,
    results,
    sorting,
    filterOpen,
    toggleFilter: () => setFilterChoice(!filterOpen),
    selectType: (next: GraftTypeNumber) => {
      setFilterChoice(true);
      void navigate(searchPath(next));
    },
    search: () => {
      if (type === null) {
        return;
      }
      setFilterChoice(null);
      void navigate(searchPath(type, draftForType, sort));
    },
    reset: () => {
      if (type === null) {
        return;
      }
      setDraft(defaultQuery(type));
      setFilterChoice(null);
      void navigate(searchPath(type));
    },
  };
}
