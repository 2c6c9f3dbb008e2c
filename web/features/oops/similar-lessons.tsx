// Beside Analysis & Learning while logging: the lessons of similar past incidents, so the team sees what
// it already learned (and whether it was adopted) before writing the lesson again. Nothing shows until there is one.
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { Link } from 'react-router';
import { LESSON_STATE_LABELS, LESSON_TEXTS } from '../../../common/domain/lesson-texts';
import { useSimilarLessons } from './api/similar-lessons';
import { SIMILAR_DEBOUNCE_MS } from '../links';

const MIN_TEXT = 3;

export function SimilarLessons({ title, description }: { title: string; description: string }) {
  const [text] = useDebouncedValue(`${title} ${description}`.trim().slice(0, 2000), SIMILAR_DEBOUNCE_MS);
  const similar = useSimilarLessons(text.length >= MIN_TEXT ? text : '');
  const items = text.length >= MIN_TEXT ? (similar.data ?? []) : [];
  if (items.length === 0) return null;
  return (
    <Paper
      withBorder
      p="sm"
      role="region"
      aria-label={LESSON_TEXTS.similarTitle}
      data-testid="similar-lessons"
    >
      <Stack gap={6}>
        <Text size="sm" fw={600}>
          {LESSON_TEXTS.similarTitle}
        </Text>
        {items.map((lesson) => (
          <Group key={lesson.id} gap="xs" wrap="nowrap" align="flex-start">
            <Badge size="sm" variant="light" color={lesson.state === 'captured' ? 'gray' : 'teal'}>
              {LESSON_STATE_LABELS[lesson.state]}
            </Badge>
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" lineClamp={2} style={{ overflowWrap: 'anywhere' }}>
                {lesson.text}
              </Text>
              {lesson.what_changed && (
                <Text size="xs" c="dimmed" lineClamp={1}>
                  {LESSON_TEXTS.whatChanged}: {lesson.what_changed}
                </Text>
              )}
            </Stack>
          </Group>
        ))}
        <Anchor component={Link} to="/lessons" size="xs">
          {LESSON_TEXTS.openLibrary}
        </Anchor>
      </Stack>
    </Paper>
  );
}
