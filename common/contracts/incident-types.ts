// Contracts of the team's incident types (templates, decision 025): one schema for the server's
// validation and the web's form.
import { z } from 'zod';
import { INCIDENT_TYPE_LIMITS as L } from '../domain/incident-type-limits';
import { INCIDENT_TYPE_TEXTS as T } from '../domain/incident-type-texts';
import { INCIDENT_TYPE_ALIASES } from '../domain/oops-options';
import { SEVERITIES } from '../domain/options';
import { INCIDENT_TYPE_ICONS } from '../domain/templates';
import { idParam } from './common';

const suggestionList = (label: string, itemMax: number, itemError: string) =>
  z
    .array(z.string({ error: itemError }).trim().min(1, itemError).max(itemMax, itemError), {
      error: `${label} must be a list of text.`,
    })
    .max(L.listMax, T.listTooLong(label))
    // The same suggestion twice is one chip.
    .transform((items) => [...new Set(items)]);

const textList = (
  key: Exclude<keyof typeof T.fields, 'name' | 'icon' | 'severity' | 'area_department' | 'tags'>,
) => suggestionList(T.fields[key], L.itemMax, T.itemInvalid(T.fields[key])).default([]);

const aliasOf = (name: string) =>
  Object.entries(INCIDENT_TYPE_ALIASES).find(([alias]) => alias.toLowerCase() === name.toLowerCase())?.[1];

export const incidentTypeNameField = z
  .string({ error: T.nameRequired })
  .trim()
  .min(1, T.nameRequired)
  .max(L.nameMax, T.nameTooLong)
  // An alias is stored as its canonical type (decision 005), so a type of that name could never be chosen.
  .superRefine((name, ctx) => {
    const canonical = aliasOf(name);
    if (canonical) ctx.addIssue({ code: 'custom', message: T.nameIsAlias(canonical) });
  });

/** Create and edit send the whole type. */
export const incidentTypeBody = z.strictObject({
  name: incidentTypeNameField,
  icon: z.enum(INCIDENT_TYPE_ICONS, { error: T.iconInvalid }),
  severity: z.enum(SEVERITIES, { error: T.severityInvalid }),
  area_department: z
    .string({ error: T.departmentTooLong })
    .trim()
    .max(L.departmentMax, T.departmentTooLong)
    .default(''),
  tags: suggestionList(T.fields.tags, L.tagMax, T.tagInvalid).default([]),
  detection_methods: textList('detection_methods'),
  common_impacts: textList('common_impacts'),
  owners: textList('owners'),
  root_causes: textList('root_causes'),
  lessons_learned: textList('lessons_learned'),
});
export type IncidentTypeBody = z.infer<typeof incidentTypeBody>;
export type IncidentTypeInput = z.input<typeof incidentTypeBody>;

export const incidentTypeSchema = z.object({
  id: z.number(),
  name: z.string(),
  icon: z.enum(INCIDENT_TYPE_ICONS),
  severity: z.enum(SEVERITIES),
  area_department: z.string(),
  tags: z.array(z.string()),
  detection_methods: z.array(z.string()),
  common_impacts: z.array(z.string()),
  owners: z.array(z.string()),
  root_causes: z.array(z.string()),
  lessons_learned: z.array(z.string()),
  position: z.number(),
  archived: z.boolean(),
  /** Incidents of the team that carry this type. */
  incident_count: z.number(),
});
export type IncidentTypeView = z.infer<typeof incidentTypeSchema>;

export const incidentTypesResponse = z.object({
  incident_types: z.array(incidentTypeSchema),
  /**
   * The types every team may use besides its own (the canonical types without a template, decision 025): offered
   * by the detail page's type select, never as tiles.
   */
  other_types: z.array(z.string()),
});
export type IncidentTypesResponse = z.infer<typeof incidentTypesResponse>;

export const incidentTypesQuery = z.object({
  include_archived: z
    .enum(['0', '1', 'true', 'false'], { error: 'include_archived must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const incidentTypeIdParams = idParam;
