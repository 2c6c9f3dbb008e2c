// The confidential reporter (decision 024) as other features use it: the key, the mask and who writes under it.
export {
  assertMayReportConfidentially,
  confidentialKeyFor,
  findConfidentialReporter,
  isConfidentialReporter,
  listReportedByMe,
  maskedActor,
  recordReporter,
  writerOn,
  writerOnId,
} from './confidential';
