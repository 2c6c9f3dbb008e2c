// CSV import of custom field values (decision 026): targets `custom:<key>` for the team's active fields, their
// cells read from text, then checked by the one common value validator, like a value the API receives.
import {
  checkCustomFieldValue,
  customFieldValueOf,
  type CustomFieldValues,
  type CustomFieldView,
} from '../../../common/contracts/custom-fields';
import { isCustomImportTarget, type ImportTarget } from '../../../common/contracts/import';
import { CUSTOM_FIELD_IMPORT_PREFIX } from '../../../common/domain/custom-field-limits';
import { CUSTOM_FIELD_TEXTS as T } from '../../../common/domain/custom-field-texts';
import { parseImportDate } from './import-dates';

/** What an import needs to read custom field cells: the team's active fields and its members. */
export interface CustomImport {
  fields: readonly CustomFieldView[];
  members: readonly { id: number; name: string | null; email: string }[];
}
export const NO_CUSTOM_IMPORT: CustomImport = { fields: [], members: [] };

export const customTarget = (field: CustomFieldView): ImportTarget =>
  `${CUSTOM_FIELD_IMPORT_PREFIX}${field.key}`;

/** The field of a `custom:<key>` target, if the team has it (active). */
export function fieldOfTarget(custom: CustomImport, target: ImportTarget): CustomFieldView | undefined {
  if (!isCustomImportTarget(target)) return undefined;
  const key = target.slice(CUSTOM_FIELD_IMPORT_PREFIX.length);
  return custom.fields.find((f) => f.key === key);
}

/** The custom field a header names: its label or its key, in any case. */
export function customTargetOfHeader(custom: CustomImport, header: string): ImportTarget | undefined {
  const lower = header.trim().toLowerCase();
  const field = custom.fields.find((f) => f.label.toLowerCase() === lower || f.key === lower);
  return field && customTarget(field);
}

const optionOf = (field: CustomFieldView, text: string) =>
  field.options.find((o) => o.toLowerCase() === text.toLowerCase()) ?? text;

/** A cell as the value the API would receive (options in any case, a member by e-mail or name). */
function rawValue(field: CustomFieldView, cell: string, dayFirst: boolean, custom: CustomImport): unknown {
  switch (field.type) {
    case 'number': {
      const n = Number(cell.replace(',', '.'));
      return Number.isFinite(n) ? n : cell;
    }
    case 'select':
      return optionOf(field, cell);
    case 'multi_select':
      return cell
        .split(';')
        .map((part) => part.trim())
        .filter(Boolean)
        .map((part) => optionOf(field, part));
    case 'date': {
      const date = parseImportDate(cell, dayFirst);
      return date ? date.toISOString().slice(0, 10) : cell;
    }
    case 'user': {
      const lower = cell.toLowerCase();
      const member =
        custom.members.find((m) => m.email.toLowerCase() === lower) ??
        custom.members.find((m) => (m.name ?? '').toLowerCase() === lower);
      return member ? member.id : cell;
    }
    default:
      return cell;
  }
}

/** A custom field cell's value, or the validator's error naming the field. */
export function customCellValue(
  field: CustomFieldView,
  cell: string,
  dayFirst: boolean,
  custom: CustomImport,
): { value: CustomFieldValues[string] | null } | { error: string } {
  const check = checkCustomFieldValue(field, rawValue(field, cell, dayFirst, custom), {
    memberIds: custom.members.map((m) => m.id),
  });
  return check.ok ? { value: check.value } : { error: check.error };
}

/** The first field required for this type id that the row has no value of; for the error text. */
export function missingRequiredText(
  fields: readonly CustomFieldView[],
  typeId: number | undefined,
  typeName: string,
  values: CustomFieldValues,
): { field: CustomFieldView; message: string } | undefined {
  if (typeId === undefined) return undefined;
  const field = fields.find(
    (f) => !f.archived && f.required_for.includes(typeId) && customFieldValueOf(values, f.key) === undefined,
  );
  return field && { field, message: T.required(field.label, typeName) };
}
