// Limits of a team's custom fields (decision 026): few enough for one form, short enough for a table cell.
export const CUSTOM_FIELD_LIMITS = {
  /** Active (not archived) fields per team. */
  fieldsMax: 30,
  keyMax: 40,
  labelMax: 60,
  optionsMax: 50,
  optionMax: 60,
  /** Incident types a field can be required for (a team has at most 50 types). */
  requiredForMax: 50,
  textMax: 2000,
  /** Values of one multi select. */
  multiMax: 50,
  /** Keys one incident body may send in custom_fields. */
  valuesMax: 100,
} as const;

/** The stable key of a field: a slug, also the name of its list filter (cf.<key>) and of its import target. */
export const CUSTOM_FIELD_KEY_PATTERN = /^[a-z][a-z0-9_]{0,39}$/;

export const CUSTOM_FIELD_TYPES = ['text', 'number', 'select', 'multi_select', 'date', 'user'] as const;
export type CustomFieldType = (typeof CUSTOM_FIELD_TYPES)[number];

/** The types whose values come from the field's options. */
export const CUSTOM_FIELD_OPTION_TYPES: readonly CustomFieldType[] = ['select', 'multi_select'];

/** The list filter's query parameter of a field: `cf.<key>`. */
export const CUSTOM_FIELD_FILTER_PREFIX = 'cf.';
/** The CSV import's target of a field: `custom:<key>`. */
export const CUSTOM_FIELD_IMPORT_PREFIX = 'custom:';
/** Multi select values in one CSV cell (export and import). */
export const CUSTOM_FIELD_MULTI_SEPARATOR = '; ';
