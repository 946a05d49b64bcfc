import { useState } from 'react';
import { NumberInput } from '@mantine/core';

interface Props {
  value: number;
  /** A value within the bounds, as soon as one is typed or stepped to. */
  onCommit: (value: number) => void;
  bounds: { readonly min: number; readonly max: number };
  label: string;
  describedBy?: string;
  testId: string;
}

/**
 * A size in millimetres beside its slider: typed, or stepped with the arrows and the arrow keys.
 * While typing, the field keeps its own text and passes on only values within the bounds, so "2" on
 * the way to "21" does not move the slider (and, through the span rule, the other end); on leaving,
 * it shows the value passed on (Mantine clamps what lies outside).
 */
export function SizeInput({ value, onCommit, bounds, label, describedBy, testId }: Props) {
  const [typed, setTyped] = useState<number | string | null>(null);
  return (
    <NumberInput
      value={typed ?? value}
      onChange={(next) => {
        setTyped(next);
        if (typeof next === 'number' && next >= bounds.min && next <= bounds.max) {
          onCommit(next);
        }
      }}
      onBlur={() => setTyped(null)}
      min={bounds.min}
      max={bounds.max}
      step={1}
      decimalScale={1}
      suffix=" mm"
      aria-label={label}
      aria-describedby={describedBy}
      w={112}
      data-testid={testId}
    />
  );
}
