// Contracts of the incident calls (docs/product.md §7 Incidents). The fields, their rules and their texts come from the field
// table (common/domain/oops-fields.ts); the spec's texts (§5) where it has them.
import { z } from 'zod';
import { INT4_MAX } from './safe-input';
import {
  fieldSpec,
  fieldsWhere,
  isPaired,
  OOPS_FIELD_NAMES,
  type FieldsWith,
  type OopsFieldName,
  type OopsFieldSpec,
  type PairedField,
} from '../domain/oops-fields';
import {
  MATCHED_COUNT_CAP,
  OOPS_KINDS,
  OOPS_LIMITS,
  OOPS_MESSAGES,
  OOPS_STATUSES,
} from '../domain/oops-options';
import { CUSTOM_FIELD_FILTER_PREFIX } from '../domain/custom-field-limits';
import { customFieldValuesInput, customFieldValuesSchema } from './custom-fields';
import { oopsCursorParam } from './oops-cursor';
import { listFilterShape, listSortShape, periodIssue } from './oops-list-filters';
import {
  fieldAnswerSchemas,
  fieldInputSchemas,
  pickSchemas,
  type FieldAnswerSchemas,
  type FieldInputSchemas,
} from './oops-field-schemas';

const L = OOPS_LIMITS;

const timestampField = z.iso.datetime({
  offset: true,
  error: 'Use an ISO 8601 date and time, e.g. 2026-11-21T09:30:00Z.',
});

/**
 * A timeline event as sent: docs/product.md §3 shapes it without an id (timestamp, event, icon, color, description, user), so
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

type TimelineEventInput = z.infer<typeof timelineEventInput>;
type TimelineEvent = z.infer<typeof timelineEventSchema>;
const parts = { timestamp: timestampField, event: timelineEventSchema };
const inputs = fieldInputSchemas({ timestamp: timestampField, event: timelineEventInput });
type Inputs = FieldInputSchemas<TimelineEventInput>;

type CreateField = Exclude<OopsFieldName, FieldsWith<{ notOnCreate: true }>>;
/** The log call must send these; the description pair is checked by descriptionRule instead. */
type CreateRequired = Exclude<
  FieldsWith<{ required: true }>,
  FieldsWith<{ serverDefault: string }> | PairedField
>;
const requiredOnCreate = (spec: OopsFieldSpec, name: OopsFieldName) =>
  spec.required && spec.serverDefault === undefined && !isPaired(name);

/** The description (sent as description and/or what_happened) needs at least 10 characters (docs/product.md §5). */
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
/**
 * Runs the description rule whenever the description itself is sound, even if other fields are not, so a form
 * learns every missing required field at once.
 */
const soundObject = (payload: z.core.ParsePayload, fields: string[]) =>
  typeof payload.value === 'object' &&
  payload.value !== null &&
  !payload.issues.some((i) => fields.includes(String(i.path?.[0])));
const whenDescriptionSound = {
  when: (payload: z.core.ParsePayload) => soundObject(payload, ['description', 'what_happened']),
};

const createFields = fieldsWhere((spec) => !spec.notOnCreate);
const repeatOfField = z
  .number({ error: 'repeat_of must be an incident id.' })
  .int('repeat_of must be an incident id.')
  .positive('repeat_of must be an incident id.')
  .max(INT4_MAX, 'repeat_of must be an incident id.');

/** POST /api/oops: title, severity and a description (sent as description and/or what_happened) are required. */
export const createOopsBody = z
  .strictObject({
    ...(Object.fromEntries(
      createFields.map((name) => [
        name,
        requiredOnCreate(fieldSpec(name), name) ? inputs[name] : inputs[name].optional(),
      ]),
    ) as {
      [K in CreateField]: K extends CreateRequired ? Inputs[K] : z.ZodOptional<Inputs[K]>;
    }),
    /** Recurrence (decision 019): the new incident repeats this earlier incident of the team, linked atomically. */
    repeat_of: repeatOfField.optional(),
    /** A confidential near-miss (decision 024): only for kind near_miss, when the team allows it. */
    confidential: z.boolean({ error: 'confidential must be true or false.' }).optional(),
    /** The team's custom fields by key (decision 026); each value is checked against its field by the server. */
    custom_fields: customFieldValuesInput.optional(),
    /** Logged already resolved: it stays Open for its review (decision 042). */
    resolved_at: timestampField.optional(),
  })
  .superRefine((body, ctx) => {
    if (body.description === undefined && body.what_happened === undefined) {
      ctx.addIssue({ code: 'custom', message: OOPS_MESSAGES.requiredFields, path: ['description'] });
    }
    descriptionRule(body, ctx);
  }, whenDescriptionSound);
export type CreateOopsBody = z.infer<typeof createOopsBody>;

/**
 * The log screen's form: the log call's rules, and the type as well (docs/product.md §2 marks Incident Type as a required
 * select; §5 "one reading also requires incident type").
 */
export const logIncidentForm = createOopsBody.superRefine(
  (body, ctx) => {
    if (!body.oops_type) {
      ctx.addIssue({ code: 'custom', message: OOPS_MESSAGES.typeRequired, path: ['oops_type'] });
    }
  },
  { when: (payload) => soundObject(payload, ['oops_type']) },
);

/** PUT /api/oops/{id}: any subset of the editable fields (one field, a batch, status, or timeline_events). */
export const updateOopsBody = z
  .strictObject({
    ...(Object.fromEntries(OOPS_FIELD_NAMES.map((name) => [name, inputs[name].optional()])) as {
      [K in OopsFieldName]: z.ZodOptional<Inputs[K]>;
    }),
    /** Only the sent keys change; null clears one (decision 026). */
    custom_fields: customFieldValuesInput.optional(),
    /** Sets or corrects the resolution time; null clears it on an open incident (decision 042). */
    resolved_at: timestampField.nullable().optional(),
  })
  .superRefine((body, ctx) => {
    if (Object.keys(body).length === 0)
      ctx.addIssue({ code: 'custom', message: 'Send at least one field to change.' });
    descriptionRule(body, ctx);
  }, whenDescriptionSound);
export type UpdateOopsBody = z.infer<typeof updateOopsBody>;

/** POST /api/oops/{id}/resolve: marks an open incident resolved, now or at the time sent (decision 042). */
export const resolveOopsBody = z
  .strictObject({ resolved_at: timestampField.optional() })
  .meta({
    description: 'resolved_at defaults to now; never in the future, never before the incident occurred.',
  });
export type ResolveOopsBody = z.infer<typeof resolveOopsBody>;

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
const answers: FieldAnswerSchemas<TimelineEvent> = fieldAnswerSchemas(parts);
export type ListedField = Exclude<OopsFieldName, FieldsWith<{ detailOnly: true }>>;
export type DetailOnlyField = FieldsWith<{ detailOnly: true }>;
/** Fields of list rows, and those only the detail answer carries. */
export const LISTED_FIELDS = fieldsWhere((spec) => !spec.detailOnly) as ListedField[];
export const DETAIL_ONLY_FIELDS = fieldsWhere((spec) => spec.detailOnly === true) as DetailOnlyField[];

/** An incident as lists show it. */
export const oopsSummarySchema = z.object({
  id: z.number(),
  slug: z.string(),
  id_slug: z.string(),
  ...pickSchemas(answers, LISTED_FIELDS),
  team_id: z.number(),
  team_name: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  created_by: nullableString,
  created_by_id: z.number().nullable(),
  completeness: z.number(),
  /** When it was resolved (the log's time to resolve): null until then; an open one may have it (decision 042). */
  resolved_at: nullableString,
  open_actions: z.number(),
  /** Open actions whose due date has passed (common/domain/actions.ts). */
  overdue_actions: z.number(),
  /** Repeats an earlier incident whose follow-up actions were all done (decision 019). */
  repeated_despite_action: z.boolean(),
  /** A confidential near-miss: created_by is "Confidential reporter" and created_by_id null (decision 024). */
  confidential: z.boolean().optional(),
  /** The team's custom field values by field key: only keys with a value (decision 026). */
  custom_fields: customFieldValuesSchema,
});
export type OopsSummary = z.infer<typeof oopsSummarySchema>;

/** The detail page's incident: the summary plus the detail-only fields, the server-kept fields and notes. */
export const oopsDetailSchema = oopsSummarySchema.extend({
  ...pickSchemas(answers, DETAIL_ONLY_FIELDS),
  resolved_at: nullableString,
  resolved_by: nullableString,
  response_team_notified_at: nullableString,
  stakeholders_notified_at: nullableString,
  root_cause_identified: z.boolean(),
  root_cause_identified_at: nullableString,
  root_cause_identified_by: nullableString,
  mitigation_deployed_at: nullableString,
  process_updated_at: nullableString,
  process_updated_by: nullableString,
  postmortem_completed_at: nullableString,
  notes: z.array(noteSchema),
  /** True only in the answers to the confidential reporter of this incident (decision 024). */
  reported_by_you: z.boolean().optional(),
});
export type OopsDetail = z.infer<typeof oopsDetailSchema>;

const listOopsShape = {
  limit: z.coerce.number().int().min(1).max(L.listLimitMax).default(L.listLimitDefault),
  /** Kept for the spec's callers; deep offsets read and skip every row before them, so pages use `cursor`. */
  offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
  cursor: oopsCursorParam.optional(),
  search: z.string().trim().max(200, 'Search text must be at most 200 characters.').optional(),
  status: z
    .union([z.literal(''), z.enum(OOPS_STATUSES)], { error: 'Status must be Open or Closed.' })
    .optional(),
  kind: z.enum(OOPS_KINDS).optional(),
  ...listFilterShape,
  ...listSortShape,
};

/**
 * The list's query and the team's custom field filters `cf.<key>=<value>` (decision 026), one per key: the names
 * depend on the team, so they pass here as text and the server checks each against its field. Any other unknown
 * name is refused as before.
 */
function withCustomFieldFilters<S extends z.core.$ZodLooseShape>(shape: S) {
  return z.looseObject(shape).superRefine((query, ctx) => {
    const unknown = Object.keys(query).filter(
      (key) => !Object.hasOwn(shape, key) && !key.startsWith(CUSTOM_FIELD_FILTER_PREFIX),
    );
    if (unknown.length) ctx.addIssue({ code: 'unrecognized_keys', keys: unknown, input: query });
    const period = periodIssue(query);
    if (period) ctx.addIssue({ code: 'custom', message: period, path: ['occurred_to'] });
    for (const [key, value] of Object.entries(query)) {
      if (!key.startsWith(CUSTOM_FIELD_FILTER_PREFIX) || Object.hasOwn(shape, key)) continue;
      if (typeof value !== 'string') {
        ctx.addIssue({ code: 'custom', message: `Send ${key} once, as text.`, path: [key] });
      }
    }
  });
}

export const listOopsQuery = withCustomFieldFilters(listOopsShape);
/** The CSV export's query: the list's filters without the paging. */
export const exportOopsQuery = withCustomFieldFilters({
  search: listOopsShape.search,
  status: listOopsShape.status,
  kind: listOopsShape.kind,
  ...listFilterShape,
  ...listSortShape,
});
export type ListOopsQuery = z.infer<typeof listOopsQuery>;

/**
 * total: all of the team's incidents; matched: those matching the filter (the list shows `oops` of `matched`),
 * counted exactly up to MATCHED_COUNT_CAP and then reported as the cap with matched_capped set.
 */
export const listOopsResponse = z.object({
  oops: z.array(oopsSummarySchema),
  total: z.number(),
  matched: z.number(),
  matched_capped: z.boolean().meta({
    description: `True when more than ${MATCHED_COUNT_CAP} incidents match: matched is then ${MATCHED_COUNT_CAP}.`,
  }),
  next_cursor: z
    .string()
    .nullable()
    .meta({ description: 'Send as cursor for the next page; null on the last page.' }),
});

export const idSlugParams = z.object({ idSlug: z.string().max(200) });

export const departmentsResponse = z.array(z.string());
