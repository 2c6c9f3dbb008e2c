// The department select's options: 'Not specified' (sent as '' and stored as none) and the spec's fallback list.
import { FALLBACK_DEPARTMENTS } from '../../common/domain/options';

export const DEPARTMENT_OPTIONS = [
  { value: '', label: 'Not specified' },
  ...FALLBACK_DEPARTMENTS.map((d) => ({ value: d, label: d })),
];
