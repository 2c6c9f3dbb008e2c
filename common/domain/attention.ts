// The dashboard's "Needs attention" panel and the new team's checklist (decision 038): texts, where each checklist
// step is done, and how an age reads.
import type { OnboardingStep } from '../contracts/dashboard-attention';

export const ATTENTION_TEXTS = {
  title: 'Needs attention',
  nothing: 'Nothing needs attention',
  nothingHint:
    'No open incidents, nothing waiting for review, no actions due and every closed incident has a lesson.',
  open: 'Open incidents',
  awaitingReview: 'Resolved, awaiting review',
  myActions: 'My actions due',
  withoutLesson: 'Closed without a lesson',
  more: (n: number) => `and ${n} more`,
  noOwner: 'No owner',
  overdue: 'Overdue',
  dueToday: 'Due today',
  failed: 'Failed to load what needs attention',
  checklistTitle: 'Get started',
  checklistHint: 'A few steps to get the most out of OopsBoard; each ticks itself once done.',
  dismiss: 'Dismiss',
  dismissFailed: 'Could not dismiss the checklist',
  done: 'Done',
  toDo: 'To do',
} as const;

/** Each checklist step: what it says and where it is done. */
export const ONBOARDING_STEP_TEXTS: Record<OnboardingStep, { label: string; to: string }> = {
  invite: { label: 'Invite teammates', to: '/profile?tab=members' },
  first_incident: { label: 'Log a first incident or near-miss', to: '/oops/new' },
  webhook: { label: 'Connect a webhook or Slack', to: '/team' },
  alerts: { label: 'Set up alert ingestion', to: '/profile?tab=tokens' },
  import: { label: 'Import your incident history', to: '/oops/import' },
};

/** Where each list's "and N more" leads. */
export const ATTENTION_MORE_LINKS = {
  open: '/oops?status=Open',
  awaiting_review: '/oops?status=Open',
  my_actions: '/actions',
  without_lesson: '/oops?status=Closed',
} as const;

/** A short age: "just now", "12m", "5h", "3d" (whole units, never negative). */
export function shortAge(fromIso: string, now: number): string {
  const minutes = Math.max(0, Math.floor((now - Date.parse(fromIso)) / 60_000));
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes}m`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return `${hours}h`;
  return `${Math.floor(hours / 24)}d`;
}
