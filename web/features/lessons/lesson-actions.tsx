// A lesson's buttons for owners and admins: Adopt (saying what changed), Verify, Step back, Merge.
import { Button, Group, Modal, NativeSelect, Stack, Text, Textarea } from '@mantine/core';
import { useState } from 'react';
import type { Lesson, UpdateLessonBody } from '../../../common/contracts/lessons';
import {
  LESSON_LIMITS,
  LESSON_MESSAGES,
  LESSON_STATE_LABELS,
  LESSON_TEXTS,
} from '../../../common/domain/lesson-texts';
import { MESSAGES } from '../../../common/domain/messages';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useMergeLesson, useUpdateLesson } from './api/change-lesson';

const PREVIOUS: Record<Lesson['state'], Lesson['state'] | null> = {
  captured: null,
  adopted: 'captured',
  verified: 'adopted',
};

export function LessonActions({ lesson, others }: { lesson: Lesson; others: Lesson[] }) {
  const update = useUpdateLesson();
  const [adopting, setAdopting] = useState(false);
  const [merging, setMerging] = useState(false);
  const onError = (error: unknown) =>
    toastError(LESSON_TEXTS.changeFailed(errorMessage(error, MESSAGES.networkError)));

  const change = (body: UpdateLessonBody, done?: () => void) =>
    update.mutate(
      { id: lesson.id, body },
      {
        onSuccess: (changed) => {
          toastSuccess(LESSON_TEXTS.changed(LESSON_STATE_LABELS[changed.state]));
          done?.();
        },
        onError,
      },
    );
  const previous = PREVIOUS[lesson.state];

  return (
    <Stack gap="xs">
      <Group gap="xs" wrap="wrap">
        {lesson.state === 'captured' && !adopting && (
          <Button
            size="xs"
            variant="light"
            aria-label={LESSON_TEXTS.adoptLabel(lesson.text)}
            onClick={() => setAdopting(true)}
          >
            {LESSON_TEXTS.adopt}
          </Button>
        )}
        {lesson.state === 'adopted' && (
          <Button
            size="xs"
            variant="light"
            aria-label={LESSON_TEXTS.verifyLabel(lesson.text)}
            loading={update.isPending}
            onClick={() => change({ state: 'verified' })}
          >
            {LESSON_TEXTS.verify}
          </Button>
        )}
        {previous && (
          <Button
            size="xs"
            variant="subtle"
            aria-label={LESSON_TEXTS.undoLabel(lesson.text)}
            disabled={update.isPending}
            onClick={() => change({ state: previous })}
          >
            {LESSON_TEXTS.undo}
          </Button>
        )}
        {others.length > 1 && (
          <Button
            size="xs"
            variant="subtle"
            aria-label={LESSON_TEXTS.mergeLabel(lesson.text)}
            onClick={() => setMerging(true)}
          >
            {LESSON_TEXTS.merge}
          </Button>
        )}
      </Group>
      {adopting && (
        <AdoptForm
          pending={update.isPending}
          onCancel={() => setAdopting(false)}
          onSave={(whatChanged) =>
            change({ state: 'adopted', what_changed: whatChanged }, () => setAdopting(false))
          }
        />
      )}
      {merging && <MergeDialog lesson={lesson} others={others} onClose={() => setMerging(false)} />}
    </Stack>
  );
}

function AdoptForm({
  pending,
  onSave,
  onCancel,
}: {
  pending: boolean;
  onSave: (whatChanged: string) => void;
  onCancel: () => void;
}) {
  const [text, setText] = useState('');
  const [error, setError] = useState<string | null>(null);
  return (
    <form
      aria-label={LESSON_TEXTS.adoptTitle}
      onSubmit={(event) => {
        event.preventDefault();
        if (!text.trim()) setError(LESSON_MESSAGES.whatChangedRequired);
        else onSave(text.trim());
      }}
    >
      <Stack gap="xs">
        <Textarea
          label={LESSON_TEXTS.whatChanged}
          description={LESSON_TEXTS.whatChangedHint}
          value={text}
          error={error}
          maxLength={LESSON_LIMITS.whatChangedMax}
          rows={3}
          data-autofocus
          autoFocus
          onChange={(event) => {
            setText(event.currentTarget.value);
            setError(null);
          }}
        />
        <Group gap="xs">
          <Button type="submit" size="xs" loading={pending}>
            {LESSON_TEXTS.save}
          </Button>
          <Button size="xs" variant="subtle" onClick={onCancel}>
            {LESSON_TEXTS.cancel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

function MergeDialog({ lesson, others, onClose }: { lesson: Lesson; others: Lesson[]; onClose: () => void }) {
  const merge = useMergeLesson();
  const targets = others.filter((other) => other.id !== lesson.id);
  const [into, setInto] = useState('');
  return (
    <Modal opened onClose={onClose} title={LESSON_TEXTS.mergeTitle}>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (!into) return;
          merge.mutate(
            { id: lesson.id, into: Number(into) },
            {
              onSuccess: () => {
                toastSuccess(LESSON_TEXTS.merged);
                onClose();
              },
              onError: (error) =>
                toastError(LESSON_TEXTS.changeFailed(errorMessage(error, MESSAGES.networkError))),
            },
          );
        }}
      >
        <Stack gap="sm">
          <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
            “{lesson.text}”
          </Text>
          <Text size="sm" c="dimmed">
            {LESSON_TEXTS.mergeHint}
          </Text>
          <NativeSelect
            label={LESSON_TEXTS.mergeTarget}
            value={into}
            required
            onChange={(event) => setInto(event.currentTarget.value)}
            data={[
              { value: '', label: LESSON_TEXTS.mergeTargetPlaceholder },
              ...targets.map((t) => ({ value: String(t.id), label: t.text.slice(0, 120) })),
            ]}
          />
          <Group gap="xs" justify="flex-end">
            <Button variant="subtle" onClick={onClose}>
              {LESSON_TEXTS.cancel}
            </Button>
            <Button type="submit" disabled={!into} loading={merge.isPending}>
              {LESSON_TEXTS.merge}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
