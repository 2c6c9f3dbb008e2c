// Incident fields with nothing recorded, from the field table, so test builders set only what they mean and a new
// field needs no edit here.
import {
  DETAIL_ONLY_FIELDS,
  LISTED_FIELDS,
  type DetailOnlyField,
  type ListedField,
  type OopsDetail,
} from '../../common/contracts/oops';
import { fieldSpec, type OopsFieldName } from '../../common/domain/oops-fields';

/** The server's default, or an empty value of the field's kind (null, '', 0, false or an empty list). */
function blank(name: OopsFieldName): unknown {
  const spec = fieldSpec(name);
  if (spec.serverDefault !== undefined) return spec.serverDefault;
  switch (spec.kind) {
    case 'number':
      return 0;
    case 'boolean':
      return false;
    case 'tags':
    case 'list':
    case 'events':
      return [];
    default:
      return spec.required ? '' : null;
  }
}

const blanks = (names: readonly OopsFieldName[]) =>
  Object.fromEntries(names.map((name) => [name, blank(name)]));

/** The fields of a list row, all blank. */
export const blankListedFields = () => blanks(LISTED_FIELDS) as Pick<OopsDetail, ListedField>;
/** The fields only the detail answer carries, all blank. */
export const blankDetailFields = () => blanks(DETAIL_ONLY_FIELDS) as Pick<OopsDetail, DetailOnlyField>;
