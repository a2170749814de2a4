import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

// Most page views show no notification: the stack (transitions, portal, scroll lock) loads with the first one.
const Notifications = lazy(() => import('./notifications-stack'));

/** Mantine's notification stack, mounted once something is shown; notifications.show() only fills the store. */
export function NotificationsWhenShown() {
  const { notifications } = useNotifications();
  const [needed, setNeeded] = useState(false);
  // Stays mounted from then on, so later notifications appear without a wait and leave with their transition.
  if (!needed && notifications.length > 0) setNeeded(true);
  return needed ? (
    <Suspense fallback={null}>
      <Notifications position="top-right" />
    </Suspense>
  ) : null;
}
