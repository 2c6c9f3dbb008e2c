// Query keys of triage (decision 049), in one place so an outcome refreshes the queue, the feedback and the report.
export const triageKeys = {
  all: ['triage'] as const,
  queue: () => [...triageKeys.all, 'queue'] as const,
  feedback: () => [...triageKeys.all, 'feedback'] as const,
};
