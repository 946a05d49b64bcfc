import { useState } from 'react';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { graftTypeFromSlug, SEARCH_DEFAULTS, type GraftSearchQuery, type GraftTypeNumber } from '@graftmatch/domain';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { searchGrafts } from './api';
import { clinicKeys } from './keys';
import { defaultQuery, forType, queryFromParams, searchPath } from './searchQuery';

/**
 * State of the search page (spec §4): the type from the route, the submitted search from the URL,
 * the filter's draft, and whether the filter shows. A successful search hides the filter; reset
 * clears the results and keeps only the type; choosing a type shows the filter.
 */
export function useGraftSearch() {
  const { type: slug } = useParams();
  const type = slug ? graftTypeFromSlug(slug) : null;
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const submitted = type === null ? null : queryFromParams(type, params);
  const [draft, setDraft] = useState<GraftSearchQuery>(() => submitted ?? defaultQuery(type ?? SEARCH_DEFAULTS.type));
  // null: follow the rule (open until a search succeeded); true/false: the person's own choice.
  const [filterChoice, setFilterChoice] = useState<boolean | null>(null);

  const results = useQuery({
    queryKey: submitted ? clinicKeys.search(submitted) : ['clinic', 'search', 'none'],
    queryFn: ({ signal }) => searchGrafts(submitted as GraftSearchQuery, signal),
    enabled: submitted !== null,
    // While a changed search runs, the previous results stay instead of a blank page.
    placeholderData: keepPreviousData,
  });
  const succeeded = submitted !== null && results.isSuccess && !results.isPlaceholderData;
  const filterOpen = filterChoice ?? !succeeded;
  const draftForType = type === null ? draft : forType(draft, type);

  return {
    slug,
    type,
    unknownType: slug !== undefined && type === null,
    submitted,
    draft: draftForType,
    setDraft,
    results,
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
      void navigate(searchPath(type, draftForType));
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
