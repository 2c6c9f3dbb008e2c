// The incident timeline (docs/product.md §4): system events derived from incident fields, and custom events from the stored list.
import { isAutomaticEvent } from './resolution';

export const TIMELINE_PRESETS = {
  initial_response: { event: 'Initial Response', description: 'First responder started investigating.' },
  escalation: { event: 'Escalation', description: 'The incident was escalated.' },
  team_assembled: { event: 'Team Assembled', description: 'The response team was assembled.' },
  customer_notified: { event: 'Customer Notified', description: 'Affected customers were notified.' },
  status_page_updated: { event: 'Status Page Updated', description: 'The public status page was updated.' },
  workaround_deployed: { event: 'Workaround Deployed', description: 'A temporary workaround was deployed.' },
  service_restored: { event: 'Service Restored', description: 'Service was restored for users.' },
  testing_completed: { event: 'Testing Completed', description: 'Verification testing was completed.' },
  follow_up_scheduled: { event: 'Follow-up Scheduled', description: 'A follow-up review was scheduled.' },
  action_items_assigned: {
    event: 'Action Items Assigned',
    description: 'Action items were assigned to owners.',
  },
  custom: { event: '', description: '' },
} as const;
export type TimelinePreset = keyof typeof TIMELINE_PRESETS;
export const TIMELINE_PRESET_TYPES = Object.keys(TIMELINE_PRESETS) as TimelinePreset[];

export const NEW_EVENT_COLOR = 'blue';

export interface TimelineEvent {
  id: string;
  timestamp: string;
  event: string;
  icon?: string | null;
  color?: string | null;
  description?: string | null;
  user?: string | null;
  type?: string | null;
}

export interface DisplayEvent extends TimelineEvent {
  system: boolean;
}

/** The fields behind the system events; the server sets the *_at values. */
export interface SystemEventSource {
  occurred_at?: string | null;
  created_at: string;
  response_team_notified_at?: string | null;
  stakeholders_notified_at?: string | null;
  root_cause_identified_at?: string | null;
  mitigation_deployed_at?: string | null;
  process_updated_at?: string | null;
  resolved_at?: string | null;
  postmortem_completed_at?: string | null;
}

const SYSTEM_EVENTS: { key: keyof SystemEventSource; event: string; color: string; icon: string }[] = [
  { key: 'occurred_at', event: 'Incident Started', color: 'red', icon: 'flame' },
  { key: 'created_at', event: 'Incident Detected', color: 'orange', icon: 'radar' },
  { key: 'response_team_notified_at', event: 'Response Team Notified', color: 'yellow', icon: 'users' },
  { key: 'stakeholders_notified_at', event: 'Stakeholders Notified', color: 'yellow', icon: 'megaphone' },
  { key: 'root_cause_identified_at', event: 'Root Cause Identified', color: 'grape', icon: 'search' },
  { key: 'mitigation_deployed_at', event: 'Mitigation Deployed', color: 'cyan', icon: 'shield-check' },
  { key: 'process_updated_at', event: 'Process Updated', color: 'teal', icon: 'refresh-cw' },
  { key: 'resolved_at', event: 'Incident Resolved', color: 'green', icon: 'check-circle' },
  { key: 'postmortem_completed_at', event: 'Postmortem Completed', color: 'indigo', icon: 'book-open' },
];

export function systemEvents(source: SystemEventSource): DisplayEvent[] {
  return SYSTEM_EVENTS.flatMap(({ key, event, color, icon }) => {
    const timestamp = source[key];
    return timestamp ? [{ id: `system-${key}`, timestamp, event, color, icon, system: true }] : [];
  });
}

const byTime = (a: TimelineEvent, b: TimelineEvent) => Date.parse(a.timestamp) - Date.parse(b.timestamp);

/**
 * Events to display: all sorted by time, or, in reorder mode, system events first by time and then the custom
 * events in their stored order (which the user arranges).
 */
export function displayTimeline(
  source: SystemEventSource,
  custom: readonly TimelineEvent[],
  reorderMode = false,
): DisplayEvent[] {
  const system = systemEvents(source).sort(byTime);
  // The automatic events of a resolution (decision 042) are stored with the custom ones but locked like system events.
  const customEvents = custom.map((e) => ({ ...e, system: isAutomaticEvent(e) }));
  if (reorderMode) return [...system, ...customEvents];
  return [...system, ...customEvents].sort(byTime);
}

/** Reordering is offered only with more than one custom event. */
export const canReorder = (custom: readonly TimelineEvent[]) => custom.length > 1;

/** The summary line: event count and the hours the events span (one decimal). */
export function timelineSummary(events: readonly TimelineEvent[]): { count: number; hours: number } {
  if (events.length === 0) return { count: 0, hours: 0 };
  const times = events.map((e) => Date.parse(e.timestamp)).filter((t) => !Number.isNaN(t));
  const span = times.length ? Math.max(...times) - Math.min(...times) : 0;
  return { count: events.length, hours: Math.round((span / 3_600_000) * 10) / 10 };
}

/** A new custom event: current time, blue, the preset description, the user's name or e-mail, or 'Team'. */
export function newTimelineEvent(
  preset: TimelinePreset,
  user: { name?: string | null; email?: string | null } | null,
  customName: string,
  now: Date,
  id: string,
): TimelineEvent {
  const p = TIMELINE_PRESETS[preset];
  return {
    id,
    timestamp: now.toISOString(),
    event: preset === 'custom' ? customName.trim() : p.event,
    color: NEW_EVENT_COLOR,
    icon: 'circle',
    description: p.description,
    user: user?.name || user?.email || 'Team',
    type: preset,
  };
}
