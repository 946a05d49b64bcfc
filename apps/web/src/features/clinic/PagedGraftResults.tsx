import type { ComponentProps } from 'react';
import { Stack } from '@mantine/core';
import type { Graft } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { PagePicker } from '../../components/PagePicker';
import type { ServerPages } from '../../components/usePages';
import { GraftResults } from './GraftResults';

interface Props extends Omit<ComponentProps<typeof GraftResults>, 'grafts' | 'caption'> {
  paged: ServerPages<Graft>;
  /** The caption for the count of all grafts of the list, not only this page's. */
  caption: (total: number) => string;
}

/** The shown page of a graft list (`usePages`) with the picker of its pages; nothing while it has none. */
export function PagedGraftResults({ paged, caption, ...results }: Props) {
  const { t } = useTranslation();
  const data = paged.list.data;
  if (!data || data.items.length === 0) {
    return null;
  }
  return (
    <Stack gap="md">
      <GraftResults {...results} grafts={data.items} caption={caption(data.total)} />
      <PagePicker
        pages={paged.pages}
        page={paged.page}
        onChange={paged.setPage}
        label={t('common.graftPages')}
        testId="graft-pages"
      />
    </Stack>
  );
}
