// Reorder mode (docs/product.md §4): custom events are dragged into order with @dnd-kit (pointer, touch or keyboard: focus a
// handle, Space, arrows, Space) or moved with the Move up / Move down buttons.
import {
  closestCenter,
  DndContext,
  KeyboardSensor,
  PointerSensor,
  TouchSensor,
  useSensor,
  useSensors,
  type DragEndEvent,
} from '@dnd-kit/core';
import {
  arrayMove,
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import { ActionIcon, Group } from '@mantine/core';
import { ArrowDown, ArrowUp, GripVertical } from 'lucide-react';
import type { DisplayEvent, TimelineEvent } from '../../../common/domain/timeline';
import { TimelineEventItem } from './timeline-event-item';
import classes from './timeline.module.css';

interface TimelineReorderListProps {
  events: TimelineEvent[];
  onReorder: (next: TimelineEvent[]) => void;
}

const nameOf = (events: TimelineEvent[], id: string | number) =>
  events.find((e) => e.id === id)?.event ?? 'event';

export function TimelineReorderList({ events, onReorder }: TimelineReorderListProps) {
  const sensors = useSensors(
    // A small distance keeps a plain click on the handle from starting a drag.
    useSensor(PointerSensor, { activationConstraint: { distance: 5 } }),
    useSensor(TouchSensor, { activationConstraint: { delay: 150, tolerance: 5 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const move = (from: number, to: number) => {
    if (to < 0 || to >= events.length || from === to) return;
    onReorder(arrayMove(events, from, to));
  };
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    move(
      events.findIndex((e) => e.id === active.id),
      events.findIndex((e) => e.id === over.id),
    );
  };
  return (
    <DndContext
      sensors={sensors}
      collisionDetection={closestCenter}
      onDragEnd={onDragEnd}
      accessibility={{
        announcements: {
          onDragStart: ({ active }) => `Picked up ${nameOf(events, active.id)}.`,
          onDragOver: ({ active, over }) =>
            over ? `${nameOf(events, active.id)} is over ${nameOf(events, over.id)}.` : undefined,
          onDragEnd: ({ active, over }) =>
            over ? `${nameOf(events, active.id)} was dropped over ${nameOf(events, over.id)}.` : undefined,
          onDragCancel: ({ active }) => `Moving ${nameOf(events, active.id)} was cancelled.`,
        },
      }}
    >
      <SortableContext items={events.map((e) => e.id)} strategy={verticalListSortingStrategy}>
        <ol className={classes.list} aria-label="Custom events in order">
          {events.map((event, index) => (
            <SortableRow
              key={event.id}
              event={event}
              first={index === 0}
              last={index === events.length - 1}
              onMove={(delta) => move(index, index + delta)}
            />
          ))}
        </ol>
      </SortableContext>
    </DndContext>
  );
}

function SortableRow({
  event,
  first,
  last,
  onMove,
}: {
  event: TimelineEvent;
  first: boolean;
  last: boolean;
  onMove: (delta: number) => void;
}) {
  const { attributes, listeners, setNodeRef, setActivatorNodeRef, transform, transition, isDragging } =
    useSortable({ id: event.id });
  const display: DisplayEvent = { ...event, system: false };
  return (
    <li
      ref={setNodeRef}
      className={classes.sortable}
      data-dragging={isDragging || undefined}
      style={{ transform: CSS.Transform.toString(transform), transition }}
    >
      <TimelineEventItem
        event={display}
        editable={false}
        controls={
          <Group gap={2} wrap="nowrap">
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${event.event} up`}
              disabled={first}
              onClick={() => onMove(-1)}
            >
              <ArrowUp aria-hidden size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              aria-label={`Move ${event.event} down`}
              disabled={last}
              onClick={() => onMove(1)}
            >
              <ArrowDown aria-hidden size={16} />
            </ActionIcon>
            <ActionIcon
              variant="subtle"
              ref={setActivatorNodeRef}
              className={classes.handle}
              {...attributes}
              {...listeners}
              aria-label={`Drag ${event.event}`}
            >
              <GripVertical aria-hidden size={16} />
            </ActionIcon>
          </Group>
        }
      />
    </li>
  );
}
