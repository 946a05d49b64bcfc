import { useId, useState } from 'react';
import { Group, RangeSlider, Slider, Stack, Text } from '@mantine/core';
import { isBifurcated, SEARCH_BOUNDS, type DiameterRange, type GraftSearchQuery } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { createSpanRule } from './diameterSlider';

interface Props {
  value: GraftSearchQuery;
  onChange: (value: GraftSearchQuery) => void;
}

// Whole millimetres: easy to hit with a finger on a phone; grafts measured to the half
// millimetre still fall inside the range around them.
const STEP = 1;

function FieldLabel({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Group justify="space-between" gap="xs">
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Text size="sm" data-testid={testId}>
        {value}
      </Text>
    </Group>
  );
}

/**
 * The size criteria of a search (spec §5): diameter range with the span rule, minimum total
 * length, and for bifurcated types the minimum left and right branch lengths.
 */
export function CriteriaFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const spanHintId = useId();
  const set = (patch: Partial<GraftSearchQuery>) => onChange({ ...value, ...patch });
  const diameter: DiameterRange = [value.query_d_min, value.query_d_max];
  const [spanRule] = useState(() => createSpanRule(diameter));
  spanRule.sync(diameter);
  const mmText = (n: number) => `${n} mm`;
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <FieldLabel label={t('search.diameter')} value={`${diameter[0]}–${diameter[1]} mm`} testId="diameter-value" />
        <RangeSlider
          min={SEARCH_BOUNDS.diameter.min}
          max={SEARCH_BOUNDS.diameter.max}
          step={STEP}
          // At least 1 mm apart: two handles on one spot could not be told apart by a finger.
          minRange={1}
          value={[diameter[0], diameter[1]]}
          // The handle that was not moved follows when the span would exceed 10 (domain rule).
          onChange={(next) => {
            const [min, max] = spanRule.change(next);
            set({ query_d_min: min, query_d_max: max });
          }}
          thumbFromLabel={t('search.diameterMin')}
          thumbToLabel={t('search.diameterMax')}
          thumbValueText={mmText}
          label={mmText}
          // The span rule is read out with each handle, so it does not surprise screen-reader users.
          thumbProps={(index) => ({
            'aria-describedby': spanHintId,
            'data-testid': index === 0 ? 'diameter-min-thumb' : 'diameter-max-thumb',
          })}
          data-testid="diameter-slider"
        />
        <Text size="xs" c="dimmed" id={spanHintId}>
          {t('search.spanHint')}
        </Text>
      </Stack>
      <Stack gap={6}>
        <FieldLabel label={t('search.totalLength')} value={`≥ ${value.query_l_min} mm`} testId="length-value" />
        <Slider
          min={SEARCH_BOUNDS.totalLength.min}
          max={SEARCH_BOUNDS.totalLength.max}
          step={STEP}
          value={value.query_l_min}
          onChange={(next) => set({ query_l_min: next })}
          thumbLabel={t('search.totalLength')}
          label={mmText}
          data-testid="length-slider"
        />
      </Stack>
      {isBifurcated(value.query_type) && (
        <>
          <Stack gap={6}>
            <FieldLabel
              label={t('search.leftLength')}
              value={`≥ ${value.query_l_l_min} mm`}
              testId="left-length-value"
            />
            <Slider
              min={SEARCH_BOUNDS.branchLength.min}
              max={SEARCH_BOUNDS.branchLength.max}
              step={STEP}
              value={value.query_l_l_min}
              onChange={(next) => set({ query_l_l_min: next })}
              thumbLabel={t('search.leftLength')}
              label={mmText}
              data-testid="left-length-slider"
            />
          </Stack>
          <Stack gap={6}>
            <FieldLabel
              label={t('search.rightLength')}
              value={`≥ ${value.query_l_r_min} mm`}
              testId="right-length-value"
            />
            <Slider
              min={SEARCH_BOUNDS.branchLength.min}
              max={SEARCH_BOUNDS.branchLength.max}
              step={STEP}
              value={value.query_l_r_min}
              onChange={(next) => set({ query_l_r_min: next })}
              thumbLabel={t('search.rightLength')}
              label={mmText}
              data-testid="right-length-slider"
            />
          </Stack>
        </>
      )}
    </Stack>
  );
}
