// zod schemas of each incident field, built from the field table (common/domain/oops-fields.ts): what a client may
// send, and what an answer holds. Messages name the field by its table label; docs/product.md §5 texts where the spec has one.
import { z } from 'zod';
import { LIMITS } from '../domain/options';
import { OOPS_LIMITS as L, OOPS_MESSAGES } from '../domain/oops-options';
import {
  fieldOptions,
  fieldSpec,
  isPaired,
  OOPS_FIELD_NAMES,
  type FieldOption,
  type OopsFieldName,
  type OopsFieldSpec,
  type OopsFieldSpecOf,
} from '../domain/oops-fields';

type Spec<K extends OopsFieldName> = OopsFieldSpecOf<K>;
type ChoiceValue<S> = S extends { options: readonly FieldOption<infer V>[] } ? V : string;
type Nullable<S, T> = S extends { required: true } ? T : T | null;

/** The stored value of a field whose spec is S (E: a timeline event). */
export type FieldValue<S, E> = S extends { kind: 'text' | 'longText' } | { teamList: true }
  ? Nullable<S, string>
  : S extends { kind: 'choice' }
    ? Nullable<S, ChoiceValue<S>>
    : S extends { kind: 'number' }
      ? number
      : S extends { kind: 'rating' }
        ? number | null
        : S extends { kind: 'boolean' }
          ? boolean
          : S extends { kind: 'tags' | 'list' }
            ? string[]
            : S extends { kind: 'datetime' }
              ? string | null
              : S extends { kind: 'events' }
                ? E[]
                : never;
/** What a client may send: text and choices as any text ('' and null clear an optional one). */
type FieldInput<S, E> = S extends { kind: 'text' | 'longText' | 'choice' }
  ? Nullable<S, string>
  : FieldValue<S, E>;
/** What an answer holds: a choice is promised only where storage enforces the list. */
type FieldAnswer<S, E> = S extends { kind: 'choice'; closedList: true }
  ? ChoiceValue<S>
  : S extends { kind: 'choice' }
    ? Nullable<S, string>
    : FieldValue<S, E>;

export type FieldInputSchemas<E> = {
  [K in OopsFieldName]: z.ZodType<FieldValue<Spec<K>, E>, FieldInput<Spec<K>, E>>;
};
export type FieldAnswerSchemas<E> = { [K in OopsFieldName]: z.ZodType<FieldAnswer<Spec<K>, E>> };

interface Parts<E> {
  /** An ISO 8601 date and time. */
  timestamp: z.ZodType<string>;
  /** A timeline event (its schema lives with the timeline contract). */
  event: z.ZodType<E>;
}

const listText = (list: readonly string[]) => list.join(', ');
const missing = (input: unknown) => input === undefined || input === null || input === '';

function textInput(name: OopsFieldName, spec: OopsFieldSpec) {
  const max = spec.max ?? L.textMax;
  const tooLong =
    name === 'title'
      ? {
          error: (iss: { input?: unknown }) =>
            OOPS_MESSAGES.titleTooLong(typeof iss.input === 'string' ? iss.input.length : 0),
        }
      : { error: `${spec.label} must be at most ${max} characters.` };
  if (spec.required) {
    const text = z.string({ error: OOPS_MESSAGES.requiredFields }).trim();
    // A pair (description / what_happened) is required as a pair, by the contract's description rule.
    return (isPaired(name) ? text : text.min(1, OOPS_MESSAGES.requiredFields)).max(max, tooLong);
  }
  return z
    .string({ error: `${spec.label} must be text.` })
    .trim()
    .max(max, tooLong)
    .nullable()
    .transform((v) => (v ? v : null));
}

function choiceInput(name: OopsFieldName, spec: OopsFieldSpec) {
  if (spec.teamList) return teamListInput(spec);
  const values = fieldOptions(name).map((o) => o.value) as [string, ...string[]];
  const oneOf = `${spec.label} must be one of: ${listText(values)}.`;
  const choice = spec.required
    ? z.enum(values, {
        error: (iss) =>
          missing(iss.input) && spec.serverDefault === undefined ? OOPS_MESSAGES.requiredFields : oneOf,
      })
    : z.union([z.literal(''), z.null(), z.enum(values)], { error: oneOf }).transform((v) => (v ? v : null));
  const aliases = spec.aliases;
  if (!aliases) return choice;
  return z.preprocess((v) => (typeof v === 'string' && Object.hasOwn(aliases, v) ? aliases[v] : v), choice);
}

/** A value from the team's own list: checked against that list by the server (decision 025). */
function teamListInput(spec: OopsFieldSpec) {
  const max = spec.max ?? L.shortTextMax;
  const text = z
    .string({ error: `${spec.label} must be text.` })
    .trim()
    .max(max, `${spec.label} must be at most ${max} characters.`)
    .nullable()
    .transform((v) => (v ? v : null));
  const aliases = spec.aliases;
  if (!aliases) return text;
  return z.preprocess((v) => (typeof v === 'string' && Object.hasOwn(aliases, v) ? aliases[v] : v), text);
}

function inputSchema<E>(name: OopsFieldName, parts: Parts<E>): z.ZodType {
  const spec = fieldSpec(name);
  const { label } = spec;
  const max = spec.max ?? 0;
  switch (spec.kind) {
    case 'text':
    case 'longText':
      return textInput(name, spec);
    case 'choice':
      return choiceInput(name, spec);
    case 'number':
      return z
        .number({ error: `${label} must be a number of ${spec.unit}.` })
        .min(0, `${label} cannot be negative.`)
        .max(max, `${label} must be at most ${max} ${spec.unit}.`);
    case 'rating': {
      const message = `${label} must be a whole number from ${LIMITS.preventabilityMin} to ${LIMITS.preventabilityMax}.`;
      return z
        .number({ error: message })
        .int(message)
        .min(LIMITS.preventabilityMin, message)
        .max(LIMITS.preventabilityMax, message)
        .nullable();
    }
    case 'boolean':
      return z.boolean({ error: `${label} must be true or false.` });
    case 'tags':
    case 'list': {
      const item =
        spec.kind === 'tags'
          ? z
              .string()
              .trim()
              .min(1, `${label} cannot be empty.`)
              .max(L.tagMax, `${label} must be at most ${L.tagMax} characters.`)
          : z.string().trim().min(1).max(L.shortTextMax);
      return z
        .array(item, { error: `${label} must be a list of text.` })
        .max(max, `At most ${max} ${label.toLowerCase()}.`);
    }
    case 'datetime':
      return parts.timestamp.nullable();
    case 'events':
      return z.array(parts.event).max(max, `At most ${max} ${label.toLowerCase()}.`);
  }
}

function answerSchema<E>(name: OopsFieldName, parts: Parts<E>): z.ZodType {
  const spec = fieldSpec(name);
  const orNull = <T extends z.ZodType>(schema: T) => (spec.required ? schema : schema.nullable());
  switch (spec.kind) {
    case 'text':
    case 'longText':
      return orNull(z.string());
    case 'choice':
      return spec.closedList
        ? z.enum(fieldOptions(name).map((o) => o.value) as [string, ...string[]])
        : orNull(z.string());
    case 'number':
      return z.number();
    case 'rating':
      return z.number().nullable();
    case 'boolean':
      return z.boolean();
    case 'tags':
    case 'list':
      return z.array(z.string());
    case 'datetime':
      return z.string().nullable();
    case 'events':
      return z.array(parts.event);
  }
}

/** The schema of what a client may send for each field. */
export function fieldInputSchemas<E>(parts: Parts<E>): FieldInputSchemas<E> {
  return Object.fromEntries(
    OOPS_FIELD_NAMES.map((name) => [name, inputSchema(name, parts)]),
  ) as FieldInputSchemas<E>;
}

/** The schema of each field in an answer. */
export function fieldAnswerSchemas<E>(parts: Parts<E>): FieldAnswerSchemas<E> {
  return Object.fromEntries(
    OOPS_FIELD_NAMES.map((name) => [name, answerSchema(name, parts)]),
  ) as FieldAnswerSchemas<E>;
}

/** Picks some fields' schemas, keeping their types. */
export function pickSchemas<T extends Record<string, z.ZodType>, K extends keyof T>(
  schemas: T,
  names: readonly K[],
): Pick<T, K> {
  return Object.fromEntries(names.map((name) => [name, schemas[name]])) as Pick<T, K>;
}
