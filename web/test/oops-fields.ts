// Incident fields with nothing recorded, from the field table, so test builders set only what they mean and a new
// field needs no edit here.
import {
  DETAIL_ONLY_FIELDS,
  LISTED_FIELDS,
  type DetailOnlyField,
  type ListedField,
  type OopsDetail,
  type OopsSummary,
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

/** The one incident (list row) builder of the web tests: a plausible incident, with `overrides` on top. */
export function buildOopsSummary(overrides: Partial<OopsSummary> = {}): OopsSummary {
  return {
    id: 7,
    slug: 'database-outage',
    id_slug: '7-database-outage',
    ...blankListedFields(),
    title: 'Database outage',
    description: 'The primary database ran out of connections.',
    what_happened: 'The primary database ran out of connections.',
    severity: 'High',
    area_department: 'Engineering',
    department: 'Engineering',
    oops_type: 'Service Outage',
    users_affected: '1-1000 Users',
    systems_impacted: '1 System',
    detection_method: 'Monitoring Alert',
    preventability: 3,
    tags: ['database'],
    team_id: 1,
    team_name: 'Engines',
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    created_by: 'Ada Lovelace',
    created_by_id: 1,
    completeness: 72,
    resolved_at: null,
    open_actions: 2,
    overdue_actions: 0,
    repeated_despite_action: false,
    custom_fields: {},
    ...overrides,
  };
}
