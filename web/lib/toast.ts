// Toasts of spec §4/§8: success messages stay 3 s, errors 5 s (TIMINGS), shown through Mantine notifications.
import { notifications } from '@mantine/notifications';
import { TIMINGS } from '../../common/domain/options';

export function toastSuccess(message: string): void {
  notifications.show({ message, color: 'green', autoClose: TIMINGS.toastSuccessMs });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TIMINGS.toastErrorMs });
}
