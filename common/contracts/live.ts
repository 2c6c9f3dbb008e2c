// Live events streamed to dashboards (GET /api/live, text/event-stream). Only ids and kinds travel: clients refetch
// what they show, so an event never carries data the receiver could not read anyway.
import { z } from 'zod';

// team.updated (id: the team): its name, members, roles or departments changed; cached team facts are dropped.
// lessons.changed (id: the lesson): adopted, verified, stepped back or merged (statistics count adoptions).
export const LIVE_EVENT_TYPES = [
  'oops.created',
  'oops.updated',
  'oops.notes',
  'oops.actions',
  'team.updated',
  'lessons.changed',
] as const;
export const liveEventSchema = z.object({ type: z.enum(LIVE_EVENT_TYPES), id: z.number() });
export type LiveEvent = z.infer<typeof liveEventSchema>;
/** Seconds between heartbeats; also how often a stream re-checks that its session is still valid. */
export const LIVE_HEARTBEAT_SECONDS = 25;
