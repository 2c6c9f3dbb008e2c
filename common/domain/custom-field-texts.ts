// Texts of the team's custom fields (decision 026), shared by the server and the web.
import { CUSTOM_FIELD_LIMITS as L, type CustomFieldType } from './custom-field-limits';

const list = (options: readonly string[]) => options.join(', ');

export const CUSTOM_FIELD_TEXTS = {
  // Team panel
  tab: 'Custom fields',
  heading: 'Custom fields',
  intro:
    'Extra fields of your incidents, shown on the log form, the detail page, the list filters and the exports. Archived fields keep their values but are hidden from the form.',
  readOnly: 'Only owners and admins can edit the custom fields.',
  empty: 'No custom fields yet.',
  loadFailed: 'Could not load the custom fields.',
  create: 'New custom field',
  edit: 'Edit',
  save: 'Save',
  cancel: 'Cancel',
  archive: 'Archive',
  restore: 'Restore',
  archived: 'Archived',
  showArchived: 'Show archived fields',
  moveUp: 'Move up',
  moveDown: 'Move down',
  saved: 'Custom field saved.',
  archivedToast: 'Custom field archived.',
  restoredToast: 'Custom field restored.',
  saveFailed: 'Could not save the custom field.',
  requiredMark: 'Required for this incident type',
  // Labels of a definition's parts
  fields: {
    label: 'Label',
    key: 'Key',
    type: 'Type',
    options: 'Options',
    required_for: 'Required for incident types',
  },
  keyHint:
    'Lowercase letters, digits and _; used by the API, the list filter and the import. It cannot change later.',
  optionsHint: 'One option per line.',
  typeLabels: {
    text: 'Text',
    number: 'Number',
    select: 'Single select',
    multi_select: 'Multi select',
    date: 'Date',
    user: 'User',
  } satisfies Record<CustomFieldType, string>,
  // Incident screens, exports, history
  section: 'Custom fields',
  filterLabel: 'Custom field',
  filterValue: 'Value',
  noValue: '—',
  /** How an edit of a custom field is named in the incident's edit history. */
  historyLabel: (label: string) => `Custom field ${label}`,
  // Definition errors
  labelRequired: 'Label is required.',
  labelTooLong: `Label must be at most ${L.labelMax} characters.`,
  labelTaken: 'The team already has a custom field with that label.',
  keyInvalid: `Key must start with a lowercase letter and contain only lowercase letters, digits and _ (at most ${L.keyMax} characters).`,
  keyTaken: 'The team already has a custom field with that key.',
  keyImmutable: 'The key of a custom field cannot change.',
  typeInvalid: 'Type must be one of: text, number, select, multi_select, date, user.',
  typeImmutable: 'The type of a custom field cannot change.',
  optionsRequired: `A select field needs 1 to ${L.optionsMax} options.`,
  optionsNotAllowed: 'Only select and multi select fields have options.',
  optionInvalid: `Each option must be 1 to ${L.optionMax} characters.`,
  optionDuplicate: (option: string) => `The option "${option}" is listed twice.`,
  requiredForInvalid: 'Required for must be a list of incident type ids.',
  requiredForUnknown: 'Required for lists an incident type the team does not have.',
  orderInvalid: "ids must list each of the team's active custom fields once.",
  tooMany: `A team can have at most ${L.fieldsMax} active custom fields.`,
  notFound: 'Custom field not found.',
  managersOnly: 'Only owners and admins can edit the custom fields.',
  // Value errors (named by the field's label)
  valuesInvalid: 'custom_fields must be an object of field keys and values.',
  tooManyValues: `custom_fields can hold at most ${L.valuesMax} keys.`,
  unknownField: (key: string) => `Unknown custom field "${key}".`,
  archivedField: (label: string) => `${label} is archived and cannot be changed.`,
  required: (label: string, typeName: string) => `${label} is required for ${typeName} incidents.`,
  textInvalid: (label: string) => `${label} must be text.`,
  textTooLong: (label: string) => `${label} must be at most ${L.textMax.toLocaleString('en-US')} characters.`,
  numberInvalid: (label: string) => `${label} must be a number.`,
  selectInvalid: (label: string, options: readonly string[]) => `${label} must be one of: ${list(options)}.`,
  multiInvalid: (label: string, options: readonly string[]) =>
    `${label} must be a list of: ${list(options)}.`,
  multiTooMany: (label: string) => `${label} can have at most ${L.multiMax} values.`,
  dateInvalid: (label: string) => `${label} must be a date (YYYY-MM-DD).`,
  userInvalid: (label: string) => `${label} must be a member of the team.`,
  filterInvalid: (key: string) => `Unknown custom field filter "cf.${key}".`,
} as const;
