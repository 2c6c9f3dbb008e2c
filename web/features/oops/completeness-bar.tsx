// 'Event Data Collected' (docs/product.md §5 completeness): the stored percentage with its level's label and colour.
import { Group, Progress, Stack, Text } from '@mantine/core';
import { completenessLevel } from '../../../common/domain/completeness';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';

export function CompletenessBar({ percent }: { percent: number }) {
  const level = completenessLevel(percent);
  return (
    <Stack gap={4}>
      <Group justify="space-between" gap="xs">
        <Text size="xs" fw={600}>
          {OOPS_TEXTS.completenessLabel}
        </Text>
        <Text size="xs">
          {percent}% · {level.label}
        </Text>
      </Group>
      <Progress
        value={percent}
        color={level.color}
        size="sm"
        aria-label={`${OOPS_TEXTS.completenessLabel}: ${percent}%, ${level.label}`}
      />
    </Stack>
  );
}
