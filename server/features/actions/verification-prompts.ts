// The "Did it hold?" e-mail (decision 048): on the day to check a done action again, its owner is asked once per
// pending round, with links to My Actions (where the answer is given) and the incident. Like the reminders, never to
// a disabled user, someone who left the incident's team or turned reminder e-mails off. An e-mail is claimed by
// setting the action's verification_prompted_at where it is still empty, so several processes send it once; a
// failed send empties it again for the next run.
import { and, eq, isNull, sql } from 'drizzle-orm';
import { actionToday } from '../../../common/domain/actions';
import type { Db } from '../../db/client';
import { oopsActions } from '../../db/schema';
import { verificationPromptEmail } from '../../lib/emails';
import type { MailJobDeps } from '../../lib/mail-jobs';
import { queryRows } from '../../lib/sql-rows';
import { reopenVerifiedFixes } from './verification-repeat';

/** At most this many e-mails per run; the next run picks up the rest. */
const BATCH = 200;

interface Candidate {
  action_id: number;
  title: string;
  verification_check: string | null;
  verify_on: string;
  user_id: number;
  email: string;
  name: string;
  oops_title: string;
  id_slug: string;
}

function findDue(db: Db, today: string): Promise<Candidate[]> {
  return queryRows<Candidate>(
    db,
    sql`select a.id as action_id, a.title, a.verification_check, a.verify_on::text as verify_on,
               u.id as user_id, u.email, coalesce(nullif(u.name, ''), u.email) as name,
               o.title as oops_title, o.id || '-' || o.slug as id_slug
        from oops_actions a
        join oops o on o.id = a.oops_id
        join users u on u.id = a.owner_id
        where a.verification_state = 'pending' and a.verify_on <= ${today}::date
          and a.status = 'done' and a.verification_prompted_at is null
          and u.is_active and u.notify_reminders
          and exists (select 1 from memberships m where m.user_id = u.id and m.team_id = o.team_id)
        order by a.verify_on, a.id
        limit ${BATCH}`,
  );
}

/** Claims one prompt: true when this run set its verification_prompted_at. */
async function claim(db: Db, actionId: number, now: Date): Promise<boolean> {
  const claimed = await db
    .update(oopsActions)
    .set({ verificationPromptedAt: now })
    .where(
      and(
        eq(oopsActions.id, actionId),
        isNull(oopsActions.verificationPromptedAt),
        eq(oopsActions.verificationState, 'pending'),
      ),
    )
    .returning({ id: oopsActions.id });
  return claimed.length > 0;
}

/** Sends every "Did it hold?" due at `now`; answers how many e-mails went out. */
export async function sendVerificationPrompts(deps: MailJobDeps, now: Date = new Date()): Promise<number> {
  // A repeat whose hook did not run (its request failed after the link was committed) still reopens its fixes.
  await reopenVerifiedFixes(deps.db, null);
  let sent = 0;
  for (const candidate of await findDue(deps.db, actionToday(now))) {
    // Another process claimed this one.
    if (!(await claim(deps.db, candidate.action_id, now))) continue;
    try {
      await deps.mailer.send(
        verificationPromptEmail(candidate.email, {
          name: candidate.name,
          title: candidate.title,
          check: candidate.verification_check,
          verifyOn: candidate.verify_on,
          incidentTitle: candidate.oops_title,
          incidentLink: `${deps.appUrl}/oops/${candidate.id_slug}`,
          answerLink: `${deps.appUrl}/actions#did-it-hold`,
          settingsLink: `${deps.appUrl}/profile?tab=notifications`,
          unsubscribeLink: deps.links.pageUrl(candidate.user_id, 'reminders'),
          headers: deps.links.headers(candidate.user_id, 'reminders'),
        }),
      );
      sent += 1;
    } catch (error) {
      // Unclaimed again, so the next run retries it.
      await deps.db
        .update(oopsActions)
        .set({ verificationPromptedAt: null })
        .where(eq(oopsActions.id, candidate.action_id));
      deps.log.warn({ err: error, actionId: candidate.action_id }, 'verification prompt not sent');
    }
  }
  return sent;
}
