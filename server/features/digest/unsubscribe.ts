// One-click unsubscribe (RFC 8058): the signed token names the user and the e-mail they leave. Idempotent, and
// reversible in Profile → Notifications. A token that does not verify changes nothing.
import { eq } from 'drizzle-orm';
import type { UnsubscribeResult } from '../../../common/contracts/digest';
import { UNSUBSCRIBE_TEXTS } from '../../../common/domain/digest-texts';
import type { Db } from '../../db/client';
import { users } from '../../db/schema';
import { badRequest } from '../../lib/errors';
import type { UnsubscribeLinks } from '../../lib/unsubscribe-tokens';

/** Turns off the e-mail the token names; answers what was turned off. */
export async function unsubscribeByToken(
  db: Db,
  links: UnsubscribeLinks,
  token: string,
): Promise<UnsubscribeResult> {
  const named = links.verify(token);
  if (!named) throw badRequest(UNSUBSCRIBE_TEXTS.invalidToken);
  const set = {
    digest: { notifyDigest: false },
    reminders: { notifyReminders: false },
    feedback: { notifyFeedback: false },
  }[named.kind];
  // A user deleted since the e-mail left gets nothing anyway: the answer is true either way.
  await db.update(users).set(set).where(eq(users.id, named.userId));
  return { unsubscribed: named.kind, message: UNSUBSCRIBE_TEXTS.done[named.kind] };
}
