// Contracts of the incident calls (spec §7 Incidents). Field texts are the spec's (§5).
import { z } from 'zod';
import { SEVERITIES } from '../domain/options';
import { OOPS_FIELDS, type OopsFieldKind, type OopsFieldName } from '../domain/oops-fields';
import {
  DETECTION_METHODS,
  INCIDENT_TYPE_ALIASES,
  INCIDENT_TYPES,
  OOPS_KINDS,
  OOPS_LIMITS,
  OOPS_MESSAGES,
  OOPS_STATUSES,
  SYSTEMS_IMPACTED,
  SYSTEMS_IMPACTED_ALIASES,
  SYSTEMS_IMPACTED_ALSO_ACCEPTED,
  USERS_AFFECTED,
  USERS_AFFECTED_ALIASES,
} from '../domain/oops-options';

const L = OOPS_LIMITS;
const listText = (list: readonly string[]) => list.join(', ');

/** Optional free text: trimmed; '' and null clear it. */
const optionalText = (max: number, label: string) =>
  z
    .string({ error: `${label} must be text.` })
    .trim()
    .max(max, `${label} must be at most ${max} characters.`)
    .nullable()
    .transform((v) => (v ? v : null));

const optionalChoice = <T extends readonly [string, ...string[]]>(values: T, label: string) =>
  z
    .union([z.literal(''), z.null(), z.enum(values)], {
      error: `${label} must be one of: ${listText(values)}.`,
    })
    .transform((v) => (v ? v : null));

const rating = (label: string) =>
  z
    .number({ error: `${label} must be a whole number from 1 to 5.` })
    .int(`${label} must be a whole number from 1 to 5.`)
    .min(1, `${label} must be a whole number from 1 to 5.`)
    .max(5, `${label} must be a whole number from 1 to 5.`)
    .nullable();

const titleField = z
  .string({ error: OOPS_MESSAGES.requiredFields })
  .trim()
  .min(1, OOPS_MESSAGES.requiredFields)
  .max(L.titleMax, {
    error: (iss) => OOPS_MESSAGES.titleTooLong(typeof iss.input === 'string' ? iss.input.length : 0),
  });

const severityField = z.enum(SEVERITIES, {
  error: (iss) =>
    iss.input === undefined || iss.input === '' || iss.input === null
      ? OOPS_MESSAGES.requiredFields
      : `Severity must be one of: ${listText(SEVERITIES)}.`,
});

const descriptionField = z
  .string({ error: OOPS_MESSAGES.requiredFields })
  .trim()
  .max(L.descriptionMax, `Description must be at most ${L.descriptionMax} characters.`);

/** A choice that also takes the other spec list's names (decision 005), stored as their canonical value. */
const aliasedChoice = <T extends readonly [string, ...string[]]>(
  values: T,
  aliases: Record<string, string>,
  label: string,
) =>
  z.preprocess(
    (v) => (typeof v === 'string' && Object.hasOwn(aliases, v) ? aliases[v] : v),
    optionalChoice(values, label),
  );


const tagsField = z
  .array(
    z
      .string()
      .trim()
      .min(1, 'Tags cannot be empty.')
      .max(L.tagMax, `Tags must be at most ${L.tagMax} characters.`),
    {
      error: 'Tags must be a list of text.',
    },
  )
  .max(L.tagsMax, `At most ${L.tagsMax} tags.`);

const timestampField = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date and time, e.g. 2026-11-21T09:30:00Z.',
});

/**
 * A timeline event as sent: spec §3 shapes it without an id (timestamp, event, icon, color, description, user), so
 * the id is optional on input; the server gives one to each event that lacks it and keeps it from then on.
 */
export const timelineEventInput = z.strictObject({
  id: z.string().trim().min(1).max(64).optional(),
  timestamp: timestampField,
  event: z.string().trim().min(1, 'Event name is required.').max(L.shortTextMax),
  icon: z.string().max(40).nullish(),
  color: z.string().max(20).nullish(),
  description: z.string().max(L.textMax).nullish(),
  user: z.string().max(L.shortTextMax).nullish(),
  type: z.string().max(40).nullish(),
});

/** A stored timeline event: always has its id. */
export const timelineEventSchema = timelineEventInput.required({ id: true });

// Rules by the field's kind in the field table (common/domain/oops-fields.ts): labels and options come from there.
const F = OOPS_FIELDS;
type FieldOf<K extends OopsFieldKind> = {
  [N in OopsFieldName]: (typeof F)[N]['kind'] extends K ? N : never;
}[OopsFieldName];
const text = (name: FieldOf<'text'>) => optionalText(L.shortTextMax, F[name].label);
const longText = (name: FieldOf<'long-text'>) => optionalText(L.textMax, F[name].label);
const ratingOf = (name: FieldOf<'rating'>) => rating(F[name].label);
const flag = (name: FieldOf<'boolean'>) => z.boolean({ error: `${F[name].label} must be true or false.` });

/** Fields a client may set, with their rules; shared by create and update. */
const editableFields = {
  kind: z.enum(OOPS_KINDS, { error: `${F.kind.label} must be one of: ${listText(OOPS_KINDS)}.` }),
  title: titleField,
  severity: severityField,
  status: z.enum(OOPS_STATUSES, { error: `${F.status.label} must be Open or Closed.` }),
  description: descriptionField,
  what_happened: descriptionField,
  area_department: optionalText(100, F.area_department.label),
  department: optionalText(100, F.area_department.label),
  oops_type: aliasedChoice(INCIDENT_TYPES, INCIDENT_TYPE_ALIASES, F.oops_type.label),
  product_system: text('product_system'),
  impact: longText('impact'),
  downtime_hours: z
    .number({ error: 'Downtime must be a number of hours.' })
    .min(0, 'Downtime cannot be negative.')
    .max(L.downtimeMax, `Downtime must be at most ${L.downtimeMax} hours.`),
  users_affected: aliasedChoice(USERS_AFFECTED, USERS_AFFECTED_ALIASES, F.users_affected.label),
  systems_impacted: aliasedChoice(
    [...SYSTEMS_IMPACTED, ...SYSTEMS_IMPACTED_ALSO_ACCEPTED],
    SYSTEMS_IMPACTED_ALIASES,
    F.systems_impacted.label,
  ),
  detection_method: optionalChoice(DETECTION_METHODS, F.detection_method.label),
  owner_name: text('owner_name'),
  root_cause: longText('root_cause'),
  lesson_learned: longText('lesson_learned'),
  preventability: ratingOf('preventability'),
  learning_value: ratingOf('learning_value'),
  process_clarity: ratingOf('process_clarity'),
  tags: tagsField,
  occurred_at: timestampField.nullable(),
  response_team: text('response_team'),
  stakeholders_notified: flag('stakeholders_notified'),
  mitigation_steps: longText('mitigation_steps'),
  process_updated: flag('process_updated'),
  postmortem_completed: flag('postmortem_completed'),
  related_incidents: z
    .array(z.string().trim().min(1).max(L.shortTextMax))
    .max(20, 'At most 20 related incidents.'),
  timeline_events: z
    .array(timelineEventInput)
    .max(L.timelineEventsMax, `At most ${L.timelineEventsMax} timeline events.`),
} satisfies Partial<Record<OopsFieldName | 'description' | 'department', z.ZodType>>;

const descriptionRule = (body: { description?: string; what_happened?: string }, ctx: z.RefinementCtx) => {
  const text = body.description ?? body.what_happened;
  if (text !== undefined && text.length < L.descriptionMin) {
    ctx.addIssue({
      code: 'custom',
      message: text ? OOPS_MESSAGES.descriptionTooShort : OOPS_MESSAGES.requiredFields,
      path: ['description'],
    });
  }
};

const { title, severity, timeline_events: _t, status: _s, ...optionalCreate } = editableFields;

/** POST /api/oops: title, severity and a description (sent as description and/or what_happened) are required. */
export const createOopsBody = z
  .strictObject({
    title,
    severity,
    status: editableFields.status.optional(),
    ...Object.fromEntries(Object.entries(optionalCreate).map(([k, v]) => [k, v.optional()])),
  } as {
    title: typeof title;
    severity: typeof severity;
    status: z.ZodOptional<typeof editableFields.status>;
  } & {
    [K in keyof typeof optionalCreate]: z.ZodOptional<(typeof optionalCreate)[K]>;
  })
  .superRefine((body, ctx) => {
    if (body.description === undefined && body.what_happened === undefined) {
      ctx.addIssue({ code: 'custom', message: OOPS_MESSAGES.requiredFields, path: ['description'] });
    }
    descriptionRule(body, ctx);
  });
export type CreateOopsBody = z.infer<typeof createOopsBody>;

/** PUT /api/oops/{id}: any subset of the editable fields (one field, a batch, status, or timeline_events). */
export const updateOopsBody = z
  .strictObject(
    Object.fromEntries(Object.entries(editableFields).map(([k, v]) => [k, v.optional()])) as {
      [K in keyof typeof editableFields]: z.ZodOptional<(typeof editableFields)[K]>;
    },
  )
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0)
      ctx.addIssue({ code: 'custom', message: 'Send at least one field to change.' });
    descriptionRule(body, ctx);
  });
export type UpdateOopsBody = z.infer<typeof updateOopsBody>;

export const noteSchema = z.object({
  id: z.number(),
  note: z.string(),
  added_by: z.string(),
  added_at: z.string(),
});
export type Note = z.infer<typeof noteSchema>;
export const createNoteBody = z.strictObject({
  note: z
    .string({ error: 'Note is required.' })
    .trim()
    .min(1, 'Note is required.')
    .max(L.noteMax, `Notes must be at most ${L.noteMax} characters.`),
});

const nullableString = z.string().nullable();

/** An incident as lists show it. */
export const oopsSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  id_slug: z.string(),
  kind: z.enum(OOPS_KINDS),
  title: z.string(),
  description: z.string(),
  what_happened: z.string(),
  severity: z.string(),
  status: z.enum(OOPS_STATUSES),
  area_department: nullableString,
  department: nullableString,
  oops_type: nullableString,
  product_system: nullableString,
  impact: nullableString,
  downtime_hours: z.number(),
  users_affected: nullableString,
  systems_impacted: nullableString,
  detection_method: nullableString,
  owner_name: nullableString,
  root_cause: nullableString,
  lesson_learned: nullableString,
  preventability: z.number().nullable(),
  learning_value: z.number().nullable(),
  process_clarity: z.number().nullable(),
  tags: z.array(z.string()),
  related_incidents: z.array(z.string()),
  team_id: z.number(),
  team_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: nullableString,
  created_by_id: z.number().nullable(),
  occurred_at: nullableString,
  completeness: z.number(),
  open_actions: z.number(),
});
export type OopsSummary = z.infer<typeof oopsSummarySchema>;

/** The detail page's incident: the summary plus system fields, notes and the timeline. */
export const oopsDetailSchema = oopsSummarySchema.extend({
  resolved_at: nullableString,
  resolved_by: nullableString,
  response_team: nullableString,
  response_team_notified_at: nullableString,
  stakeholders_notified: z.boolean(),
  stakeholders_notified_at: nullableString,
  root_cause_identified: z.boolean(),
  root_cause_identified_at: nullableString,
  root_cause_identified_by: nullableString,
  mitigation_steps: nullableString,
  mitigation_deployed_at: nullableString,
  process_updated: z.boolean(),
  process_updated_at: nullableString,
  process_updated_by: nullableString,
  postmortem_completed: z.boolean(),
  postmortem_completed_at: nullableString,
  timeline_events: z.array(timelineEventSchema),
  notes: z.array(noteSchema),
});
export type OopsDetail = z.infer<typeof oopsDetailSchema>;

export const listOopsQuery = z.strictObject({
  limit: z.coerce.number().int().min(1).max(L.listLimitMax).default(L.listLimitDefault),
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  search: z.string().trim().max(200, 'Search text must be at most 200 characters.').optional(),
  status: z
    .union([z.literal(''), z.enum(OOPS_STATUSES)], { error: 'Status must be Open or Closed.' })
    .optional(),
  kind: z.enum(OOPS_KINDS).optional(),
});
export type ListOopsQuery = z.infer<typeof listOopsQuery>;

/** total: all of the team's incidents; matched: those matching the filter (the list shows `oops` of `matched`). */
export const listOopsResponse = z.object({
  oops: z.array(oopsSummarySchema),
  total: z.number(),
  matched: z.number(),
});

export const idSlugParams = z.object({ idSlug: z.string().max(200) });

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

export const departmentsResponse = z.array(z.string());
