// Triage as other features use it (decision 037): the report's figures, and telling a reporter how their fix was
// verified (follow-up actions call it when a triage's action is verified).
export { feedbackDeps, type FeedbackDeps } from './feedback-mail';
export { triageFiguresOf, triageFiguresQuery, type TriageFiguresRow } from './figures';
export { notifyReporterOfVerification } from './verification';
