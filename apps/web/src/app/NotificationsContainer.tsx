import { Notifications } from '@mantine/notifications';

/** Where notifications show; loaded with the first one (AppNotifications). */
export default function NotificationsContainer() {
  return <Notifications position="top-right" containerWidth={380} />;
}
