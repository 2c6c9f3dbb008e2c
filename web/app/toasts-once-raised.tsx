// Draws the toasts (web/app/toasts.tsx) from the first one raised on: most visits raise none, and the toasts' code,
// with its transitions and stylesheet, is then never loaded. A toast raised before it has loaded waits in Mantine's
// notifications store (web/lib/toast.ts puts it there) and shows once it has.
import { lazy, Suspense, useState } from 'react';
import { useNotifications } from '@mantine/notifications';

const Toasts = lazy(async () => ({ default: (await import('./toasts')).Toasts }));

export function ToastsOnceRaised() {
  // Only this component follows the store: the providers above the app do not render again for a toast.
  const { notifications, queue } = useNotifications();
  const [raised, setRaised] = useState(false);
  if (!raised && notifications.length + queue.length > 0) setRaised(true);
  return raised ? (
    <Suspense fallback={null}>
      <Toasts />
    </Suspense>
  ) : null;
}
