// Reminder e-mails of follow-up actions (decision 018): the day before the due date, and once overdue
// (then weekly), to the action's owner, with a one-click "mark done" link. Never to a disabled user, to someone who
// left the incident's team, or to someone who turned reminders off. Each e-mail is claimed by inserting its row
// (unique per action, kind and UTC day) before it is sent, so several processes send it once.
import { sql } from 'drizzle-orm';
import { actionToday } from '../../../common/domain/actions';
import { DAY_MS } from '../../../common/domain/dashboard';
import type { Db } from '../../db/client';
import { actionReminders } from '../../db/schema';
import { actionReminderEmail } from '../../lib/emails';
import { overdueWhere } from '../../lib/overdue-sql';
import { queryRows } from '../../lib/sql-rows';
import { newToken } from '../../lib/tokens';
import type { MailJobDeps } from '../../lib/mail-jobs';

/** How long a reminder's "mark done" link works. */
export const REMINDER_LINK_TTL_MS = 14 * DAY_MS;
/** An overdue action is reminded of again after this many days. */
const OVERDUE_REPEAT_DAYS = 7;
/** At most this many e-mails per run; the next run picks up the rest. */
const BATCH = 200;

export type ReminderDeps = MailJobDeps;

interface Candidate {
  action_id: number;
  title: string;
  due_date: string;
  kind: 'due_soon' | 'overdue';
  user_id: number;
  email: string;
  name: string;
  oops_title: string;
  id_slug: string;
}

/** The reminders due at `now`, oldest due date first. */
function findDue(db: Db, now: Date): Promise<Candidate[]> {
  const today = actionToday(now);
  const tomorrow = actionToday(new Date(now.getTime() + DAY_MS));
  const repeatAfter = actionToday(new Date(now.getTime() - (OVERDUE_REPEAT_DAYS - 1) * DAY_MS));
  const overdue = overdueWhere(sql`a.status`, sql`a.due_date`, today);
  return queryRows<Candidate>(
    db,
    sql`select a.id as action_id, a.title, a.due_date::text as due_date,
               case when ${overdue} then 'overdue' else 'due_soon' end as kind,
               u.id as user_id, u.email, coalesce(nullif(u.name, ''), u.email) as name,
               o.title as oops_title, o.id || '-' || o.slug as id_slug
        from oops_actions a
        join oops o on o.id = a.oops_id
        join users u on u.id = a.owner_id
        where a.status = 'open'
          and (a.due_date = ${tomorrow}::date or ${overdue})
          and u.is_active and u.notify_reminders
          and exists (select 1 from memberships m where m.user_id = u.id and m.team_id = o.team_id)
          and not exists (
            select 1 from action_reminders r
            where r.action_id = a.id
              and ((not ${overdue} and r.kind = 'due_soon' and r.sent_on = ${today}::date)
                or (${overdue} and r.kind = 'overdue' and r.sent_on >= ${repeatAfter}::date)))
        order by a.due_date, a.id
        limit ${BATCH}`,
  );
}

/** Sends every reminder due at `now`; answers how many e-mails went out. */
export async function sendActionReminders(deps: ReminderDeps, now: Date = new Date()): Promise<number> {
  const today = actionToday(now);
  let sent = 0;
  for (const candidate of await findDue(deps.db, now)) {
    const { token, hash } = newToken();
    const [claimed] = await deps.db
      .insert(actionReminders)
      .values({
        actionId: candidate.action_id,
        userId: candidate.user_id,
        kind: candidate.kind,
        sentOn: today,
        tokenHash: hash,
        expiresAt: new Date(now.getTime() + REMINDER_LINK_TTL_MS),
      })
      .onConflictDoNothing()
      .returning({ id: actionReminders.id });
    // Another process claimed this one.
    if (!claimed) continue;
    try {
      await deps.mailer.send(
        actionReminderEmail(candidate.email, {
          name: candidate.name,
          title: candidate.title,
          dueDate: candidate.due_date,
          overdue: candidate.kind === 'overdue',
          incidentTitle: candidate.oops_title,
          incidentLink: `${deps.appUrl}/oops/${candidate.id_slug}`,
          doneLink: `${deps.appUrl}/actions/done?token=${token}`,
          settingsLink: `${deps.appUrl}/profile?tab=notifications`,
          unsubscribeLink: deps.links.pageUrl(candidate.user_id, 'reminders'),
          headers: deps.links.headers(candidate.user_id, 'reminders'),
        }),
      );
      sent += 1;
    } catch (error) {
      // Unclaimed again, so the next run retries it.
      await deps.db.delete(actionReminders).where(sql`${actionReminders.id} = ${claimed.id}`);
      deps.log.warn({ err: error, actionId: candidate.action_id }, 'action reminder not sent');
    }
  }
  return sent;
}
