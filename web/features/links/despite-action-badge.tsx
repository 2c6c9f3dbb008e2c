// "Repeated despite action" (decision 019): the incident repeats an earlier one whose follow-up actions were all
// done, the strongest sign that the fix did not work. Shown on the detail page (with why) and the list card.
import { Badge, Group, Text } from '@mantine/core';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';

export function DespiteActionBadge({ explained = false }: { explained?: boolean }) {
  const badge = (
    <Badge
      color="red"
      variant="filled"
      data-testid="despite-action"
      title={RECURRENCE_TEXTS.despiteActionHint}
    >
      {RECURRENCE_TEXTS.despiteAction}
    </Badge>
  );
  if (!explained) return badge;
  return (
    <Group gap="xs" wrap="wrap">
      {badge}
      <Text size="sm" c="dimmed">
        {RECURRENCE_TEXTS.despiteActionHint}
      </Text>
    </Group>
  );
}
