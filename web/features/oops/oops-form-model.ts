// The logging form's state, its checks and the payload it sends (docs/product.md §5 incident form), kept pure so the rules
// are tested without rendering. The fields are the table's (common/domain/oops-fields.ts) that the log screen
// asks for, and the checks are the log call's own contract.
import type { z } from 'zod';
import { logIncidentForm } from '../../../common/contracts/oops';
import {
  fieldSpec,
  fieldsWhere,
  OOPS_FIELD_NAMES,
  OOPS_FORM_DEFAULTS,
  type FieldsWith,
  type OopsFieldName,
  type OopsFieldSpecOf,
} from '../../../common/domain/oops-fields';
import { OOPS_MESSAGES, SEVERE_USERS_AFFECTED_DEFAULT } from '../../../common/domain/oops-options';
import { normaliseTags, suggestTags } from '../../../common/domain/tags';
import type { IncidentTemplate } from '../../../common/domain/templates';
import type { CreateOopsInput } from './api/create-oops';

export type LogFormField = FieldsWith<{ logForm: string }>;
/** The fields of the log screen, in table order. */
export const LOG_FORM_FIELDS = fieldsWhere((spec) => spec.logForm !== undefined) as LogFormField[];

/** Inputs hold text (a number as the select's text); a rating is a number, 0 meaning not rated. */
type FormValue<S> = S extends { kind: 'rating' } ? number : S extends { kind: 'tags' } ? string[] : string;
export type OopsFormState = { [K in LogFormField]: FormValue<OopsFieldSpecOf<K>> };

/** Fields whose input holds text. */
export type TextFormField = {
  [K in LogFormField]: OopsFormState[K] extends string ? K : never;
}[LogFormField];
export const isTextField = (name: LogFormField): name is TextFormField =>
  !['rating', 'tags'].includes(fieldSpec(name).kind);

/** The fields of one section of the log screen, in table order. */
export const formFieldsIn = (section: 'main' | 'impact' | 'analysis'): LogFormField[] =>
  LOG_FORM_FIELDS.filter((name) => fieldSpec(name).logForm === section);

/** docs/product.md §9 form defaults; every other field starts empty. */
export function initialFormState(): OopsFormState {
  const defaults: Partial<Record<OopsFieldName, string | number>> = OOPS_FORM_DEFAULTS;
  const start = (name: LogFormField) => {
    const { kind } = fieldSpec(name);
    const value = defaults[name];
    if (kind === 'tags') return [] as string[];
    if (kind === 'rating') return Number(value ?? 0);
    return value === undefined ? '' : String(value);
  };
  return Object.fromEntries(LOG_FORM_FIELDS.map((name) => [name, start(name)])) as OopsFormState;
}

/** Choosing a template fills type, severity, department and tags (the template's tags join any already chosen). */
export function applyTemplate(state: OopsFormState, template: IncidentTemplate): OopsFormState {
  return {
    ...state,
    oops_type: template.name,
    severity: template.severity,
    area_department: template.area_department,
    tags: normaliseTags([...state.tags, ...template.tags]),
  };
}

export interface FormError {
  message: string;
  fields: LogFormField[];
}

const isFormField = (name: unknown): name is LogFormField => (LOG_FORM_FIELDS as unknown[]).includes(name);

/** The form field an issue is about: what_happened is the description sent a second time. */
function formFieldOf(issue: z.core.$ZodIssue): LogFormField | undefined {
  const name = issue.path[0];
  if (isFormField(name)) return name;
  const sameAs = OOPS_FIELD_NAMES.includes(name as OopsFieldName)
    ? fieldSpec(name as OopsFieldName).sameAs
    : undefined;
  return isFormField(sameAs) ? sameAs : undefined;
}

/**
 * The form's error from the contract's issues: every missing required field at once with the spec's text, or else
 * the first issue.
 */
export function formError(issues: readonly z.core.$ZodIssue[]): FormError | null {
  const missing = issues.filter((issue) => issue.message === OOPS_MESSAGES.requiredFields);
  const shown = missing.length > 0 ? missing : issues.slice(0, 1);
  const first = shown[0];
  if (!first) return null;
  const fields = [...new Set(shown.map(formFieldOf).filter((f) => f !== undefined))];
  return { message: first.message, fields };
}

/** The first rule the state breaks, with the contract's text, or null when it may be sent. */
export function validateForm(state: OopsFormState): FormError | null {
  const result = logIncidentForm.safeParse(buildPayload(state));
  return result.success ? null : formError(result.error.issues);
}

/**
 * The create payload (docs/product.md §5): tags suggested from title and description when none are given; High or Critical
 * without users_affected gets '1-1000 Users'; preventability only above 0; downtime a number (default 0);
 * optional fields left out when empty, required ones always sent so the contract can name them.
 */
export function buildPayload(state: OopsFormState): CreateOopsInput {
  const payload: Record<string, unknown> = { status: OOPS_FORM_DEFAULTS.status };
  for (const name of LOG_FORM_FIELDS) {
    const spec = fieldSpec(name);
    const value = state[name];
    if (typeof value === 'number') {
      if (value > 0) payload[name] = value;
    } else if (spec.kind === 'number') {
      const n = Number.parseFloat(value as string);
      payload[name] = Number.isFinite(n) ? n : 0;
    } else if (typeof value === 'string') {
      const text = value.trim();
      if (text || spec.required) payload[name] = text;
    }
  }
  // Fields stored under another name are sent under both (description also as what_happened, docs/product.md §3).
  for (const name of OOPS_FIELD_NAMES) {
    const sameAs = fieldSpec(name).sameAs;
    if (sameAs !== undefined && sameAs in payload) payload[name] = payload[sameAs];
  }
  // The department goes under its older name too, as the original app sent it.
  if (payload.area_department !== undefined) payload.department = payload.area_department;
  const severe = state.severity === 'High' || state.severity === 'Critical';
  if (severe && payload.users_affected === undefined) payload.users_affected = SEVERE_USERS_AFFECTED_DEFAULT;
  const tags =
    state.tags.length > 0
      ? normaliseTags(state.tags)
      : suggestTags(state.title.trim(), state.description.trim());
  if (tags.length > 0) payload.tags = tags;
  return payload as CreateOopsInput;
}
