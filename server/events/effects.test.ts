// The effects table (server/events/effects.ts) against the contract of domain events: webhooks hear exactly the
// team events a webhook may subscribe to, and every event that names a team tells its dashboards.
import { describe, expect, it } from 'vitest';
import { TEAM_EVENT_TYPES, type DomainEventType } from '../../common/contracts/domain-events';
import { changesActors, effectsOf, liveEventOf, staleTeamsOf } from './effects';

const ALL: DomainEventType[] = [
  ...TEAM_EVENT_TYPES,
  'user.updated',
  'user.disabled',
  'session.ended',
  'token.revoked',
  'lesson.changed',
];

describe('the effects of domain events', () => {
  it('lets webhooks hear the team events of the contract and nothing else', () => {
    for (const type of ALL)
      expect(effectsOf(type).webhooks, type).toBe(TEAM_EVENT_TYPES.includes(type as never));
  });

  it("makes a lesson's change stale for its team and tells its dashboards, without touching actors", () => {
    const event = { type: 'lesson.changed', teamId: 7, payload: { actor: null, lesson: { id: 3 } } } as const;
    expect(liveEventOf(event)).toEqual({ team: 7, event: { type: 'lessons.changed', id: 3 } });
    expect(changesActors(event)).toBe(false);
    expect(staleTeamsOf([event, { type: 'session.ended', teamId: null }, { ...event, teamId: 8 }])).toEqual([
      7, 8,
    ]);
  });

  it('forgets actors on membership and account changes only', () => {
    const forget = ALL.filter((type) => changesActors({ type }));
    expect(forget.sort()).toEqual(
      [
        'team.updated',
        'member.joined',
        'member.role_changed',
        'member.removed',
        'user.updated',
        'user.disabled',
        'session.ended',
        'token.revoked',
      ].sort(),
    );
  });
});
