import { describe, expect, it } from 'vitest';
import {
  canReorder,
  displayTimeline,
  newTimelineEvent,
  systemEvents,
  timelineSummary,
  TIMELINE_PRESET_TYPES,
} from './timeline';

const source = {
  created_at: '2026-11-20T10:00:00Z',
  occurred_at: '2026-11-20T09:30:00Z',
  resolved_at: '2026-11-20T12:00:00Z',
};

describe('timeline', () => {
  it('derives system events from the incident fields', () => {
    expect(systemEvents(source).map((e) => e.event)).toEqual([
      'Incident Started',
      'Incident Detected',
      'Incident Resolved',
    ]);
    expect(systemEvents(source).every((e) => e.system)).toBe(true);
  });

  it('sorts everything by time, or puts system events first in reorder mode', () => {
    const custom = [
      { id: 'b', timestamp: '2026-11-20T11:00:00Z', event: 'B' },
      { id: 'a', timestamp: '2026-11-20T09:45:00Z', event: 'A' },
    ];
    expect(displayTimeline(source, custom).map((e) => e.event)).toEqual([
      'Incident Started',
      'A',
      'Incident Detected',
      'B',
      'Incident Resolved',
    ]);
    expect(displayTimeline(source, custom, true).map((e) => e.event)).toEqual([
      'Incident Started',
      'Incident Detected',
      'Incident Resolved',
      'B',
      'A',
    ]);
  });

  it('offers reordering only with more than one custom event', () => {
    expect(canReorder([])).toBe(false);
    expect(canReorder([{ id: 'a', timestamp: '', event: 'A' }])).toBe(false);
    expect(
      canReorder([
        { id: 'a', timestamp: '', event: 'A' },
        { id: 'b', timestamp: '', event: 'B' },
      ]),
    ).toBe(true);
  });

  it('summarises the count and hours spanned', () => {
    expect(timelineSummary(displayTimeline(source, []))).toEqual({ count: 3, hours: 2.5 });
    expect(timelineSummary([])).toEqual({ count: 0, hours: 0 });
  });

  it('creates a new event with the current time, blue, the preset text and the user or Team', () => {
    const now = new Date('2026-11-21T08:00:00Z');
    expect(newTimelineEvent('escalation', { name: 'Ann' }, '', now, 'x')).toMatchObject({
      timestamp: '2026-11-21T08:00:00.000Z',
      event: 'Escalation',
      color: 'blue',
      user: 'Ann',
      type: 'escalation',
    });
    expect(newTimelineEvent('custom', { email: 'a@b.co' }, ' Vendor called ', now, 'y')).toMatchObject({
      event: 'Vendor called',
      user: 'a@b.co',
    });
    expect(newTimelineEvent('custom', null, 'X', now, 'z').user).toBe('Team');
    expect(TIMELINE_PRESET_TYPES).toEqual([
      'initial_response',
      'escalation',
      'team_assembled',
      'customer_notified',
      'status_page_updated',
      'workaround_deployed',
      'service_restored',
      'testing_completed',
      'follow_up_scheduled',
      'action_items_assigned',
      'custom',
    ]);
  });
});
