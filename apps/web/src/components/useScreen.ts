import { useMediaQuery } from '@mantine/hooks';

// The breakpoints of spec §2 (app/theme.ts). The app is never rendered on a server, so the
// screen is read on the first render: Mantine's default guesses first and corrects in an effect,
// which drew a phone's list of 50 grafts twice, once as the large screen's table (docs/performance.md).
const READ_AT_ONCE = { getInitialValueInEffect: false };

/** Large screens (>=1000 px) show lists as tables, smaller ones as cards. */
export const useLargeScreen = () => useMediaQuery('(min-width: 62.5em)', undefined, READ_AT_ONCE);

/** Small screens (<700 px): the navigation behind a burger, dialogs over the whole screen. */
export const useSmallScreen = () => useMediaQuery('(max-width: 43.74em)', undefined, READ_AT_ONCE);
