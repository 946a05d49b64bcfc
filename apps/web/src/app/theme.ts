import {
  Badge,
  Notification,
  createTheme,
  defaultVariantColorsResolver,
  parseThemeColor,
  rem,
  type CSSVariablesResolver,
  type VariantColorsResolver,
} from '@mantine/core';
import { createElement } from 'react';
import classes from './theme.module.css';

/**
 * Mantine's light variant with a shade (`color="teal.9" variant="light"`) fills the element with
 * that shade and writes the text in the same shade: a coloured pill with no readable text. Here
 * it means what it says: text in the shade on the colour's lightest tint (docs/decisions.md, "Badges").
 */
export const variantColorResolver: VariantColorsResolver = (input) => {
  const parsed = parseThemeColor({ color: input.color ?? input.theme.primaryColor, theme: input.theme });
  if (input.variant === 'light' && parsed.isThemeColor && parsed.shade !== undefined) {
    return {
      background: `var(--mantine-color-${parsed.color}-0)`,
      hover: `var(--mantine-color-${parsed.color}-1)`,
      color: `var(--mantine-color-${parsed.color}-${parsed.shade})`,
      border: `${rem(1)} solid transparent`,
    };
  }
  return defaultVariantColorsResolver(input);
};

/**
 * A calm clinical look: one cyan accent on white and grey. Breakpoints follow spec §2:
 * small below 700 px (`sm` = 43.75em), medium from 700 px, large from 1000 px (`md` = 62.5em).
 */
export const theme = createTheme({
  primaryColor: 'cyan',
  // Shade 9 (#0b7285) keeps white text on buttons above WCAG AA contrast.
  primaryShade: { light: 9, dark: 5 },
  defaultRadius: 'md',
  fontFamily: 'system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif',
  headings: { fontWeight: '650' },
  breakpoints: { xs: '30em', sm: '43.75em', md: '62.5em', lg: '75em', xl: '88em' },
  variantColorResolver,
  components: {
    // A badge's label clips itself, so in a table column it shrank to a sliver; badges keep their words whole.
    Badge: Badge.extend({ classNames: { label: classes.badgeLabel } }),
    // Under a title Mantine greys the message to 3.3:1 on white; the app's dimmed colour reads at AA.
    Notification: Notification.extend({ classNames: { description: classes.notificationDescription } }),
    // A select's option list exists only while open: Mantine keeps it mounted, hidden, and places it
    // with floating-ui as the page is drawn, which cost the search page a long task on a phone
    // (docs/performance.md). A plain entry, so the first screen does not import Select to extend it.
    Select: { defaultProps: { comboboxProps: { keepMounted: false } } },
    // Mantine draws a dialog's title bar as <header>, which assistive technology lists as a second
    // banner beside the app's own header; it is part of the dialog, so a plain element (same look).
    ModalHeader: { defaultProps: { renderRoot: (props: Record<string, unknown>) => createElement('div', props) } },
  },
});

/** Mantine's default dimmed and error greys/reds fall under 4.5:1 on white; darker shades pass. */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-9)',
    '--mantine-color-placeholder': 'var(--mantine-color-gray-6)',
    // Light buttons: cyan-9 text on the default hover cyan-2 is 4.06:1; one shade lighter each passes (4.8:1 on hover).
    '--mantine-color-cyan-light': 'var(--mantine-color-cyan-0)',
    '--mantine-color-cyan-light-hover': 'var(--mantine-color-cyan-1)',
    // Filled buttons: the default hover of shade 9 is the lighter cyan-8 (4.34:1 with white); a darker one passes (7.3:1).
    '--mantine-color-cyan-filled-hover': '#0a5f6f',
    // Light yellow (an alert's title, a light badge): Mantine writes yellow-9 (#e67700) on yellow's tint,
    // 2.7:1; a dark amber reads at 5.4:1.
    '--mantine-color-yellow-light-color': '#8f5600',
  },
  dark: {},
});
