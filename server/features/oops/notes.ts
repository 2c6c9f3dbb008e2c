// Postmortem notes: sanitised on write, added to open incidents of the actor's team.
import type { Note } from '../../../common/contracts/oops';
import { oopsNotes } from '../../db/schema';
import { sanitiseNote } from '../../../common/domain/note-html';
import { emitEvents } from '../../events/outbox';
import { oopsEventBase } from './events';
import { toNote } from './mapper';
import { writerOn } from '../confidential';
import { assertEditable, type OopsContext } from './service';

export async function addNote(
  { db, actor: reader, confidentialKey }: OopsContext,
  oopsId: number,
  note: string,
): Promise<Note> {
  const editable = await assertEditable(db, reader, oopsId);
  // The confidential reporter discusses their own report under the mask (decision 024).
  const actor = await writerOn(db, confidentialKey, reader, editable);
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(oopsNotes)
      .values({
        oopsId,
        note: sanitiseNote(note),
        addedById: actor.userId || null,
        addedBy: actor.name || actor.email,
      })
      .returning();
    await emitEvents(tx, {
      type: 'oops.note_added',
      teamId: actor.teamId,
      payload: { ...(await oopsEventBase(tx, actor, oopsId)), note: { id: added!.id, text: added!.note } },
    });
    return added;
  });
  return toNote(row!);
}
