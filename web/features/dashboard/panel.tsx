import type { ReactNode } from 'react';
import { Alert, Button, Group, Paper, Skeleton, Stack, Title, VisuallyHidden } from '@mantine/core';
import { RefreshCw } from 'lucide-react';
import classes from './dashboard.module.css';

interface PanelProps {
  title: string;
  /** Beside the title: range buttons, a badge. */
  actions?: ReactNode;
  children: ReactNode;
  /** Names the region for screen readers when the visible title is not enough. */
  id: string;
  /** Stretch to the grid row's height and centre the content vertically. */
  fill?: boolean;
}

/** One dashboard panel: a titled region (h2) in a bordered card. */
export function Panel({ title, actions, children, id, fill = false }: PanelProps) {
  return (
    <Paper
      component="section"
      withBorder
      radius="md"
      // Less room around a panel on a phone, where the page is one long column.
      p={{ base: 'sm', sm: 'md' }}
      className={fill ? `${classes.panel} ${classes.fillPanel}` : classes.panel}
      aria-labelledby={`${id}-title`}
    >
      <Group justify="space-between" gap="xs" wrap="wrap" mb={{ base: 'xs', sm: 'md' }}>
        <Title order={2} size="h4" id={`${id}-title`}>
          {title}
        </Title>
        {actions}
      </Group>
      <Stack gap="md" className={classes.panelBody}>
        {children}
      </Stack>
    </Paper>
  );
}

/** A widget's load failure (docs/product.md §8 Dashboard texts) with a way to try again. */
export function PanelError({ message, onRetry }: { message: string; onRetry: () => void }) {
  return (
    <Alert color="red" variant="outline" role="alert" title={message}>
      <Button variant="default" size="xs" leftSection={<RefreshCw size={14} aria-hidden />} onClick={onRetry}>
        Try Again
      </Button>
    </Alert>
  );
}

/** Placeholder while a widget's first answer is on its way. */
export function PanelLoading({ label, height = 120 }: { label: string; height?: number | string }) {
  return (
    <div role="status">
      <Skeleton height={height} />
      <VisuallyHidden>{label}</VisuallyHidden>
    </div>
  );
}
