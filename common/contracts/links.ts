// Contracts of links (decision 019): links between incidents of one team, repeats, and similar incidents while
// logging.
import { z } from 'zod';
import { dbIdText } from './safe-input';
import { idParam } from './common';

export const relatedParams = idParam.extend({
  otherId: dbIdText(),
});

/** POST /api/oops/{id}/related/{otherId}: with repeat true, {id} repeats the earlier {otherId}. */
export const linkBody = z.strictObject({
  repeat: z.boolean({ error: 'repeat must be true or false.' }).optional(),
});

export const RELATED_DIRECTIONS = ['repeat_of', 'repeated_by'] as const;

export const relatedIncidentSchema = z.object({
  id: z.number(),
  slug: z.string(),
  id_slug: z.string(),
  title: z.string(),
  severity: z.string(),
  status: z.string(),
  created_at: z.string(),
  /** repeat_of: this incident repeats the other; repeated_by: the other repeats this one; null: plainly related. */
  repeat: z.enum(RELATED_DIRECTIONS).nullable(),
  /** A repeat whose earlier incident had follow-up actions, all of them done. */
  despite_action: z.boolean(),
});
export type RelatedIncident = z.infer<typeof relatedIncidentSchema>;

export const relatedResponse = z.object({
  related: z.array(relatedIncidentSchema),
  /** This incident repeats an earlier one whose follow-up actions were all done. */
  repeated_despite_action: z.boolean(),
});
export type RelatedResponse = z.infer<typeof relatedResponse>;

/** A chain of repeats, earliest first (A → B → C). */
export const repeatChainSchema = z.object({
  incidents: z.array(z.object({ id: z.number(), id_slug: z.string(), title: z.string() })),
});
export type RepeatChain = z.infer<typeof repeatChainSchema>;

/** GET /api/oops/similar: the team's incidents most like a text being logged. */
export const similarQuery = z.strictObject({
  text: z.string().trim().min(1, 'Send some text to compare.').max(2000),
});
export const similarResponse = z.object({
  oops: z.array(
    z.object({
      id: z.number(),
      id_slug: z.string(),
      title: z.string(),
      severity: z.string(),
      status: z.string(),
      created_at: z.string(),
    }),
  ),
});
