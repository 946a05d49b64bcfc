import { useState, type FormEvent } from 'react';
import { Button, Group, NativeSelect, NumberInput } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { GRAFT_TYPES, SEARCH_BOUNDS, quickSearchQuery, type GraftTypeNumber } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPath } from '../clinic';

/**
 * A search from the home: a type, a diameter and perhaps a minimum length open the search page
 * with the domain's quick-search range in its URL (docs/decisions.md "Dashboards").
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<string>('');
  const [diameter, setDiameter] = useState<number | string>('');
  const [length, setLength] = useState<number | string>('');
  const ready = type !== '' && typeof diameter === 'number';
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) {
      return;
    }
    const graftType = Number(type) as GraftTypeNumber;
    const query = quickSearchQuery(graftType, diameter, typeof length === 'number' ? length : undefined);
    void navigate(searchPath(graftType, query));
  };
  return (
    <form onSubmit={submit} aria-label={t('dashboard.physician.quickSearch')} data-testid="quick-search">
      <Group align="flex-end" gap="sm" wrap="wrap">
        <NativeSelect
          label={t('search.type')}
          value={type}
          onChange={(event) => setType(event.currentTarget.value)}
          data={[
            { value: '', label: t('dashboard.physician.chooseType'), disabled: true },
            ...GRAFT_TYPES.map((each) => ({ value: String(each.number), label: t(`graftTypes.${each.slug}`) })),
          ]}
          required
          data-testid="quick-type"
          style={{ flex: '1 1 14rem' }}
        />
        <NumberInput
          label={t('search.diameter')}
          value={diameter}
          onChange={setDiameter}
          min={SEARCH_BOUNDS.diameter.min}
          max={SEARCH_BOUNDS.diameter.max}
          step={0.5}
          decimalScale={1}
          clampBehavior="strict"
          required
          data-testid="quick-diameter"
          style={{ flex: '1 1 7rem' }}
        />
        <NumberInput
          label={t('search.totalLength')}
          value={length}
          onChange={setLength}
          min={SEARCH_BOUNDS.totalLength.min}
          max={SEARCH_BOUNDS.totalLength.max}
          step={1}
          decimalScale={1}
          clampBehavior="strict"
          data-testid="quick-length"
          style={{ flex: '1 1 7rem' }}
        />
        <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} data-testid="quick-go">
          {t('dashboard.physician.search')}
        </Button>
      </Group>
    </form>
  );
}
