// Where toasts show (web/lib/toast.ts puts them in Mantine's notifications store); loaded once the first toast is
// raised (web/app/toasts-once-raised.tsx).
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { TIMINGS } from '../../common/domain/options';

export function Toasts() {
  return <Notifications position="top-right" autoClose={TIMINGS.toastSuccessMs} limit={4} />;
}
