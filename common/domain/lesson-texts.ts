// Texts of the lessons library (/lessons): one place for the server's messages, the page, tests and E2E.

/** captured → adopted (what changed, who, when) → verified (who, when); decision 020. */
export const LESSON_STATES = ['captured', 'adopted', 'verified'] as const;
export type LessonState = (typeof LESSON_STATES)[number];

export const LESSON_STATE_LABELS: Record<LessonState, string> = {
  captured: 'Captured',
  adopted: 'Adopted',
  verified: 'Verified',
};

export const LESSON_LIMITS = {
  whatChangedMax: 2_000,
  searchMax: 200,
  pageMax: 100,
  incidentsShown: 10,
} as const;

export const LESSON_MESSAGES = {
  notFound: 'Lesson not found.',
  managersOnly: 'Only team owners and admins can adopt, verify or merge lessons.',
  whatChangedRequired: 'Say what changed (a runbook, a check, a process) to adopt the lesson.',
  whatChangedNeedsAdoption: 'Adopt the lesson to record what changed.',
  verifyNeedsAdoption: 'A lesson must be adopted before it is verified.',
  oneStepBack: 'A lesson goes back one step at a time: verified to adopted, adopted to captured.',
  mergeIntoItself: 'A lesson cannot be merged into itself.',
  mergeTargetNotFound: 'The lesson to merge into was not found.',
} as const;

export const LESSON_TEXTS = {
  pageTitle: 'Lessons',
  intro:
    "Every lesson learned across the team's incidents. Adopt a lesson when something changed because of it, verify it when a later review shows it held.",
  searchLabel: 'Search lessons',
  searchPlaceholder: 'Search lessons and what changed',
  stateLabel: 'State',
  anyState: 'All states',
  typeLabel: 'Type',
  anyType: 'All types',
  departmentLabel: 'Department',
  anyDepartment: 'All departments',
  tagLabel: 'Tag',
  tagPlaceholder: 'Any tag',
  periodLabel: 'Period',
  anyPeriod: 'All time',
  loading: 'Loading...',
  loadFailed: 'Failed to load lessons',
  tryAgain: 'Try again',
  empty: 'No lessons yet. A lesson is captured when an incident\u2019s "Lesson learned" is filled in.',
  emptyFiltered: 'No lessons match these filters.',
  showing: (shown: number, matched: number) => `Showing ${shown} of ${matched} lessons`,
  loadMore: 'Show more',
  incidents: (n: number) => (n === 1 ? '1 incident' : `${n} incidents`),
  whatChanged: 'What changed',
  adoptedBy: (who: string, when: string) => `Adopted by ${who} on ${when}`,
  verifiedBy: (who: string, when: string) => `Verified by ${who} on ${when}`,
  someone: 'a former member',
  adopt: 'Adopt',
  adoptLabel: (text: string) => `Adopt lesson: ${text}`,
  adoptTitle: 'Adopt lesson',
  whatChangedHint: 'For example: "Added a runbook for failover" or "Added a disk-space check".',
  save: 'Save',
  cancel: 'Cancel',
  verify: 'Verify',
  verifyLabel: (text: string) => `Verify lesson: ${text}`,
  undo: 'Step back',
  undoLabel: (text: string) => `Step back: ${text}`,
  merge: 'Merge',
  mergeLabel: (text: string) => `Merge lesson: ${text}`,
  mergeTitle: 'Merge into another lesson',
  mergeHint: 'Its incidents move to the lesson you pick; this lesson disappears from the list.',
  mergeTarget: 'Merge into',
  mergeTargetPlaceholder: 'Pick a lesson',
  changed: (state: string) => `Lesson is now ${state.toLowerCase()}.`,
  merged: 'Lessons merged.',
  changeFailed: (reason: string) => `Could not change the lesson. ${reason}`,
  similarTitle: 'Lessons from similar incidents',
  openLibrary: 'Open the lessons library',
} as const;
