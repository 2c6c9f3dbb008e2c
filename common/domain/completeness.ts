// "Event Data Collected": docs/product.md §5 completeness weights and levels. The server stores the result on every write
// so that averages are computed in SQL; the list and detail pages show the same number. The weights are the
// field table's (oops-fields.ts).
import { fieldSpec, fieldsWhere, type OopsFieldName, type OopsFieldSpecOf } from './oops-fields';

type Weighted = {
  [K in OopsFieldName]: OopsFieldSpecOf<K>['weight'] extends 0 ? never : K;
}[OopsFieldName];

/** docs/product.md §5 completeness weights, by field. */
export const COMPLETENESS_WEIGHTS = Object.fromEntries(
  fieldsWhere((spec) => spec.weight > 0).map((name) => [name, fieldSpec(name).weight]),
) as Record<Weighted, number>;
export type CompletenessField = keyof typeof COMPLETENESS_WEIGHTS;

const TOTAL_WEIGHT = Object.values(COMPLETENESS_WEIGHTS).reduce((a, b) => a + b, 0);

/** A field counts if it is non-empty, non-zero, or a non-empty list. */
export function fieldCounts(value: unknown): boolean {
  if (value === null || value === undefined) return false;
  if (Array.isArray(value)) return value.length > 0;
  if (typeof value === 'number') return value !== 0 && !Number.isNaN(value);
  if (typeof value === 'string') return value.trim().length > 0;
  if (typeof value === 'boolean') return value;
  return true;
}

export function completenessPercent(oops: Partial<Record<CompletenessField, unknown>>): number {
  let earned = 0;
  for (const [field, weight] of Object.entries(COMPLETENESS_WEIGHTS)) {
    if (fieldCounts(oops[field as CompletenessField])) earned += weight;
  }
  return Math.round((earned / TOTAL_WEIGHT) * 100);
}

export interface CompletenessLevel {
  label: 'Complete' | 'Good' | 'Fair' | 'Poor' | 'Very Poor';
  color: 'green' | 'blue' | 'yellow' | 'orange' | 'red';
}

export function completenessLevel(percent: number): CompletenessLevel {
  if (percent >= 90) return { label: 'Complete', color: 'green' };
  if (percent >= 75) return { label: 'Good', color: 'blue' };
  if (percent >= 60) return { label: 'Fair', color: 'yellow' };
  if (percent >= 40) return { label: 'Poor', color: 'orange' };
  return { label: 'Very Poor', color: 'red' };
}
