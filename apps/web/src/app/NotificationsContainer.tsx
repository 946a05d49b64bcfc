import { getDefaultZIndex } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useSmallScreen } from '../components/useScreen';

/**
 * Where notifications show; loaded with the first one (AppNotifications). At the bottom, never over
 * the header's burger, bell, language and account: centred on a phone, at the right on larger
 * screens. At most three at once (the rest wait), so even the tallest stack stays below the header.
 * A phone's dialog fills the screen with its buttons at the bottom: toasts wait behind it until it
 * closes rather than covering them (what asks for action is in the bell as well).
 */
export default function NotificationsContainer() {
  const small = useSmallScreen();
  return (
    <Notifications
      position={small ? 'bottom-center' : 'bottom-right'}
      containerWidth={380}
      limit={3}
      zIndex={small ? getDefaultZIndex('modal') - 1 : undefined}
    />
  );
}
