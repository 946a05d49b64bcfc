import { describe, expect, it } from 'vitest';
import { mergeMantineTheme, DEFAULT_THEME } from '@mantine/core';
import { cssVariablesResolver, theme, variantColorResolver } from './theme';

const fullTheme = mergeMantineTheme(DEFAULT_THEME, theme);

/** WCAG relative luminance of a #rrggbb colour. */
function luminance(hex: string): number {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(hex.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  });
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
}

function contrast(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (light! + 0.05) / (dark! + 0.05);
}

/** The hex value behind `var(--mantine-color-NAME-SHADE)`. */
function hexOf(variable: string): string {
  const [, name, shade] = /--mantine-color-(\w+)-(\d)\)/.exec(variable)!;
  return fullTheme.colors[name!]![Number(shade)]!;
}

describe('light badges and buttons with a shade', () => {
  it.each(['teal.9', 'grape.9', 'indigo.9', 'red.9'])(
    '%s writes the shade on its lightest tint, readable (AA)',
    (color) => {
      const colors = variantColorResolver({ color, theme: fullTheme, variant: 'light' });
      expect(colors.background).not.toBe(colors.color);
      expect(contrast(hexOf(colors.color), hexOf(colors.background))).toBeGreaterThanOrEqual(4.5);
    },
  );

  it('leaves every other variant to Mantine', () => {
    const colors = variantColorResolver({ color: 'teal.9', theme: fullTheme, variant: 'filled' });
    expect(colors.background).toBe('var(--mantine-color-teal-9)');
  });
});

describe('light yellow (the title of a warning alert)', () => {
  it('reads at AA on the darkest tint its background takes', () => {
    const text = cssVariablesResolver(fullTheme).light['--mantine-color-yellow-light-color']!;
    expect(contrast(text, fullTheme.colors.yellow[1]!)).toBeGreaterThanOrEqual(4.5);
  });
});
