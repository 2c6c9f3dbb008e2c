// Follow-up actions as other features use them (decision 037): creating an action on an incident (a triage outcome
// that needs a fix, say), reading an action's verification, and the repeat rule of verified fixes (decision 048).
export { createAction } from './actions';
export { readActionVerification, type ActionVerificationState } from './verification';
export { reopenVerifiedFixes } from './verification-repeat';
