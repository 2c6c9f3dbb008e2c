// The reporter's feedback e-mails (decision 049): a report's outcome, and later its fix's verification. The reporter
// is the report's author, or for a confidential report the member whose keyed hash matches (decision 024); either
// way they are looked up here, at sending, and never written down, logged or put in an answer.
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { OOPS_KIND_LABELS, type OopsKind } from '../../../common/domain/oops-options';
import {
  FEEDBACK_EMAIL_TEXTS as T,
  TRIAGE_OUTCOME_HINTS,
  TRIAGE_OUTCOME_LABELS,
  TRIAGE_TEXTS,
  type FixVerification,
  type TriageOutcome,
} from '../../../common/domain/triage';
import type { Db } from '../../db/client';
import { memberships, users } from '../../db/schema';
import { reportFeedbackEmail } from '../../lib/emails';
import type { Mailer } from '../../lib/mailer';
import { createUnsubscribeLinks, type UnsubscribeLinks } from '../../lib/unsubscribe-tokens';
import { confidentialKeyFor, findConfidentialReporter } from '../confidential';

export interface FeedbackDeps {
  db: Db;
  mailer: Mailer;
  appUrl: string;
  links: UnsubscribeLinks;
  log: { warn(obj: object, msg: string): void };
  confidentialKey: Buffer;
  /**
   * Whether mail leaves through SMTP. The console transport prints each recipient into the server's output, so
   * without SMTP a confidential reporter is told in the app only.
   */
  smtp: boolean;
}

export function feedbackDeps(app: FastifyInstance): FeedbackDeps {
  return {
    db: app.db,
    mailer: app.mailer,
    appUrl: app.config.appUrl,
    links: createUnsubscribeLinks(app.config),
    log: app.log,
    confidentialKey: confidentialKeyFor(app.config),
    smtp: Boolean(app.config.smtpUrl),
  };
}

/** A report as its feedback needs it. */
export interface ReportRow {
  id: number;
  slug: string;
  title: string;
  kind: OopsKind;
  team_id: number;
  created_by: number | null;
  confidential: boolean;
}

/** The reporter to e-mail: active, still in the team, and not opted out of feedback e-mails; or null. */
async function reporterOf(deps: FeedbackDeps, report: ReportRow) {
  let userId = report.created_by;
  if (report.confidential)
    userId = deps.smtp
      ? await findConfidentialReporter(deps.db, deps.confidentialKey, report.team_id, report.id)
      : null;
  if (userId === null) return null;
  const [found] = await deps.db
    .select({ id: users.id, email: users.email })
    .from(users)
    .innerJoin(memberships, and(eq(memberships.userId, users.id), eq(memberships.teamId, report.team_id)))
    .where(and(eq(users.id, userId), eq(users.isActive, true), eq(users.notifyFeedback, true)))
    .limit(1);
  return found ?? null;
}

async function sendFeedback(
  deps: FeedbackDeps,
  report: ReportRow,
  words: { subject: string; intro: string; lines: string[] },
): Promise<void> {
  try {
    const reporter = await reporterOf(deps, report);
    if (!reporter) return;
    const lines = report.confidential ? [...words.lines, T.stillConfidential] : words.lines;
    await deps.mailer.send(
      reportFeedbackEmail(reporter.email, {
        ...words,
        lines,
        reportLink: `${deps.appUrl}/oops/${report.id}-${report.slug}`,
        settingsLink: `${deps.appUrl}/profile?tab=notifications`,
        unsubscribeLink: deps.links.pageUrl(reporter.id, 'feedback'),
        headers: deps.links.headers(reporter.id, 'feedback'),
      }),
    );
  } catch (error) {
    // Only the report and the error's code: a transport's message may quote the recipient's address.
    const code = (error as { code?: unknown }).code;
    deps.log.warn(
      { oopsId: report.id, code: typeof code === 'string' ? code : null },
      'report feedback e-mail not sent',
    );
  }
}

/** Tells the reporter what the triage of their report decided (a failure to send is logged, not raised). */
export function sendOutcomeFeedback(
  deps: FeedbackDeps,
  report: ReportRow,
  triage: { outcome: TriageOutcome; note: string },
): Promise<void> {
  const lines = [
    T.outcome(TRIAGE_OUTCOME_LABELS[triage.outcome], TRIAGE_OUTCOME_HINTS[triage.outcome]),
    T.note(triage.note),
  ];
  if (triage.outcome === 'needs_fix') lines.push(T.fixFollows);
  return sendFeedback(deps, report, {
    subject: T.outcomeSubject(report.title),
    intro: T.outcomeIntro(OOPS_KIND_LABELS[report.kind], report.title),
    lines,
  });
}

/** Tells the reporter how the fix their report led to was verified. */
export function sendVerificationFeedback(
  deps: FeedbackDeps,
  report: ReportRow,
  verification: FixVerification,
): Promise<void> {
  return sendFeedback(deps, report, {
    subject: T.verifiedSubject(report.title),
    intro: T.verifiedIntro(report.title),
    lines: [verification === 'effective' ? TRIAGE_TEXTS.fixVerified : TRIAGE_TEXTS.fixNotEffective],
  });
}

/** The report's columns feedback needs, of any team (the caller has checked the team). */
export const reportColumnsSql = sql`o.id, o.slug, o.title, o.kind, o.team_id, o.created_by, o.confidential`;
