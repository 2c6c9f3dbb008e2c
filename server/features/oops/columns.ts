// Where each field of the table (common/domain/oops-fields.ts) is stored in the oops table.
import {
  fieldSpec,
  OOPS_FIELD_NAMES,
  type OopsFieldName,
  type OopsFieldSpecOf,
} from '../../../common/domain/oops-fields';
import type { oops } from '../../db/schema';

export type Insert = typeof oops.$inferInsert;
type ColumnKey = keyof Insert;

type Camel<S extends string> = S extends `${infer H}_${infer T}` ? `${H}${Capitalize<Camel<T>>}` : S;
type StoredAs<K extends OopsFieldName> =
  OopsFieldSpecOf<K> extends { sameAs: infer T extends string } ? T : K;
/** Each field's column key: its stored name (description for what_happened) in camelCase. */
type FieldColumns = { [K in OopsFieldName]: Camel<StoredAs<K>> };

const camel = (name: string) => name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());

/** API name → column key for every field of the table (description and what_happened are one column). */
export const FIELD_COLUMNS = Object.fromEntries(
  OOPS_FIELD_NAMES.map((name) => [name, camel(fieldSpec(name).sameAs ?? name)]),
) as FieldColumns satisfies Record<OopsFieldName, ColumnKey>;

/** A field's value in API form: its column's value, with dates as ISO text. */
export function fieldValue(row: Partial<typeof oops.$inferSelect>, name: OopsFieldName): unknown {
  const value = row[FIELD_COLUMNS[name]];
  return value instanceof Date ? value.toISOString() : value;
}
