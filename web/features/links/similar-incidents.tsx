// While the title and description are typed, up to 3 similar past incidents are shown as links, so a repeat is
// noticed before it is logged twice; each offers "This is a repeat of …", which the log call records as a repeat
// link (repeat_of, decision 019).
import { Anchor, Button, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { RECURRENCE_TEXTS } from '../../../common/domain/recurrence-texts';
import { SeverityBadge } from '../../components/severity-badge';
import { useSimilarOops } from './api/similar-oops';

/** Waits for a pause in typing before asking, so each keystroke does not send a request. */
export const SIMILAR_DEBOUNCE_MS = 400;
const MIN_TEXT = 3;

/** The earlier incident the new one repeats. */
export interface RepeatChoice {
  id: number;
  title: string;
}

interface Props {
  title: string;
  description: string;
  repeatOf?: RepeatChoice | null;
  onRepeatOf?: (choice: RepeatChoice | null) => void;
  disabled?: boolean;
}

export function SimilarIncidents({ title, description, repeatOf = null, onRepeatOf, disabled }: Props) {
  const [text] = useDebouncedValue(`${title} ${description}`.trim().slice(0, 2000), SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarOops(text.length >= MIN_TEXT ? text : '');
  const items = text.length >= MIN_TEXT ? (similar.data ?? []) : [];
  if (items.length === 0 && !repeatOf) return null;
  return (
    <Paper withBorder p="sm" role="region" aria-label={OOPS_TEXTS.similarHeading}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {OOPS_TEXTS.similarHeading}
        </Text>
        {items.map((item) => (
          <Group key={item.id} gap="xs" wrap="nowrap" justify="space-between">
            <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
              <SeverityBadge severity={item.severity} />
              <Anchor component={Link} to={`/oops/${item.id_slug}`} size="sm" lineClamp={1}>
                {item.title}
              </Anchor>
            </Group>
            {onRepeatOf && repeatOf?.id !== item.id && (
              <Button
                size="compact-xs"
                variant="light"
                disabled={disabled}
                aria-label={RECURRENCE_TEXTS.repeatOf(item.title)}
                onClick={() => onRepeatOf({ id: item.id, title: item.title })}
              >
                {RECURRENCE_TEXTS.repeatOfShort}
              </Button>
            )}
          </Group>
        ))}
        {repeatOf && onRepeatOf && (
          <Group gap="xs" justify="space-between" role="status">
            <Text size="sm" fw={600}>
              {RECURRENCE_TEXTS.repeatChosen(repeatOf.title)}
            </Text>
            <Button size="compact-xs" variant="subtle" disabled={disabled} onClick={() => onRepeatOf(null)}>
              {RECURRENCE_TEXTS.clearRepeat}
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  );
}
