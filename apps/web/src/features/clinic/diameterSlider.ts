import { adjustDiameterRange, type DiameterRange } from '@graftmatch/domain';

/**
 * Feeds a range slider's raw changes through the domain's span rule (adjustDiameterRange).
 *
 * Mantine emits the moved thumb's new value together with its own copy of the other thumb, which
 * lags behind during a fast drag: it still holds Mantine's last emitted value, not the one the rule
 * set. Taken at face value both thumbs would look moved, and the rule would centre the range
 * instead of letting the untouched thumb follow. So a thumb counts as moved only when it differs
 * from both what Mantine last emitted and what the rule last produced, and an unmoved thumb keeps
 * the rule's value.
 */
export function createSpanRule(initial: DiameterRange) {
  let accepted: DiameterRange = initial;
  let lastRaw: DiameterRange = initial;
  return {
    /** Call when the value changes from outside (reset, a loaded entry). */
    sync(value: DiameterRange) {
      if (value[0] !== accepted[0] || value[1] !== accepted[1]) {
        accepted = value;
        lastRaw = value;
      }
    },
    change(raw: DiameterRange): [number, number] {
      const moved = (index: 0 | 1) => raw[index] !== accepted[index] && raw[index] !== lastRaw[index];
      const next: DiameterRange = [moved(0) ? raw[0] : accepted[0], moved(1) ? raw[1] : accepted[1]];
      lastRaw = raw;
      const result = adjustDiameterRange(accepted, next);
      accepted = result;
      return result;
    },
  };
}

/**
 * A diameter typed into the lower (0) or upper (1) field: the other end follows when the typed one
 * passes it or widens the span past 10 (the slider's rule), so typing never leaves an empty range.
 */
export function typedDiameter(current: DiameterRange, end: 0 | 1, typed: number): [number, number] {
  const next: DiameterRange = end === 0 ? [typed, Math.max(typed, current[1])] : [Math.min(typed, current[0]), typed];
  return adjustDiameterRange(current, next);
}
