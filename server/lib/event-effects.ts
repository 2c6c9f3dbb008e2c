// What each domain event means to the caches and live streams of every process: one table, read by the dispatcher.
import type { DomainEvent, DomainEventInput, DomainEventType } from '../../common/contracts/domain-events';
import type { LiveEvent } from '../../common/contracts/live';

/** Events after which a cached actor (session → user, team, role) may be wrong: every process forgets them. */
const CHANGES_ACTORS: ReadonlySet<DomainEventType> = new Set([
  'team.updated', // the actor carries the team's name
  'member.joined',
  'member.role_changed',
  'member.removed',
  'user.updated',
  'user.disabled',
  'session.ended',
  'token.revoked',
]);

export function changesActors(event: Pick<DomainEvent, 'type'>): boolean {
  return CHANGES_ACTORS.has(event.type);
}

/** A live event and the team whose streams hear it. */
export interface LiveItem {
  team: number;
  event: LiveEvent;
}

/** The live event dashboards hear for a domain event (only ids travel: clients refetch), or null for none. */
export function liveEventOf(event: DomainEventInput): LiveItem | null {
  if (event.teamId === null) return null;
  const live = (type: LiveEvent['type'], id: number) => ({ team: event.teamId!, event: { type, id } });
  switch (event.type) {
    case 'oops.created':
      return live('oops.created', event.payload.oops.id);
    case 'oops.updated':
    case 'oops.closed':
    case 'oops.reopened':
      return live('oops.updated', event.payload.oops.id);
    case 'oops.imported':
      // Clients refetch lists and statistics on any created incident; one event stands for the whole file.
      return live('oops.created', event.payload.import.last_id);
    case 'oops.note_added':
      return live('oops.notes', event.payload.oops.id);
    case 'action.created':
    case 'action.updated':
    case 'action.completed':
    case 'action.deleted':
      return live('oops.actions', event.payload.oops.id);
    case 'team.updated':
    case 'member.joined':
    case 'member.role_changed':
    case 'member.removed':
      // Team statistics carry the team's name and member count.
      return live('team.updated', event.teamId);
    default:
      return null;
  }
}
