// Confidential near-miss reports as the incident pages offer and mark them (decision 024, decision 037).
export { useConfidentialAllowed } from './api/confidential-allowed';
export { useReportedByMe } from './api/reported-by-me';
export { ConfidentialOption } from './confidential-option';
