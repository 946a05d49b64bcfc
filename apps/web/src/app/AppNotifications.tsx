import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// The container, its transitions and scroll handling come with the first notification shown,
// not with the first screen (docs/performance.md, "Web delivery"). Notifications shown before it
// arrives wait in Mantine's store and appear with it.
const NotificationsContainer = lazy(() => import('./NotificationsContainer'));

export function AppNotifications() {
  const { notifications } = useNotifications();
  const [wanted, setWanted] = useState(false);
  if (notifications.length > 0 && !wanted) {
    setWanted(true);
  }
  return wanted ? (
    <Suspense fallback={null}>
      <NotificationsContainer />
    </Suspense>
  ) : null;
}
