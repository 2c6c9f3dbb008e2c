// Which optional widgets a user added to the dashboard ("Customise"), remembered per user in localStorage so two
// people sharing a browser keep their own choice. Unknown ids from an older version are dropped on read. A user who
// never chose gets the widgets marked `byDefault` (Trends, decision 051).
import { useCallback, useEffect, useState } from 'react';

export const OPTIONAL_WIDGETS = [
  { id: 'trends', label: 'Trends', byDefault: true },
  { id: 'recent-oops', label: 'Recent Oops' },
  { id: 'quick-actions', label: 'Quick Actions' },
  { id: 'department-table', label: 'Department Table' },
  { id: 'team-performance', label: 'Team Performance' },
] as const;
export type OptionalWidget = (typeof OPTIONAL_WIDGETS)[number]['id'];

const ids: readonly string[] = OPTIONAL_WIDGETS.map((w) => w.id);
const DEFAULT_WIDGETS: OptionalWidget[] = OPTIONAL_WIDGETS.filter((w) => 'byDefault' in w).map((w) => w.id);

export const widgetStorageKey = (userId: number) => `oopsboard.dashboard.widgets.${userId}`;

export function readWidgets(userId: number | undefined): OptionalWidget[] {
  if (userId === undefined) return [];
  try {
    const stored = window.localStorage.getItem(widgetStorageKey(userId));
    if (stored === null) return DEFAULT_WIDGETS;
    const parsed: unknown = JSON.parse(stored);
    return Array.isArray(parsed)
      ? parsed.filter((v): v is OptionalWidget => typeof v === 'string' && ids.includes(v))
      : [];
  } catch {
    return [];
  }
}

function writeWidgets(userId: number, widgets: OptionalWidget[]): void {
  try {
    window.localStorage.setItem(widgetStorageKey(userId), JSON.stringify(widgets));
  } catch {
    // Storage full or disabled: the choice lasts until the page is reloaded.
  }
}

export function useWidgetLayout(userId: number | undefined) {
  const [widgets, setWidgets] = useState<OptionalWidget[]>(() => readWidgets(userId));
  // A different user signing in within the same tab gets their own choice.
  useEffect(() => setWidgets(readWidgets(userId)), [userId]);

  const update = useCallback(
    (next: OptionalWidget[]) => {
      // Keep the menu's order whatever order the boxes were ticked in.
      const ordered = OPTIONAL_WIDGETS.map((w) => w.id).filter((id) => next.includes(id));
      setWidgets(ordered);
      if (userId !== undefined) writeWidgets(userId, ordered);
    },
    [userId],
  );
  return { widgets, setWidgets: update };
}
