// Triage of near-misses and learning moments (decision 049): the just-culture outcomes, their words, the limits and
// the texts the queue, the reporter's notice and the e-mails share.
import type { OopsKind } from './oops-options';

export const TRIAGE_OUTCOMES = ['system_issue', 'needs_fix', 'training', 'no_action'] as const;
export type TriageOutcome = (typeof TRIAGE_OUTCOMES)[number];

export const TRIAGE_OUTCOME_LABELS: Record<TriageOutcome, string> = {
  system_issue: 'System issue',
  needs_fix: 'Needs a fix',
  training: 'Training',
  no_action: 'No action needed',
};

/** What each outcome means, as the triager picks it and the reporter reads it. */
export const TRIAGE_OUTCOME_HINTS: Record<TriageOutcome, string> = {
  system_issue: 'The system made this likely, not the person: noted for the team to learn from.',
  needs_fix: 'Something must change: a follow-up action is created on the report.',
  training: 'Knowing more would have helped: it goes into the team’s training.',
  no_action: 'Looked at; nothing needs to change.',
};

/** The kinds a triager looks at: reports of what almost happened or was learned, not incidents. */
export const TRIAGE_KINDS: readonly OopsKind[] = ['near_miss', 'learning_moment'];

export const TRIAGE_NOTE_MAX = 500;
/** The report's target: a report triaged within this many days of being logged. */
export const TRIAGE_TARGET_DAYS = 7;
/** The queue lists at most this many reports at once (oldest first); its total counts them all. */
export const TRIAGE_QUEUE_MAX = 100;
/** How far back "Feedback on your reports" looks. */
export const FEEDBACK_DAYS = 90;
/** Verification results of a fix, as the reporter is told of them. */
export const FIX_VERIFICATIONS = ['effective', 'not_effective'] as const;
export type FixVerification = (typeof FIX_VERIFICATIONS)[number];

export const TRIAGE_TEXTS = {
  navLabel: 'Triage',
  pageTitle: 'Triage',
  pageIntro:
    'New near-misses and learning moments, oldest first. Pick what each one needs and add a short note: the reporter is told, confidential reporters included, without anyone learning who they are.',
  empty: 'Nothing to triage: every near-miss and learning moment has an outcome.',
  loadFailed: 'Could not load the triage queue.',
  outcomeLegend: 'Outcome',
  noteLabel: 'Note to the reporter',
  noteDescription: `What happens next, in a sentence or two (at most ${TRIAGE_NOTE_MAX} characters). For "Needs a fix" it is the action's title too.`,
  ownerLabel: 'Action owner',
  ownerDescription: 'Who makes the fix; you, unless you pick someone else.',
  submit: 'Save outcome',
  saved: 'Outcome saved; the reporter is told.',
  saveFailed: 'Outcome not saved.',
  confidential: 'Confidential',
  more: (shown: number, total: number) => `Showing the oldest ${shown} of ${total}.`,
  feedbackTitle: 'Feedback on your reports',
  feedbackEmpty: 'No feedback on your reports yet.',
  feedbackLoadFailed: 'Could not load feedback on your reports.',
  fixVerified: 'The fix was verified as effective.',
  fixNotEffective: 'The fix was checked and did not work; the team is looking again.',
  fixPending: 'The fix is under way.',
} as const;

export const TRIAGE_MESSAGES = {
  managersOnly: 'Only owners and admins can triage reports.',
  notFound: 'Report not found.',
  notTriageable: 'Only near-misses and learning moments are triaged.',
  alreadyTriaged: 'This report has been triaged already.',
  ownerNotMember: 'The action owner must be a member of your team.',
  ownerOnlyForFix: 'An action owner is only chosen for "Needs a fix".',
  noteRequired: 'Note is required.',
  noteTooLong: `Note must be at most ${TRIAGE_NOTE_MAX} characters.`,
  outcome: 'Outcome must be system_issue, needs_fix, training or no_action.',
} as const;

/** The words of the reporter's feedback e-mails (server/features/triage/feedback-mail.ts). */
export const FEEDBACK_EMAIL_TEXTS = {
  outcomeSubject: (title: string) => `Feedback on your report "${title}"`,
  outcomeIntro: (kind: string, title: string) =>
    `Your ${kind.toLowerCase()} report "${title}" has been triaged. Thank you for reporting it.`,
  outcome: (label: string, hint: string) => `Outcome: ${label}. ${hint}`,
  note: (note: string) => `Note: ${note}`,
  fixFollows: 'You will hear from us again when the fix is verified.',
  stillConfidential: 'Your report stays confidential: nobody in the team was told who reported it.',
  verifiedSubject: (title: string) => `The fix for your report "${title}" was checked`,
  verifiedIntro: (title: string) => `The follow-up action from your report "${title}" was verified.`,
} as const;

/** The title of the follow-up action "needs a fix" creates: the note, cut at a word to the action title's 200. */
export function actionTitleOf(note: string, max = 200): string {
  const text = note.replace(/\s+/g, ' ').trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max / 2 ? cut.slice(0, space) : cut).trimEnd()}…`;
}
