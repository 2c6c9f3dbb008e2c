// Postmortem notes: sanitised on write, added to open incidents of the actor's team.
import type { Note } from '../../../common/contracts/oops';
import { oopsNotes } from '../../db/schema';
import { sanitiseNote } from '../../lib/sanitise';
import { emitEvents } from '../../lib/outbox';
import { oopsEventBase } from './events';
import { toNote } from './mapper';
import { assertEditable, type OopsContext } from './service';

export async function addNote({ db, actor }: OopsContext, oopsId: number, note: string): Promise<Note> {
  await assertEditable(db, actor, oopsId);
  const row = await db.transaction(async (tx) => {
    const [added] = await tx
      .insert(oopsNotes)
      .values({
        oopsId,
        note: sanitiseNote(note),
        addedById: actor.userId,
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
