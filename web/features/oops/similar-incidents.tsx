// While the title and description are typed, up to 3 similar past incidents are shown as links, so a repeat is
// noticed before it is logged twice.
import { Anchor, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { SeverityBadge } from '../../components/severity-badge';
import { useSimilarOops } from './api/similar-oops';

/** Waits for a pause in typing before asking, so each keystroke does not send a request. */
export const SIMILAR_DEBOUNCE_MS = 400;
const MIN_TEXT = 3;

export function SimilarIncidents({ title, description }: { title: string; description: string }) {
  const [text] = useDebouncedValue(`${title} ${description}`.trim().slice(0, 2000), SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarOops(text.length >= MIN_TEXT ? text : '');
  const items = text.length >= MIN_TEXT ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Paper withBorder p="sm" role="region" aria-label={OOPS_TEXTS.similarHeading}>
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {OOPS_TEXTS.similarHeading}
        </Text>
        {items.map((item) => (
          <Group key={item.id} gap="xs" wrap="nowrap">
            <SeverityBadge severity={item.severity} />
            <Anchor component={Link} to={`/oops/${item.id_slug}`} size="sm" lineClamp={1}>
              {item.title}
            </Anchor>
          </Group>
        ))}
      </Stack>
    </Paper>
  );
}
