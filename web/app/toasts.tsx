// Where toasts show (web/lib/toast.ts puts them in Mantine's notifications store). Its code, with its transitions
// and stylesheet, loads after the page's first paint (web/app/providers.tsx): no page shows a toast before then,
// and one raised earlier waits in the store until this is drawn.
import '@mantine/notifications/styles.layer.css';
import { Notifications } from '@mantine/notifications';
import { TIMINGS } from '../../common/domain/options';

export function Toasts() {
  return <Notifications position="top-right" autoClose={TIMINGS.toastSuccessMs} limit={4} />;
}
