// Domain events: what happened, written to the outbox in the same transaction as the change (server/events/outbox.ts)
// and handed after commit to their consumers: live streams, the caches and outgoing webhooks.
//
// Team events carry a snapshot taken in the transaction, so a webhook describes the incident as it was when the
// event happened, not as it is when the delivery is retried. Account events never leave the server: they only tell
// every process to forget cached sessions.
import { z } from 'zod';
import { OOPS_KINDS, OOPS_STATUSES } from '../domain/oops-options';
import { ROLES, SEVERITIES } from '../domain/options';

/** Who did it: the signed-in user, or null for the operator CLI and the system. */
export const eventActorSchema = z.object({ id: z.number(), name: z.string() }).nullable();

/** The incident as it stood when the event happened. */
export const oopsSnapshotSchema = z.object({
  id: z.number(),
  id_slug: z.string(),
  title: z.string(),
  kind: z.enum(OOPS_KINDS),
  severity: z.enum(SEVERITIES),
  status: z.enum(OOPS_STATUSES),
  area_department: z.string().nullable(),
  logged_by: z.string().nullable(),
  lesson_learned: z.string().nullable(),
});
export type OopsSnapshot = z.infer<typeof oopsSnapshotSchema>;

const actionSnapshotSchema = z.object({
  id: z.number(),
  title: z.string(),
  status: z.enum(['open', 'done']),
  due_date: z.string().nullable(),
});

const oopsEvent = z.object({ actor: eventActorSchema, oops: oopsSnapshotSchema });
const actionEvent = oopsEvent.extend({ action: actionSnapshotSchema });
const memberEvent = z.object({
  actor: eventActorSchema,
  member: z.object({ id: z.number(), name: z.string(), role: z.enum(ROLES).nullable() }),
});

/** Team events: payloads per type. These are the ones a webhook may subscribe to. */
export const TEAM_EVENT_PAYLOADS = {
  'oops.created': oopsEvent,
  'oops.updated': oopsEvent.extend({ changed: z.array(z.string()) }),
  'oops.closed': oopsEvent,
  'oops.reopened': oopsEvent,
  'oops.note_added': oopsEvent.extend({ note: z.object({ id: z.number(), text: z.string() }) }),
  /** A CSV import (decision 023): one event for the whole file, not one per incident. */
  'oops.imported': z.object({
    actor: eventActorSchema,
    import: z.object({ count: z.number(), first_id: z.number(), last_id: z.number() }),
  }),
  'action.created': actionEvent,
  'action.updated': actionEvent,
  'action.completed': actionEvent,
  'action.deleted': actionEvent,
  'team.updated': z.object({ actor: eventActorSchema, team: z.object({ id: z.number(), name: z.string() }) }),
  'member.joined': memberEvent,
  'member.role_changed': memberEvent,
  'member.removed': memberEvent,
} as const;

export type TeamEventType = keyof typeof TEAM_EVENT_PAYLOADS;
export const TEAM_EVENT_TYPES = Object.keys(TEAM_EVENT_PAYLOADS) as [TeamEventType, ...TeamEventType[]];

/**
 * Account events: a session, a user or a membership changed in a way that changes who an actor is (sign-out,
 * password, profile, team switch, disabling, super-admin grant, a revoked API token). Internal only: never sent to webhooks.
 */
export const ACCOUNT_EVENT_PAYLOADS = {
  'user.updated': z.object({ user_id: z.number() }),
  'user.disabled': z.object({ user_id: z.number() }),
  'session.ended': z.object({ user_id: z.number() }),
  'token.revoked': z.object({ user_id: z.number() }),
} as const;
export type AccountEventType = keyof typeof ACCOUNT_EVENT_PAYLOADS;

/**
 * Team events that stay inside the server (never sent to webhooks): they make the team's cached answers stale and
 * tell its dashboards, as the others do.
 */
export const INTERNAL_TEAM_EVENT_PAYLOADS = {
  /** A lesson adopted, verified, stepped back or merged (statistics count adoptions); `lesson` is the one kept. */
  'lesson.changed': z.object({ actor: eventActorSchema, lesson: z.object({ id: z.number() }) }),
  /** A report triaged or its fix's verification recorded (decision 049): the report's figures count triages. */
  'triage.changed': z.object({ actor: eventActorSchema, oops: z.object({ id: z.number() }) }),
} as const;
export type InternalTeamEventType = keyof typeof INTERNAL_TEAM_EVENT_PAYLOADS;

export type DomainEventType = TeamEventType | AccountEventType | InternalTeamEventType;
type Payloads = { [K in TeamEventType]: z.infer<(typeof TEAM_EVENT_PAYLOADS)[K]> } & {
  [K in AccountEventType]: z.infer<(typeof ACCOUNT_EVENT_PAYLOADS)[K]>;
} & { [K in InternalTeamEventType]: z.infer<(typeof INTERNAL_TEAM_EVENT_PAYLOADS)[K]> };
export type DomainEventPayload<T extends DomainEventType> = Payloads[T];

/** A team event as emitted (before it has an id). */
export type TeamEventInput = {
  [T in TeamEventType]: { type: T; teamId: number; payload: Payloads[T] };
}[TeamEventType];
/** An account event as emitted; a team is named when the change was made within one. */
export type AccountEventInput = {
  [T in AccountEventType]: { type: T; teamId: number | null; payload: Payloads[T] };
}[AccountEventType];
/** An internal team event as emitted. */
export type InternalTeamEventInput = {
  [T in InternalTeamEventType]: { type: T; teamId: number; payload: Payloads[T] };
}[InternalTeamEventType];
export type DomainEventInput = TeamEventInput | AccountEventInput | InternalTeamEventInput;

/** An event read back from the outbox: its id is the webhook-id of every delivery of it. */
export type DomainEvent = DomainEventInput & { id: number; occurredAt: Date };

export function isTeamEvent(event: DomainEventInput): event is TeamEventInput {
  return event.type in TEAM_EVENT_PAYLOADS;
}
