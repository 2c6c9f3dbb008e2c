// One timeline event. System events are derived from the incident's fields and locked; trying to change one says
// so (docs/product.md §4 'System events cannot be modified/deleted').
import type { ReactNode } from 'react';
import { ActionIcon, Badge, Box, Group, Stack, Text, Tooltip } from '@mantine/core';
import { Lock, Pencil, Trash2 } from 'lucide-react';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import type { DisplayEvent } from '../../../common/domain/timeline';
import { formatDateTime } from '../../lib/format';
import { toastWarning } from '../../lib/toast';
import classes from './timeline.module.css';

interface TimelineEventItemProps {
  event: DisplayEvent;
  /** False on a closed incident: no edit or delete controls at all. */
  editable: boolean;
  onEdit?: () => void;
  onDelete?: () => void;
  /** Extra controls (the reorder handle and move buttons). */
  controls?: ReactNode;
}

export function TimelineEventItem({ event, editable, onEdit, onDelete, controls }: TimelineEventItemProps) {
  const locked = () => toastWarning(OOPS_MESSAGES.systemEventLocked);
  return (
    <Group gap="sm" wrap="nowrap" align="flex-start" className={classes.item}>
      <Box
        className={classes.dot}
        style={{ background: `var(--mantine-color-${event.color ?? 'blue'}-6)` }}
        aria-hidden
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="wrap">
          <Text fw={600} size="sm" className={classes.name}>
            {event.event}
          </Text>
          {event.system && (
            <Badge size="xs" variant="outline" color="gray" leftSection={<Lock aria-hidden size={10} />}>
              System
            </Badge>
          )}
        </Group>
        <Text size="xs" c="dimmed">
          <time dateTime={event.timestamp}>{formatDateTime(event.timestamp)}</time>
          {event.user ? ` · ${event.user}` : ''}
        </Text>
        {event.description && (
          <Text size="sm" className={classes.name}>
            {event.description}
          </Text>
        )}
      </Stack>
      {controls}
      {editable && (
        <Group gap={2} wrap="nowrap" className={classes.noPrint}>
          {event.system ? (
            <>
              <Tooltip label={OOPS_MESSAGES.systemEventLocked}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Edit ${event.event}`}
                  aria-disabled
                  onClick={locked}
                >
                  <Pencil aria-hidden size={16} />
                </ActionIcon>
              </Tooltip>
              <Tooltip label={OOPS_MESSAGES.systemEventLocked}>
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={`Delete ${event.event}`}
                  aria-disabled
                  onClick={locked}
                >
                  <Trash2 aria-hidden size={16} />
                </ActionIcon>
              </Tooltip>
            </>
          ) : (
            <>
              <ActionIcon variant="subtle" aria-label={`Edit ${event.event}`} onClick={onEdit}>
                <Pencil aria-hidden size={16} />
              </ActionIcon>
              <ActionIcon
                variant="subtle"
                color="red"
                aria-label={`Delete ${event.event}`}
                onClick={onDelete}
              >
                <Trash2 aria-hidden size={16} />
              </ActionIcon>
            </>
          )}
        </Group>
      )}
    </Group>
  );
}
