import { Checkbox, Stack } from '@mantine/core';
import { OPTIONAL_WIDGETS, type OptionalWidget } from './use-widget-layout';

/** The Customise menu's list of optional widgets; loaded when the menu first opens (not needed for first paint). */
export function WidgetChecklist({
  widgets,
  onChange,
}: {
  widgets: OptionalWidget[];
  onChange: (next: OptionalWidget[]) => void;
}) {
  return (
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
  );
}
