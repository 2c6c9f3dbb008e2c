// The log screen's success toast: the spec's message, and a way to open the incident just logged (decision 042),
// since the screen itself moves on to the dashboard.
import { Anchor, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { RESOLUTION_TEXTS } from '../../../common/domain/resolution';

export interface LoggedToastProps {
  idSlug: string;
  /** Navigates inside the app (the toast is drawn outside the router, so a plain link would reload the page). */
  onOpen: (path: string) => void;
}

export function LoggedToast({ idSlug, onOpen }: LoggedToastProps) {
  const path = `/oops/${idSlug}`;
  return (
    <Stack gap={4}>
      <Text size="sm">{OOPS_MESSAGES.created}</Text>
      <Anchor
        href={path}
        size="sm"
        fw={600}
        onClick={(event) => {
          // A modified click (new tab or window) keeps the browser's own behaviour.
          if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
          event.preventDefault();
          notifications.clean();
          onOpen(path);
        }}
      >
        {RESOLUTION_TEXTS.openIncident}
      </Anchor>
    </Stack>
  );
}
