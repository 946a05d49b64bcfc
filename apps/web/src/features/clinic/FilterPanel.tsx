import type { FormEvent } from 'react';
import { Button, Group, Paper } from '@mantine/core';
import { IconRefresh, IconSearch } from '@tabler/icons-react';
import type { GraftSearchQuery } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { CriteriaFields } from './CriteriaFields';

interface Props {
  value: GraftSearchQuery;
  onChange: (value: GraftSearchQuery) => void;
  onSearch: () => void;
  onReset: () => void;
}

/** The search filter panel (spec §2): criteria, search, and reset. */
export function FilterPanel({ value, onChange, onSearch, onReset }: Props) {
  const { t } = useTranslation();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch();
  };
  return (
    <Paper
      withBorder
      p="md"
      radius="md"
      component="form"
      onSubmit={submit}
      aria-label={t('search.filter')}
      id="search-filter"
      data-testid="filter-panel"
    >
      <CriteriaFields value={value} onChange={onChange} />
      <Group mt="lg" gap="sm">
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} data-testid="search-submit">
          {t('search.submit')}
        </Button>
        <Button
          variant="default"
          onClick={onReset}
          leftSection={<IconRefresh size={16} aria-hidden />}
          data-testid="search-reset"
        >
          {t('search.reset')}
        </Button>
      </Group>
    </Paper>
  );
}
