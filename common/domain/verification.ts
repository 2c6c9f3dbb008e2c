// Verified fixes (decision 048): a done follow-up action may say how we will know it worked and the day to look
// again; on that day its owner is asked "Did it hold?". The states, limits and texts, for the server, the pages and
// the e-mail alike.

/** null (no verification planned), pending (waiting for the answer), verified, failed (it did not hold). */
export const VERIFICATION_STATES = ['pending', 'verified', 'failed'] as const;
export type VerificationState = (typeof VERIFICATION_STATES)[number];

export const VERIFICATION_LIMITS = { checkMax: 300, noteMax: 1000 } as const;

/** Done, pending and its day has come: the owner is asked (My Actions; the e-mail once). */
export function isVerificationDue(
  action: { status: string; verify_on: string | null; verification: { state: string } | null },
  today: string,
): boolean {
  return (
    action.status === 'done' &&
    action.verification?.state === 'pending' &&
    action.verify_on !== null &&
    action.verify_on <= today
  );
}

export const VERIFICATION_TEXTS = {
  question: 'Did it hold?',
  checkLabel: 'How we will know it worked',
  checkDescription: 'Optional: a check to look at later, e.g. "no disk-full alerts for 30 days".',
  verifyOnLabel: 'Check again on',
  yes: 'Yes, it held',
  no: 'No, it did not',
  noteLabel: 'What happened?',
  noteRequired: 'Say what happened: a note is required when the fix did not hold.',
  sendNo: 'Reopen the action',
  cancel: 'Cancel',
  sectionTitle: 'Did it hold?',
  sectionIntro: 'Fixes you marked done whose day to check has come. Say whether each one held.',
  sectionEmpty: 'No fixes are waiting for a check.',
  sectionLoading: 'Loading the fixes to check…',
  sectionFailed: 'The fixes to check could not be loaded.',
  verifiedToast: 'Marked as verified: the fix held.',
  failedToast: 'The action is open again with your note.',
  state: {
    pending: 'Check pending',
    verified: 'Verified',
    failed: "Didn't hold",
  } satisfies Record<VerificationState, string>,
  checkOn: (day: string) => `Check on ${day}`,
  verifiedBy: (who: string | null, day: string) =>
    who ? `Verified by ${who} on ${day}` : `Verified on ${day}`,
  failedNote: (note: string) => `Didn't hold: ${note}`,
  /** On the incident whose verified fix a later incident repeated. */
  repeatedBy: (id: number) => `A fix didn't hold: repeated by #${id}`,
  /** On the repeat itself. */
  repeats: (id: number, title: string) => `Repeats #${id}, whose fix "${title}" had been verified`,
  flagsLabel: 'Fixes that did not hold',
} as const;

export const VERIFICATION_ERRORS = {
  verifyOnPast: 'The day to check again must be today or later.',
  notAllowed: "Only the action's owner or a team owner or admin can say whether the fix held.",
  notWaiting: 'This action is not waiting for a check: mark it done with a day to check again first.',
  notDue: (day: string) => `This fix is checked from ${day}; come back then.`,
} as const;
