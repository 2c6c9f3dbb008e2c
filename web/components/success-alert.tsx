import type { ReactNode } from 'react';
import { Alert } from '@mantine/core';
import { CircleCheck } from 'lucide-react';

interface SuccessAlertProps {
  title?: ReactNode;
  icon?: ReactNode;
  children?: ReactNode;
}

// Mantine's green text falls below 4.5:1 on white at every shade up to 8 (axe: color-contrast), so the words use
// the scheme's text colour and the green border and icon carry the meaning.
const TEXT = { color: 'var(--mantine-color-text)' };

/** An announced success message (role=status) that stays readable in light and dark schemes. */
export function SuccessAlert({ title, icon, children }: SuccessAlertProps) {
  return (
    <Alert
      color="green"
      variant="outline"
      role="status"
      title={title}
      icon={icon ?? <CircleCheck size={18} aria-hidden />}
      styles={{ title: TEXT, message: TEXT }}
    >
      {children}
    </Alert>
  );
}
