import type { ReactNode } from 'react';

/**
 * A table that scrolls sideways on narrow screens. The scrolling box is focusable and named so keyboard users can
 * scroll it too (axe: scrollable-region-focusable), which Mantine's ScrollArea-based container is not.
 */
export function ScrollTable({
  label,
  minWidth,
  children,
}: {
  label: string;
  minWidth: number;
  children: ReactNode;
}) {
  return (
    <div role="region" aria-label={label} tabIndex={0} style={{ overflowX: 'auto' }}>
      <div style={{ minWidth }}>{children}</div>
    </div>
  );
}
