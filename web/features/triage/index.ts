// Triage as the app's pages compose it (decision 049, decision 037): the feedback a reporter reads on the dashboard.
export { FeedbackPanel } from './feedback-panel';
