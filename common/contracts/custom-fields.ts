// Contracts of the team's custom fields (decision 026): the definitions' calls, and the ONE value
// validator that the server (incident create/edit, import) and the web form both use.
import { z } from 'zod';
import { INT4_MAX } from './safe-input';
import {
  CUSTOM_FIELD_KEY_PATTERN,
  CUSTOM_FIELD_LIMITS as L,
  CUSTOM_FIELD_MULTI_SEPARATOR,
  CUSTOM_FIELD_OPTION_TYPES,
  CUSTOM_FIELD_TYPES,
  type CustomFieldType,
} from '../domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../domain/custom-field-texts';
import { idParam } from './common';

// ---------------------------------------------------------------------------------------------------------------
// Definitions

export const customFieldTypeField = z.enum(CUSTOM_FIELD_TYPES, { error: T.typeInvalid });

export const customFieldLabelField = z
  .string({ error: T.labelRequired })
  .trim()
  .min(1, T.labelRequired)
  .max(L.labelMax, T.labelTooLong);

export const customFieldKeyField = z
  .string({ error: T.keyInvalid })
  .trim()
  .regex(CUSTOM_FIELD_KEY_PATTERN, T.keyInvalid);

/** Options of a select: trimmed, 1..60 characters each, unique case-insensitively (a twin would be ambiguous). */
export const customFieldOptionsField = z
  .array(
    z.string({ error: T.optionInvalid }).trim().min(1, T.optionInvalid).max(L.optionMax, T.optionInvalid),
    {
      error: T.optionsRequired,
    },
  )
  .max(L.optionsMax, T.optionsRequired)
  .superRefine((options, ctx) => {
    const seen = new Set<string>();
    for (const option of options) {
      const folded = option.toLowerCase();
      if (seen.has(folded)) ctx.addIssue({ code: 'custom', message: T.optionDuplicate(option) });
      seen.add(folded);
    }
  });

export const customFieldRequiredForField = z
  .array(
    z
      .number({ error: T.requiredForInvalid })
      .int(T.requiredForInvalid)
      .positive(T.requiredForInvalid)
      .max(INT4_MAX, T.requiredForInvalid),
    {
      error: T.requiredForInvalid,
    },
  )
  .max(L.requiredForMax, T.requiredForInvalid)
  .transform((ids) => [...new Set(ids)]);

export const isOptionType = (type: CustomFieldType) => CUSTOM_FIELD_OPTION_TYPES.includes(type);

/** The options rule that depends on the type: select types need 1..50, the others none. Null when fine. */
export function customFieldOptionsError(
  type: CustomFieldType,
  options: readonly string[] | undefined,
): string | null {
  if (isOptionType(type)) return options && options.length > 0 ? null : T.optionsRequired;
  return options && options.length > 0 ? T.optionsNotAllowed : null;
}

/** Create: the key defaults to a slug of the label (made unique by the server). */
export const createCustomFieldBody = z
  .strictObject({
    label: customFieldLabelField,
    type: customFieldTypeField,
    key: customFieldKeyField.optional(),
    options: customFieldOptionsField.optional(),
    required_for: customFieldRequiredForField.default([]),
  })
  .superRefine((body, ctx) => {
    const error = customFieldOptionsError(body.type, body.options);
    if (error) ctx.addIssue({ code: 'custom', message: error, path: ['options'] });
  });
export type CreateCustomFieldBody = z.infer<typeof createCustomFieldBody>;
export type CreateCustomFieldInput = z.input<typeof createCustomFieldBody>;

/**
 * Edit: label, options and required types. key and type may be sent back unchanged (a client that sends the whole
 * field), but the server answers 400 when they differ from the stored ones.
 */
export const updateCustomFieldBody = z.strictObject({
  label: customFieldLabelField,
  options: customFieldOptionsField.optional(),
  required_for: customFieldRequiredForField.optional(),
  key: z.string({ error: T.keyImmutable }).max(200, T.keyImmutable).optional(),
  type: z.string({ error: T.typeImmutable }).max(200, T.typeImmutable).optional(),
});
export type UpdateCustomFieldBody = z.infer<typeof updateCustomFieldBody>;
export type UpdateCustomFieldInput = z.input<typeof updateCustomFieldBody>;

export const customFieldOrderBody = z.strictObject({
  ids: z
    .array(
      z
        .number({ error: T.orderInvalid })
        .int(T.orderInvalid)
        .positive(T.orderInvalid)
        .max(INT4_MAX, T.orderInvalid),
      {
        error: T.orderInvalid,
      },
    )
    .min(1, T.orderInvalid)
    .max(500, T.orderInvalid),
});
export type CustomFieldOrderBody = z.infer<typeof customFieldOrderBody>;

export const customFieldSchema = z.object({
  id: z.number(),
  key: z.string(),
  label: z.string(),
  type: z.enum(CUSTOM_FIELD_TYPES),
  options: z.array(z.string()),
  required_for: z.array(z.number()),
  position: z.number(),
  archived: z.boolean(),
});
export type CustomFieldView = z.infer<typeof customFieldSchema>;

export const customFieldsResponse = z.object({ fields: z.array(customFieldSchema) });
export type CustomFieldsResponse = z.infer<typeof customFieldsResponse>;

export const customFieldsQuery = z.object({
  include_archived: z
    .enum(['0', '1', 'true', 'false'], { error: 'include_archived must be 1 or 0.' })
    .optional()
    .transform((v) => v === '1' || v === 'true'),
});

export const customFieldIdParams = idParam;

// ---------------------------------------------------------------------------------------------------------------
// Values

/** A stored value: text and select → string, number and user → number, multi select → string[], date → YYYY-MM-DD. */
export const customFieldValue = z.union([z.string(), z.number(), z.array(z.string())]);
export type CustomFieldValue = z.infer<typeof customFieldValue>;

/** An incident's values, keyed by field key; only keys with a value. */
export const customFieldValuesSchema = z.record(z.string(), customFieldValue);
export type CustomFieldValues = z.infer<typeof customFieldValuesSchema>;

/**
 * What an incident body may send: `{ [key]: value | null }`. Only the shape is checked here; each value is checked
 * against its field's definition by customFieldValueSchema (the server has the definitions, the form too).
 */
export const customFieldValuesInput = z
  .record(z.string().max(200, T.valuesInvalid), z.unknown(), { error: T.valuesInvalid })
  .refine((values) => Object.keys(values).length <= L.valuesMax, T.tooManyValues);
export type CustomFieldValuesInput = z.infer<typeof customFieldValuesInput>;

/**
 * An incident's value of a field, or undefined. Own keys only: a field may be called `constructor` or `toString`,
 * which every plain object otherwise "has".
 */
export function customFieldValueOf(
  values: CustomFieldValues | undefined,
  key: string,
): CustomFieldValue | undefined {
  return values && Object.hasOwn(values, key) ? values[key] : undefined;
}

/** What the value validator needs of a field. */
export type CustomFieldDefinition = Pick<CustomFieldView, 'key' | 'label' | 'type' | 'options'>;

export interface CustomFieldValueContext {
  /** The team's current members; when given, a user value must be one of them. */
  memberIds?: ReadonlySet<number> | readonly number[];
}

export type CustomFieldCheck = { ok: true; value: CustomFieldValue | null } | { ok: false; error: string };

/** A real calendar date written YYYY-MM-DD (2026-02-30 is not one). */
export function isCalendarDate(text: string): boolean {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return (
    year >= 1 &&
    date.getUTCFullYear() === year &&
    date.getUTCMonth() === month - 1 &&
    date.getUTCDate() === day
  );
}

const hasMember = (members: CustomFieldValueContext['memberIds'], id: number) =>
  members === undefined ||
  (Array.isArray(members) ? members.includes(id) : (members as ReadonlySet<number>).has(id));

/**
 * THE value rule of a custom field (server and form): the normalised value, `null` meaning "no value" (null, '',
 * [] clear a value), or the error text naming the field's label.
 */
export function checkCustomFieldValue(
  field: CustomFieldDefinition,
  raw: unknown,
  context: CustomFieldValueContext = {},
): CustomFieldCheck {
  const fail = (error: string): CustomFieldCheck => ({ ok: false, error });
  const ok = (value: CustomFieldValue | null): CustomFieldCheck => ({ ok: true, value });
  if (raw === null || raw === undefined) return ok(null);
  switch (field.type) {
    case 'text': {
      if (typeof raw !== 'string') return fail(T.textInvalid(field.label));
      const text = raw.trim();
      if (text.length > L.textMax) return fail(T.textTooLong(field.label));
      return ok(text === '' ? null : text);
    }
    case 'number':
      return typeof raw === 'number' && Number.isFinite(raw) ? ok(raw) : fail(T.numberInvalid(field.label));
    case 'select':
      if (raw === '') return ok(null);
      return typeof raw === 'string' && field.options.includes(raw)
        ? ok(raw)
        : fail(T.selectInvalid(field.label, field.options));
    case 'multi_select': {
      if (!Array.isArray(raw)) return fail(T.multiInvalid(field.label, field.options));
      if (raw.length > L.multiMax) return fail(T.multiTooMany(field.label));
      if (!raw.every((item): item is string => typeof item === 'string' && field.options.includes(item))) {
        return fail(T.multiInvalid(field.label, field.options));
      }
      // Stored in the field's option order, once each: the same choice reads the same everywhere.
      const chosen = field.options.filter((option) => raw.includes(option));
      return ok(chosen.length === 0 ? null : chosen);
    }
    case 'date':
      if (raw === '') return ok(null);
      return typeof raw === 'string' && isCalendarDate(raw) ? ok(raw) : fail(T.dateInvalid(field.label));
    case 'user':
      return typeof raw === 'number' &&
        Number.isSafeInteger(raw) &&
        raw > 0 &&
        hasMember(context.memberIds, raw)
        ? ok(raw)
        : fail(T.userInvalid(field.label));
  }
}

/** checkCustomFieldValue as a zod schema (for forms): output is the normalised value or null. */
export function customFieldValueSchema(field: CustomFieldDefinition, context: CustomFieldValueContext = {}) {
  return z.unknown().transform((raw, ctx): CustomFieldValue | null => {
    const check = checkCustomFieldValue(field, raw, context);
    if (check.ok) return check.value;
    ctx.addIssue({ code: 'custom', message: check.error });
    return z.NEVER;
  });
}

/**
 * The list filter's value (`cf.<key>=<text>`), parsed from the query string: text → the substring, number → a
 * number, select/multi select → one option, date → YYYY-MM-DD, user → a user id. Membership is not checked (a
 * former member's incidents can still be found).
 */
export function parseCustomFieldFilter(field: CustomFieldDefinition, text: string): CustomFieldCheck {
  const fail = (): CustomFieldCheck => ({ ok: false, error: filterError(field) });
  switch (field.type) {
    case 'text': {
      const value = text.trim();
      return value && value.length <= L.textMax ? { ok: true, value } : fail();
    }
    case 'number': {
      const value = text.trim() === '' ? NaN : Number(text);
      return Number.isFinite(value) ? { ok: true, value } : fail();
    }
    case 'select':
    case 'multi_select':
      return field.options.includes(text) ? { ok: true, value: text } : fail();
    case 'date':
      return isCalendarDate(text) ? { ok: true, value: text } : fail();
    case 'user': {
      const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
      return value > 0 && value <= INT4_MAX ? { ok: true, value } : fail();
    }
  }
}

const filterError = (field: CustomFieldDefinition) => {
  switch (field.type) {
    case 'text':
      return T.textTooLong(field.label);
    case 'number':
      return T.numberInvalid(field.label);
    case 'select':
    case 'multi_select':
      return T.selectInvalid(field.label, field.options);
    case 'date':
      return T.dateInvalid(field.label);
    case 'user':
      return T.userInvalid(field.label);
  }
};

/**
 * A value as text (exports, the detail page, the history): multi select joined with "; ", the user through
 * `userName` (the member's name; the id when unknown).
 */
export function formatCustomFieldValue(
  field: Pick<CustomFieldDefinition, 'type'>,
  value: CustomFieldValue | null | undefined,
  userName: (id: number) => string | undefined = () => undefined,
): string {
  if (value === null || value === undefined) return '';
  if (Array.isArray(value)) return value.join(CUSTOM_FIELD_MULTI_SEPARATOR);
  if (field.type === 'user' && typeof value === 'number') return userName(value) ?? `#${value}`;
  return String(value);
}

/**
 * The fields required for an incident of the given type: active fields whose required_for holds that type's id.
 * `typeId` is the id of the team's incident type the incident carries (none → nothing is required).
 */
export function requiredCustomFields<F extends CustomFieldView>(
  fields: readonly F[],
  typeId: number | null | undefined,
): F[] {
  if (typeId === null || typeId === undefined) return [];
  return fields.filter((field) => !field.archived && field.required_for.includes(typeId));
}

/** A slug of a label for the default key (the server makes it unique with _2, _3…). */
export function customFieldKeyFromLabel(label: string): string {
  const slug = label
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '_')
    .replace(/^_+|_+$/g, '');
  const start = /^[a-z]/.test(slug) ? slug : `field_${slug}`.replace(/_+$/, '');
  return start.slice(0, L.keyMax).replace(/_+$/, '');
}
