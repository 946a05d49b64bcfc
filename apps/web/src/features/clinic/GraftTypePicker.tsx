import { Button, Select, SimpleGrid } from '@mantine/core';
import { GRAFT_TYPES, type GraftTypeNumber } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';

interface Props {
  value: GraftTypeNumber | null;
  onSelect: (type: GraftTypeNumber) => void;
}

/**
 * Before a type is chosen, all eight types as large buttons; afterwards a compact select, so the
 * filter and the results stay near the top on a phone.
 */
export function GraftTypePicker({ value, onSelect }: Props) {
  const { t } = useTranslation();
  if (value === null) {
    return (
      <SimpleGrid
        cols={{ base: 1, xs: 2, md: 4 }}
        spacing="sm"
        role="group"
        aria-label={t('search.type')}
        data-testid="type-picker"
      >
        {GRAFT_TYPES.map((type) => (
          <Button
            key={type.slug}
            variant="light"
            size="md"
            // Long names ("Truncus pulmonalis, no bifurcation") break over two lines rather than being cut.
            h="auto"
            mih={42}
            py={8}
            styles={{ label: { whiteSpace: 'normal', textAlign: 'center', lineHeight: 1.3 } }}
            onClick={() => onSelect(type.number)}
            data-testid={`type-${type.slug}`}
          >
            {t(`graftTypes.${type.slug}`)}
          </Button>
        ))}
      </SimpleGrid>
    );
  }
  return (
    <Select
      label={t('search.type')}
      data={GRAFT_TYPES.map((type) => ({ value: String(type.number), label: t(`graftTypes.${type.slug}`) }))}
      value={String(value)}
      onChange={(next) => next && onSelect(Number(next) as GraftTypeNumber)}
      allowDeselect={false}
      maw={420}
      data-testid="type-select"
    />
  );
}
