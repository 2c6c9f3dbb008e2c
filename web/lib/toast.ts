// Toasts of docs/product.md §4/§8: success messages stay 3 s, errors 5 s (TIMINGS), shown through Mantine notifications.
import { notifications } from '@mantine/notifications';
import type { ReactNode } from 'react';
import { TIMINGS } from '../../common/domain/options';

// Mantine's close button has no accessible name of its own (axe: critical).
const closeButtonProps = { 'aria-label': 'Close notification' };

/** A message, or a message with something to act on (the log screen's "Open incident"). */
export function toastSuccess(message: ReactNode): void {
  notifications.show({ message, color: 'green', autoClose: TIMINGS.toastSuccessMs, closeButtonProps });
}

export function toastError(message: string): void {
  notifications.show({ message, color: 'red', autoClose: TIMINGS.toastErrorMs, closeButtonProps });
}

export function toastWarning(message: string): void {
  notifications.show({ message, color: 'yellow', autoClose: TIMINGS.toastErrorMs, closeButtonProps });
}
