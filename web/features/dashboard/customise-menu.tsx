import { lazy, Suspense } from 'react';
import { Button, Loader, Popover, Text } from '@mantine/core';
import { SlidersHorizontal } from 'lucide-react';
import type { OptionalWidget } from './use-widget-layout';

// The checklist is only needed once the menu opens: it stays out of the dashboard's first-paint JS budget.
const WidgetChecklist = lazy(async () => ({ default: (await import('./widget-checklist')).WidgetChecklist }));

/** "Customise": tick the widgets outside the default layout to add them below the four panels. */
export function CustomiseMenu({
  widgets,
  onChange,
}: {
  widgets: OptionalWidget[];
  onChange: (next: OptionalWidget[]) => void;
}) {
  return (
    <Popover position="bottom-end" shadow="md" width={260} trapFocus withinPortal>
      <Popover.Target>
        <Button variant="default" leftSection={<SlidersHorizontal size={16} aria-hidden />}>
          Customise
        </Button>
      </Popover.Target>
      <Popover.Dropdown>
        <Suspense fallback={<Loader size="sm" aria-label="Loading widgets" />}>
          <WidgetChecklist widgets={widgets} onChange={onChange} />
        </Suspense>
        <Text size="xs" c="dimmed" mt="sm">
          Press Escape to close.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
