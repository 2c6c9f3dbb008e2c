// Ratings and follow-through checkboxes. Quick clicks here go through the batch path (docs/product.md §4): they show at once
// and are saved together after 2 s without a new change; a failed batch reverts them all.
import { Checkbox, Group, NativeSelect, SimpleGrid, Stack, Text } from '@mantine/core';
import type { OopsDetail } from '../../../common/contracts/oops';
import {
  fieldLabel,
  fieldOptions,
  fieldSpec,
  fieldsWhere,
  type FieldsWith,
} from '../../../common/domain/oops-fields';
import { OOPS_MESSAGES } from '../../../common/domain/oops-options';
import classes from './detail.module.css';
import type { BatchValues } from './use-field-saver';

// The table's batch-edited fields: ratings as selects, follow-through flags as checkboxes.
type BatchField = FieldsWith<{ editable: 'batch' }>;
const BATCH_FIELDS = fieldsWhere((spec) => spec.editable === 'batch') as BatchField[];
const RATINGS = BATCH_FIELDS.filter((name) => fieldSpec(name).kind === 'rating');
const CHECKS = BATCH_FIELDS.filter((name) => fieldSpec(name).kind === 'boolean');

const ratingOptions = (field: BatchField) => [{ value: '', label: 'Not rated' }, ...fieldOptions(field)];

interface FollowThroughPanelProps {
  detail: OopsDetail;
  waiting: BatchValues;
  disabled: boolean;
  onChange: (field: BatchField, value: unknown) => void;
}

export function FollowThroughPanel({ detail, waiting, disabled, onChange }: FollowThroughPanelProps) {
  const valueOf = <K extends BatchField>(field: K): OopsDetail[K] =>
    (field in waiting ? waiting[field] : detail[field]) as OopsDetail[K];
  const title = disabled ? OOPS_MESSAGES.cannotEditClosed : undefined;
  const pendingCount = Object.keys(waiting).length;
  return (
    <Stack gap="sm">
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        {RATINGS.map((field) => (
          <NativeSelect
            key={field}
            label={fieldLabel(field)}
            value={valueOf(field) === null ? '' : String(valueOf(field))}
            data={ratingOptions(field)}
            disabled={disabled}
            title={title}
            onChange={(e) => onChange(field, e.currentTarget.value ? Number(e.currentTarget.value) : null)}
          />
        ))}
      </SimpleGrid>
      <Group gap="lg">
        {CHECKS.map((field) => (
          <Checkbox
            key={field}
            label={fieldLabel(field)}
            checked={Boolean(valueOf(field))}
            disabled={disabled}
            title={title}
            onChange={(e) => onChange(field, e.currentTarget.checked)}
          />
        ))}
      </Group>
      <Text size="xs" c="dimmed" role="status" className={classes.noPrint}>
        {pendingCount > 0 ? 'Saving changes…' : 'Changes here are saved together after 2 seconds.'}
      </Text>
    </Stack>
  );
}
