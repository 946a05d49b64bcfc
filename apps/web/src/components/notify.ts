import { notifications } from '@mantine/notifications';
import { i18n } from '../i18n';

type Tone = 'success' | 'info' | 'warning' | 'error';

// Warnings are amber, as the deadline badge is (docs/decisions.md "Deadlines in the reader's zone, counting down").
const COLORS: Record<Tone, string> = { success: 'teal.9', info: 'cyan.9', warning: 'yellow.6', error: 'red.9' };

/** A toast; its close button is labelled, which Mantine leaves to the caller. */
export function notify(tone: Tone, message: string, title?: string): void {
  notifications.show({
    id: tone === 'error' ? message : undefined,
    color: COLORS[tone],
    title,
    message,
    autoClose: tone === 'error' ? 8000 : 4000,
    closeButtonProps: { 'aria-label': i18n.t('common.close') },
  });
}
