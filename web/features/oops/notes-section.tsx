// Postmortem notes: read-only once added, written in Markdown and rendered sanitised (note-markdown.ts), each with who
// added it and when; plus the add-note box.
import { useMemo, useState, type FormEvent } from 'react';
import { Button, Paper, Stack, Text, Textarea } from '@mantine/core';
import type { Note } from '../../../common/contracts/oops';
import { MESSAGES } from '../../../common/domain/messages';
import { OOPS_LIMITS } from '../../../common/domain/oops-options';
import { OOPS_TEXTS } from '../../../common/domain/oops-texts';
import { toastError, toastSuccess } from '../../lib/toast';
import { errorMessage } from '../../lib/transport';
import { useAddNote } from './api/add-note';
import { formatDateTime } from '../../lib/format';
import classes from './detail.module.css';
import { renderNote } from './note-markdown';

function NoteBody({ text }: { text: string }) {
  const html = useMemo(() => renderNote(text), [text]);
  return <div className={classes.note} dangerouslySetInnerHTML={{ __html: html }} />;
}

export function NotesList({ notes }: { notes: Note[] }) {
  if (notes.length === 0) return <Text c="dimmed">{OOPS_TEXTS.noNotes}</Text>;
  return (
    <Stack gap="sm" component="ol" p={0} m={0} style={{ listStyle: 'none' }}>
      {notes.map((note) => (
        <Paper key={note.id} withBorder p="sm" component="li">
          <NoteBody text={note.note} />
          <Text size="xs" c="dimmed" mt={4}>
            Added by {note.added_by} on {formatDateTime(note.added_at)}
          </Text>
        </Paper>
      ))}
    </Stack>
  );
}

export function AddNoteForm({ oopsId, disabled }: { oopsId: number; disabled: boolean }) {
  const [text, setText] = useState('');
  const addNote = useAddNote(oopsId);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const note = text.trim();
    if (!note) return;
    addNote.mutate(note, {
      onSuccess: () => {
        setText('');
        toastSuccess(OOPS_TEXTS.noteAdded);
      },
      onError: (error) => toastError(OOPS_TEXTS.noteFailed(errorMessage(error, MESSAGES.networkError))),
    });
  };
  return (
    <form onSubmit={submit} aria-label="Add a note" className={classes.noPrint}>
      <Stack gap="xs">
        <Textarea
          label="Add a note"
          description={OOPS_TEXTS.noteHint}
          autosize
          minRows={2}
          value={text}
          maxLength={OOPS_LIMITS.noteMax}
          onChange={(e) => setText(e.currentTarget.value)}
          disabled={disabled}
          title={disabled ? 'Cannot edit closed incidents' : undefined}
        />
        <Button
          type="submit"
          variant="light"
          disabled={disabled || !text.trim()}
          loading={addNote.isPending}
          style={{ alignSelf: 'flex-start' }}
        >
          Add Note
        </Button>
      </Stack>
    </form>
  );
}
