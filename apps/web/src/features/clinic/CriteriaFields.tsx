import { useId, useState, type ReactNode } from 'react';
import { Box, Group, RangeSlider, Slider, Stack, Text } from '@mantine/core';
import { isBifurcated, SEARCH_BOUNDS, type DiameterRange, type GraftSearchQuery } from '@graftmatch/domain';
import { useTranslation } from 'react-i18next';
import { createSpanRule, typedDiameter } from './diameterSlider';
import { SizeInput } from './SizeInput';

interface Props {
  value: GraftSearchQuery;
  onChange: (value: GraftSearchQuery) => void;
}

// Whole millimetres: easy to hit with a finger on a phone; grafts measured to the half
// millimetre still fall inside the range around them, and a half millimetre can be typed.
const STEP = 1;

const mmText = (n: number) => `${n} mm`;

/** One criterion: its name, its number fields, and beside them (below them on a phone) its slider. */
function Criterion({ label, fields, slider }: { label: string; fields: ReactNode; slider: ReactNode }) {
  const labelId = useId();
  return (
    <Stack gap={6} role="group" aria-labelledby={labelId}>
      <Text size="sm" fw={500} id={labelId}>
        {label}
      </Text>
      <Group gap="lg" align="center" wrap="wrap">
        <Group gap={6} wrap="nowrap">
          {fields}
        </Group>
        <Box style={{ flex: '1 1 14rem' }}>{slider}</Box>
      </Group>
    </Stack>
  );
}

/** A minimum length: its number field and its slider. */
function MinimumLength({
  label,
  value,
  bounds,
  onChange,
  testId,
}: {
  label: string;
  value: number;
  bounds: { readonly min: number; readonly max: number };
  onChange: (value: number) => void;
  testId: string;
}) {
  return (
    <Criterion
      label={label}
      fields={<SizeInput value={value} onCommit={onChange} bounds={bounds} label={label} testId={`${testId}-input`} />}
      slider={
        <Slider
          min={bounds.min}
          max={bounds.max}
          step={STEP}
          value={value}
          onChange={onChange}
          thumbLabel={label}
          label={mmText}
          data-testid={`${testId}-slider`}
        />
      }
    />
  );
}

/**
 * The size criteria of a search (spec §5): diameter range with the span rule, minimum total
 * length, and for bifurcated types the minimum left and right branch lengths. Each can be typed
 * or slid; both show the same value.
 */
export function CriteriaFields({ value, onChange }: Props) {
  const { t } = useTranslation();
  const spanHintId = useId();
  const set = (patch: Partial<GraftSearchQuery>) => onChange({ ...value, ...patch });
  const diameter: DiameterRange = [value.query_d_min, value.query_d_max];
  const [spanRule] = useState(() => createSpanRule(diameter));
  spanRule.sync(diameter);
  const setDiameter = ([min, max]: [number, number]) => set({ query_d_min: min, query_d_max: max });
  const diameterField = (end: 0 | 1) => (
    <SizeInput
      value={diameter[end]}
      onCommit={(typed) => setDiameter(typedDiameter(diameter, end, typed))}
      bounds={SEARCH_BOUNDS.diameter}
      label={t(end === 0 ? 'search.diameterMin' : 'search.diameterMax')}
      describedBy={spanHintId}
      testId={end === 0 ? 'diameter-min-input' : 'diameter-max-input'}
    />
  );
  return (
    <Stack gap="lg">
      <Stack gap={6}>
        <Criterion
          label={t('search.diameter')}
          fields={
            <>
              {diameterField(0)}
              <Text aria-hidden>–</Text>
              {diameterField(1)}
            </>
          }
          slider={
            <RangeSlider
              min={SEARCH_BOUNDS.diameter.min}
              max={SEARCH_BOUNDS.diameter.max}
              step={STEP}
              // At least 1 mm apart: two handles on one spot could not be told apart by a finger.
              minRange={1}
              value={[diameter[0], diameter[1]]}
              // The handle that was not moved follows when the span would exceed 10 (domain rule).
              onChange={(next) => setDiameter(spanRule.change(next))}
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
          }
        />
        <Text size="xs" c="dimmed" id={spanHintId}>
          {t('search.spanHint')}
        </Text>
      </Stack>
      <MinimumLength
        label={t('search.totalLength')}
        value={value.query_l_min}
        bounds={SEARCH_BOUNDS.totalLength}
        onChange={(next) => set({ query_l_min: next })}
        testId="length"
      />
      {isBifurcated(value.query_type) && (
        <>
          <MinimumLength
            label={t('search.leftLength')}
            value={value.query_l_l_min}
            bounds={SEARCH_BOUNDS.branchLength}
            onChange={(next) => set({ query_l_l_min: next })}
            testId="left-length"
          />
          <MinimumLength
            label={t('search.rightLength')}
            value={value.query_l_r_min}
            bounds={SEARCH_BOUNDS.branchLength}
            onChange={(next) => set({ query_l_r_min: next })}
            testId="right-length"
          />
        </>
      )}
    </Stack>
  );
}
