// The rows of /lessons: the lesson, its state, what changed (who, when), the incidents it came from, and for owners
// and admins the next step (adopt with what changed, verify), a step back, and merging into another lesson.
import { Anchor, Badge, Group, Paper, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Lesson } from '../../../common/contracts/lessons';
import { LESSON_STATE_LABELS, LESSON_TEXTS } from '../../../common/domain/lesson-texts';
import { LessonActions } from './lesson-actions';

const STATE_COLOURS: Record<Lesson['state'], string> = {
  captured: 'gray',
  adopted: 'blue',
  verified: 'teal',
};

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium' });
const day = (iso: string | null) => (iso ? dateFormat.format(new Date(iso)) : '');

export function LessonList({ lessons, canManage }: { lessons: Lesson[]; canManage: boolean }) {
  return (
    <Stack
      gap="xs"
      component="ul"
      p={0}
      m={0}
      style={{ listStyle: 'none' }}
      aria-label={LESSON_TEXTS.pageTitle}
    >
      {lessons.map((lesson) => (
        <Paper key={lesson.id} component="li" withBorder p="sm" radius="md" data-testid="lesson">
          <Stack gap={6}>
            <Group justify="space-between" align="flex-start" gap="sm" wrap="nowrap">
              <Text fw={600} style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                {lesson.text}
              </Text>
              <Badge color={STATE_COLOURS[lesson.state]} variant="light" data-testid="lesson-state">
                {LESSON_STATE_LABELS[lesson.state]}
              </Badge>
            </Group>
            {lesson.what_changed && (
              <Text size="sm" style={{ overflowWrap: 'anywhere', whiteSpace: 'pre-line' }}>
                <Text span fw={600} size="sm">
                  {LESSON_TEXTS.whatChanged}:
                </Text>{' '}
                {lesson.what_changed}
              </Text>
            )}
            {lesson.adopted_at && (
              <Text size="xs" c="dimmed">
                {LESSON_TEXTS.adoptedBy(
                  lesson.adopted_by?.name ?? LESSON_TEXTS.someone,
                  day(lesson.adopted_at),
                )}
                {lesson.verified_at &&
                  ` · ${LESSON_TEXTS.verifiedBy(lesson.verified_by?.name ?? LESSON_TEXTS.someone, day(lesson.verified_at))}`}
              </Text>
            )}
            <Group gap="xs" wrap="wrap">
              <Text size="sm" c="dimmed">
                {LESSON_TEXTS.incidents(lesson.incident_count)}:
              </Text>
              {lesson.incidents.map((incident) => (
                <Anchor key={incident.id} component={Link} to={`/oops/${incident.id_slug}`} size="sm">
                  {incident.title}
                </Anchor>
              ))}
            </Group>
            {canManage && <LessonActions lesson={lesson} others={lessons} />}
          </Stack>
        </Paper>
      ))}
    </Stack>
  );
}
