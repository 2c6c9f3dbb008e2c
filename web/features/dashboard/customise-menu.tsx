import { Button, Checkbox, Popover, Stack, Text } from '@mantine/core';
import { SlidersHorizontal } from 'lucide-react';
import { OPTIONAL_WIDGETS, type OptionalWidget } from './use-widget-layout';

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
        <Checkbox.Group
          label="Extra widgets"
          description="Shown below the main panels; remembered for your account on this browser."
          value={widgets}
          onChange={(value) => onChange(value)}
        >
          <Stack gap="xs" mt="xs">
            {OPTIONAL_WIDGETS.map((w) => (
              <Checkbox key={w.id} value={w.id} label={w.label} />
            ))}
          </Stack>
        </Checkbox.Group>
        <Text size="xs" c="dimmed" mt="sm">
          Press Escape to close.
        </Text>
      </Popover.Dropdown>
    </Popover>
  );
}
