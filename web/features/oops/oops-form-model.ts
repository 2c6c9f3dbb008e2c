// The logging form's state, its checks and the payload it sends (spec §5 incident form), kept pure so the rules
// are tested without rendering.
import type { Severity } from '../../../common/domain/options';
import {
  OOPS_FORM_DEFAULTS,
  OOPS_LIMITS,
  OOPS_MESSAGES,
  SEVERE_USERS_AFFECTED_DEFAULT,
  type IncidentType,
  type OopsKind,
} from '../../../common/domain/oops-options';
import { normaliseTags, suggestTags } from '../../../common/domain/tags';
import type { IncidentTemplate } from '../../../common/domain/templates';
import type { CreateOopsInput } from './api/create-oops';

export interface OopsFormState {
  kind: OopsKind;
  title: string;
  oops_type: IncidentType | '';
  severity: Severity | '';
  area_department: string;
  description: string;
  tags: string[];
  users_affected: string;
  systems_impacted: string;
  /** The select's value: a number as text ('' when unset). */
  downtime_hours: string;
  detection_method: string;
  owner_name: string;
  product_system: string;
  impact: string;
  root_cause: string;
  lesson_learned: string;
  /** 0 means not rated. */
  preventability: number;
}

/** Spec §9 form defaults. */
export function initialFormState(): OopsFormState {
  const d = OOPS_FORM_DEFAULTS;
  return {
    kind: d.kind,
    title: '',
    oops_type: d.oops_type,
    severity: d.severity,
    area_department: '',
    description: '',
    tags: [],
    users_affected: d.users_affected,
    systems_impacted: d.systems_impacted,
    downtime_hours: String(d.downtime_hours),
    detection_method: d.detection_method,
    owner_name: '',
    product_system: '',
    impact: '',
    root_cause: '',
    lesson_learned: '',
    preventability: d.preventability,
  };
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

export type FormErrorField = 'title' | 'severity' | 'description' | 'oops_type';
export interface FormError {
  message: string;
  fields: FormErrorField[];
}

export const TYPE_REQUIRED = 'Please choose an incident type.';

/** The first rule the state breaks, with the spec's text, or null when it may be sent. */
export function validateForm(state: OopsFormState): FormError | null {
  const title = state.title.trim();
  const description = state.description.trim();
  const missing: FormErrorField[] = [];
  if (!title) missing.push('title');
  if (!state.severity) missing.push('severity');
  if (!description) missing.push('description');
  if (missing.length > 0) return { message: OOPS_MESSAGES.requiredFields, fields: missing };
  if (!state.oops_type) return { message: TYPE_REQUIRED, fields: ['oops_type'] };
  if (title.length > OOPS_LIMITS.titleMax) {
    return { message: OOPS_MESSAGES.titleTooLong(title.length), fields: ['title'] };
  }
  if (description.length < OOPS_LIMITS.descriptionMin) {
    return { message: OOPS_MESSAGES.descriptionTooShort, fields: ['description'] };
  }
  return null;
}

const optional = (value: string) => {
  const trimmed = value.trim();
  return trimmed ? trimmed : undefined;
};

/**
 * The create payload (spec §5): tags suggested from title and description when none are given; High or Critical
 * without users_affected gets '1-1000 Users'; preventability only above 0; downtime a number (default 0);
 * optional fields left out when empty. Call after validateForm has passed.
 */
export function buildPayload(state: OopsFormState): CreateOopsInput {
  const title = state.title.trim();
  const description = state.description.trim();
  const severity = state.severity as Severity;
  const tags = state.tags.length > 0 ? normaliseTags(state.tags) : suggestTags(title, description);
  const severe = severity === 'High' || severity === 'Critical';
  const downtime = Number.parseFloat(state.downtime_hours);
  const department = optional(state.area_department);

  const payload: CreateOopsInput = {
    kind: state.kind,
    title,
    severity,
    description,
    what_happened: description,
    status: 'Open',
    downtime_hours: Number.isFinite(downtime) && downtime >= 0 ? downtime : 0,
  };
  const optionalFields = {
    oops_type: optional(state.oops_type),
    area_department: department,
    department,
    users_affected: optional(state.users_affected) ?? (severe ? SEVERE_USERS_AFFECTED_DEFAULT : undefined),
    systems_impacted: optional(state.systems_impacted),
    detection_method: optional(state.detection_method),
    owner_name: optional(state.owner_name),
    product_system: optional(state.product_system),
    impact: optional(state.impact),
    root_cause: optional(state.root_cause),
    lesson_learned: optional(state.lesson_learned),
  };
  for (const [key, value] of Object.entries(optionalFields)) {
    if (value !== undefined) (payload as Record<string, unknown>)[key] = value;
  }
  if (tags.length > 0) payload.tags = tags;
  if (state.preventability > 0) payload.preventability = state.preventability;
  return payload;
}
