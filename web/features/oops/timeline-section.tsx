// The incident timeline (docs/product.md §4): system events from the incident's fields plus the stored custom events; add,
// edit, delete and, in reorder mode (more than one custom event), reorder. Every change saves the whole list with
// PUT /api/oops/{id} {timeline_events}; a failure is an alert with the spec's text.
import { useState } from 'react';
import { Button, Divider, Group, Stack, Text } from '@mantine/core';
import type { OopsDetail } from '../../../common/contracts/oops';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import {
  canReorder,
  displayTimeline,
  newTimelineEvent,
  timelineSummary,
  type TimelineEvent,
  type TimelinePreset,
} from '../../../common/domain/timeline';
import { useSession } from '../../lib/session/use-session';
import type { UpdateOopsInput } from './api/update-oops';
import { TimelineAddForm } from './timeline-add-form';
import { TimelineEditForm } from './timeline-edit-form';
import { TimelineEventItem } from './timeline-event-item';
import { TimelineReorderList } from './timeline-reorder-list';
import { newEventId } from './timeline-time';
import classes from './timeline.module.css';

type Verb = 'add' | 'update' | 'delete' | 'reorder';

interface TimelineSectionProps {
  detail: OopsDetail;
  readOnly: boolean;
  update: (body: UpdateOopsInput) => Promise<unknown>;
}

export function TimelineSection({ detail, readOnly, update }: TimelineSectionProps) {
  const { user } = useSession();
  const [reordering, setReordering] = useState(false);
  const [editingId, setEditingId] = useState<string | null>(null);
  // The order being saved shows at once; it is dropped (reverting) when the save fails.
  const [optimistic, setOptimistic] = useState<TimelineEvent[] | null>(null);
  const custom = optimistic ?? detail.timeline_events;
  const reorderMode = reordering && canReorder(custom) && !readOnly;
  const events = displayTimeline(detail, custom, reorderMode);
  const summary = timelineSummary(events);

  const save = async (next: TimelineEvent[], verb: Verb): Promise<boolean> => {
    setOptimistic(next);
    try {
      await update({ timeline_events: next });
      return true;
    } catch {
      window.alert(OOPS_TEXTS.timelineFailed(verb));
      return false;
    } finally {
      setOptimistic(null);
    }
  };

  const add = (preset: TimelinePreset, customName: string) =>
    save([...custom, newTimelineEvent(preset, user, customName, new Date(), newEventId())], 'add');
  const edit = (changed: TimelineEvent) => {
    // The display flag is not part of the stored event (the API accepts only the event's own fields).
    const { system: _system, ...stored } = changed as TimelineEvent & { system?: boolean };
    return save(
      custom.map((e) => (e.id === stored.id ? stored : e)),
      'update',
    );
  };
  const remove = (event: TimelineEvent) => {
    if (!window.confirm(OOPS_TEXTS.confirmDeleteEvent(event.event))) return;
    void save(
      custom.filter((e) => e.id !== event.id),
      'delete',
    );
  };

  const systemEvents = events.filter((e) => e.system);

  return (
    <Stack gap="sm">
      <Group justify="space-between" gap="xs">
        <Text size="sm" c="dimmed" role="status">
          {events.length > 0 ? OOPS_TEXTS.timelineSummary(summary.count, summary.hours) : ''}
        </Text>
        {!readOnly && canReorder(custom) && (
          <Button
            size="xs"
            variant={reorderMode ? 'filled' : 'default'}
            aria-pressed={reorderMode}
            onClick={() => {
              setEditingId(null);
              setReordering((r) => !r);
            }}
            className={classes.noPrint}
          >
            {reorderMode ? 'Done reordering' : 'Reorder events'}
          </Button>
        )}
      </Group>

      {events.length === 0 ? (
        <Text c="dimmed">{OOPS_MESSAGES.timelineEmpty}</Text>
      ) : reorderMode ? (
        <Stack gap="xs">
          <ol className={classes.list} aria-label="System events">
            {systemEvents.map((event) => (
              <li key={event.id}>
                <TimelineEventItem event={event} editable />
              </li>
            ))}
          </ol>
          <Text size="sm" c="dimmed">
            Drag the custom events (or use Move up / Move down) to put them in order.
          </Text>
          <TimelineReorderList events={custom} onReorder={(next) => void save(next, 'reorder')} />
        </Stack>
      ) : (
        <ol className={classes.list} aria-label="Timeline events">
          {events.map((event) => (
            <li key={event.id}>
              {editingId === event.id && !event.system ? (
                <TimelineEditForm event={event} onSave={edit} onCancel={() => setEditingId(null)} />
              ) : (
                <TimelineEventItem
                  event={event}
                  editable={!readOnly}
                  onEdit={() => setEditingId(event.id)}
                  onDelete={() => remove(event)}
                />
              )}
            </li>
          ))}
        </ol>
      )}

      {!readOnly && !reorderMode && (
        <>
          <Divider className={classes.noPrint} />
          <div className={classes.noPrint}>
            <TimelineAddForm onAdd={add} />
          </div>
        </>
      )}
    </Stack>
  );
}
