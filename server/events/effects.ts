// What a committed domain event does, one row per event type, and the one function that applies it to a process
// (`applyCommitted`). Every effect of a write goes through here, at whichever moment it is due (decisions 014, 027
// and 032):
// - the commit's wake-up, heard by every process: the team's answers are stale, its dashboards hear the live event;
// - the writing request, before its answer leaves: the team's answers are stale here at once (the wake-up may
//   arrive after the answer), or, for a change of who an actor is, every effect once it is dispatched;
// - the dispatch: every process forgets its cached actors, and the consumers act in its transaction (the webhooks
//   consumer inserts a delivery per subscribed endpoint and queues its job).
import type { DomainEvent, DomainEventInput, DomainEventType } from '../../common/contracts/domain-events';
import type { LiveEvent } from '../../common/contracts/live';

type EventOf<T extends DomainEventType> = Extract<DomainEventInput, { type: T }>;

interface EventEffects<T extends DomainEventType> {
  /** Every process forgets its cached actors (session → user, team, role): the dispatch does it. */
  forgetsActors: boolean;
  /** The event's team (when it names one) has its cached answers made stale. */
  staleTeam: boolean;
  /** The live event the team's dashboards hear (only ids travel: clients refetch), if any. */
  live?: (event: EventOf<T>) => LiveEvent;
  /** A webhook may subscribe to it: the webhooks consumer queues a delivery job per subscribed endpoint. */
  webhooks: boolean;
}

const teamEvent = { forgetsActors: false, staleTeam: true, webhooks: true } as const;
const accountEvent = { forgetsActors: true, staleTeam: true, webhooks: false } as const;
const oopsLive =
  (type: LiveEvent['type']) =>
  (event: { payload: { oops: { id: number } } }): LiveEvent => ({ type, id: event.payload.oops.id });
/** Team statistics carry the team's name and member count; the actor carries the team's name and role. */
const memberEvent = {
  ...teamEvent,
  forgetsActors: true,
  live: (event: { teamId: number }): LiveEvent => ({ type: 'team.updated', id: event.teamId }),
} as const;

const EFFECTS: { [T in DomainEventType]: EventEffects<T> } = {
  'oops.created': { ...teamEvent, live: oopsLive('oops.created') },
  'oops.updated': { ...teamEvent, live: oopsLive('oops.updated') },
  'oops.closed': { ...teamEvent, live: oopsLive('oops.updated') },
  'oops.reopened': { ...teamEvent, live: oopsLive('oops.updated') },
  // Clients refetch lists and statistics on any created incident; one event stands for the whole file.
  'oops.imported': {
    ...teamEvent,
    live: (event) => ({ type: 'oops.created', id: event.payload.import.last_id }),
  },
  'oops.note_added': { ...teamEvent, live: oopsLive('oops.notes') },
  'action.created': { ...teamEvent, live: oopsLive('oops.actions') },
  'action.updated': { ...teamEvent, live: oopsLive('oops.actions') },
  'action.completed': { ...teamEvent, live: oopsLive('oops.actions') },
  'action.deleted': { ...teamEvent, live: oopsLive('oops.actions') },
  'team.updated': memberEvent,
  'member.joined': memberEvent,
  'member.role_changed': memberEvent,
  'member.removed': memberEvent,
  'user.updated': accountEvent,
  'user.disabled': accountEvent,
  'session.ended': accountEvent,
  'token.revoked': accountEvent,
  // Statistics count adoptions.
  'lesson.changed': {
    ...teamEvent,
    webhooks: false,
    live: (event) => ({ type: 'lessons.changed', id: event.payload.lesson.id }),
  },
  // The report's figures count triages; nothing of it leaves the server (the reporter is never named anyway).
  'triage.changed': { ...teamEvent, webhooks: false },
};

/** The effects of an event type (its row of the table). */
export const effectsOf = <T extends DomainEventType>(type: T): EventEffects<T> => EFFECTS[type];

/** Whether a cached actor may be wrong after this event: its dispatch makes every process forget them. */
export function changesActors(event: Pick<DomainEvent, 'type'>): boolean {
  return effectsOf(event.type).forgetsActors;
}

/** A live event and the team whose streams hear it. */
export interface LiveItem {
  team: number;
  event: LiveEvent;
}

/** The live event dashboards hear for a domain event, or null for none. */
export function liveEventOf(event: DomainEventInput): LiveItem | null {
  const live = effectsOf(event.type).live;
  if (event.teamId === null || !live) return null;
  return { team: event.teamId, event: live(event) };
}

/** The teams whose cached answers these events make stale, once each. */
export function staleTeamsOf(events: readonly Pick<DomainEvent, 'type' | 'teamId'>[]): number[] {
  const teams = new Set<number>();
  for (const event of events) {
    if (event.teamId !== null && effectsOf(event.type).staleTeam) teams.add(event.teamId);
  }
  return [...teams];
}

/** Where a process applies the effects of committed events. */
export interface EffectTargets {
  /** Forgets this process's cached actors and tells every other process to. */
  forgetActors(): Promise<void>;
  /** Makes the team's cached answers stale in this process. */
  makeStale(teamId: number): void;
  /** Hands a live event to this process's streams of its team. */
  toStreams(item: LiveItem): void;
}

/** Which effects of committed events are due now (see the top of this file for when each is). */
export interface Committed {
  /** Events whose actors are forgotten (those that change who an actor is). */
  actorsOf?: readonly Pick<DomainEvent, 'type'>[];
  teams?: readonly number[];
  live?: readonly LiveItem[];
}

/** Applies what committed events do to this process; the one place where caches and streams hear of a change. */
export async function applyCommitted(targets: EffectTargets, committed: Committed): Promise<void> {
  if (committed.actorsOf?.some(changesActors)) await targets.forgetActors();
  for (const team of committed.teams ?? []) targets.makeStale(team);
  for (const item of committed.live ?? []) targets.toStreams(item);
}
