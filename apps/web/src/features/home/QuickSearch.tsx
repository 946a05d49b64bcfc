import { useId, useState, type FormEvent } from 'react';
import { Button, Chip, Fieldset, Group, NumberInput, Stack, Text } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { GRAFT_TYPES, SEARCH_BOUNDS, quickSearchQuery, type GraftTypeNumber } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { searchPath } from '../grafts/searchQuery';

/**
 * A search from the home, its first card: a type button, a diameter and perhaps a minimum length
 * (number fields with steppers, easy on a phone) open the search page with the domain's
 * quick-search range in its URL (docs/decisions.md "Dashboards").
 */
export function QuickSearch() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  // One name makes the type buttons one radio group: the arrow keys move between them.
  const typeName = useId();
  const [type, setType] = useState<string>('');
  const [diameter, setDiameter] = useState<number | string>('');
  const [length, setLength] = useState<number | string>('');
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (type === '' || typeof diameter !== 'number') {
      return;
    }
    const graftType = Number(type) as GraftTypeNumber;
    const query = quickSearchQuery(graftType, diameter, typeof length === 'number' ? length : undefined);
    void navigate(searchPath(graftType, query));
  };
  return (
    <form onSubmit={submit} aria-label={t('dashboard.physician.quickSearch')} data-testid="quick-search">
      <Stack gap="md">
        <Fieldset
          legend={
            <>
              {t('search.type')}{' '}
              <Text span c="var(--mantine-color-error)" aria-hidden>
                *
              </Text>
            </>
          }
          variant="unstyled"
          // Set like the labels of the fields below it.
          styles={{ legend: { fontSize: 'var(--mantine-font-size-sm)', fontWeight: 500 } }}
        >
          <Chip.Group value={type} onChange={setType}>
            <Group gap="xs" mt={4}>
              {GRAFT_TYPES.map((each) => (
                <Chip
                  key={each.slug}
                  value={String(each.number)}
                  name={typeName}
                  required
                  data-testid={`quick-type-${each.slug}`}
                >
                  {t(`graftTypes.${each.slug}`)}
                </Chip>
              ))}
            </Group>
          </Chip.Group>
        </Fieldset>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <NumberInput
            label={t('search.diameter')}
            value={diameter}
            onChange={setDiameter}
            min={SEARCH_BOUNDS.diameter.min}
            max={SEARCH_BOUNDS.diameter.max}
            step={0.5}
            decimalScale={1}
            suffix=" mm"
            required
            data-testid="quick-diameter"
            style={{ flex: '1 1 9rem' }}
          />
          <NumberInput
            label={t('search.totalLength')}
            value={length}
            onChange={setLength}
            min={SEARCH_BOUNDS.totalLength.min}
            max={SEARCH_BOUNDS.totalLength.max}
            step={1}
            decimalScale={1}
            suffix=" mm"
            data-testid="quick-length"
            style={{ flex: '1 1 9rem' }}
          />
          <Button type="submit" leftSection={<IconSearch size={16} aria-hidden />} data-testid="quick-go">
            {t('dashboard.physician.search')}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
