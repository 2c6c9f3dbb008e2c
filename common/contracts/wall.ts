// Contracts of the wall display (decision 050): GET /api/wall, everything the office screen shows in one answer,
// and the team's display tokens (/api/team/current/display-tokens). The secret is in the create answer only.
import { z } from 'zod';
import { LESSON_STATES } from '../domain/lesson-texts';
import { WALL_LIMITS, WALL_TEXTS } from '../domain/wall';
import { idParam } from './common';

const wallIncident = z.object({
  id: z.number(),
  title: z.string(),
  severity: z.string(),
  /** When it was logged (ISO); the screen shows its age. */
  created_at: z.string(),
});

const trendWeek = z.object({
  /** Start of the seven days (ISO); the newest week ends now. */
  start: z.string(),
  incidents: z.number(),
  near_misses: z.number(),
});

export const wallResponse = z.object({
  team_name: z.string(),
  /** The server's clock, so the screen's timer does not depend on the TV's. */
  now: z.string(),
  /** When the newest incident (kind incident) was logged; null when there is none. */
  last_incident_at: z.string().nullable(),
  open_incidents: z.object({
    /** Open and not yet resolved, most severe first, at most WALL_LIMITS.openIncidents. */
    items: z.array(wallIncident),
    total: z.number(),
  }),
  /** WALL_LIMITS.trendWeeks weeks of seven days, oldest first, by when they happened. */
  trend: z.array(trendWeek),
  latest_lesson: z
    .object({ text: z.string(), state: z.enum(LESSON_STATES), created_at: z.string() })
    .nullable(),
});
export type WallData = z.infer<typeof wallResponse>;

export const createDisplayTokenBody = z.strictObject({
  name: z
    .string({ error: WALL_TEXTS.nameRequired })
    .trim()
    .min(1, WALL_TEXTS.nameRequired)
    .max(WALL_LIMITS.nameMax, WALL_TEXTS.nameTooLong),
});
export type CreateDisplayTokenBody = z.input<typeof createDisplayTokenBody>;

export const displayTokenSchema = z.object({
  id: z.number(),
  name: z.string(),
  /** The token's last characters, to tell screens apart; never enough to use one. */
  token_hint: z.string(),
  /** Who made it; null once they are gone (the token stays: it is the team's). */
  created_by: z.string().nullable(),
  created_at: z.string(),
  last_used_at: z.string().nullable(),
});
export type DisplayToken = z.infer<typeof displayTokenSchema>;

export const displayTokensResponse = z.object({ tokens: z.array(displayTokenSchema) });

/** The only answer that carries the secret: shown once as the URL to open on the screen. */
export const createdDisplayTokenResponse = displayTokenSchema.extend({ token: z.string() });
export type CreatedDisplayToken = z.infer<typeof createdDisplayTokenResponse>;

export const displayTokenParams = idParam;
export const revokeDisplayTokenResponse = z.object({ success: z.literal(true) });
