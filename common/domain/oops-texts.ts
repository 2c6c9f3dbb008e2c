// Texts of the incident screens (docs/product.md §2, §4, §8) that oops-options.ts does not already hold, each defined once so
// pages and tests use the same words. Field labels live in the field table (oops-fields.ts).

/** A count as the list shows it, grouped the same way for every viewer: 12,345. */
const count = (n: number) => n.toLocaleString('en-US');

export const OOPS_TEXTS = {
  // Log incident screen
  descriptionHint: 'Minimum 10 characters',
  createErrorInline: (message: string) => `Error: ${message}`,
  logging: 'Logging...',
  logIncident: 'Log Incident',
  similarHeading: 'Similar past incidents',
  // Incident list
  totalIncidents: 'Total Incidents',
  /** `capped`: the server stopped counting at its cap (MATCHED_COUNT_CAP), so matched is a floor: "10,000+". */
  showing: (shown: number, matched: number, search?: string, capped = false) =>
    `Showing ${count(shown)} of ${count(matched)}${capped ? '+' : ''} incidents${search ? ` matching “${search}”` : ''}`,
  loading: 'Loading...',
  /** While the incident's sections below its first screen load. */
  loadingRest: 'Loading the timeline, actions and notes...',
  completenessLabel: 'Event Data Collected',
  noMatches: 'No incidents match these filters.',
  loadMore: 'Load more',
  // Incident detail
  editTip: 'Tip: click any field to edit it. Enter saves, Escape cancels.',
  dismissTip: 'Dismiss tip',
  notAuthenticated: 'You are not signed in, so this incident cannot be edited.',
  errorTitle: 'Oops! Something went wrong',
  backToList: 'Back to Oops Log',
  reopenButton: 'Reopen for Edits',
  reopenFailed: (message: string) => `Failed to reopen incident: ${message}`,
  reopenMembersHint: 'Only a team owner or admin can reopen it.',
  // Inline save (docs/product.md §8)
  loginToEdit: 'Please log in to edit fields',
  authFailed: 'Authentication failed. Please log in again.',
  notFoundOrDenied: 'Oops not found or access denied. Please check your permissions.',
  saveFailed: (message: string) => `Failed to save: ${message}`,
  fieldUpdated: (label: string) => `${label} updated successfully!`,
  requiredNotSaved: (label: string) => `${label} is required, so the empty value was not saved.`,
  // Batch save (docs/product.md §8)
  batchUpdated: (n: number) => `${n} fields updated successfully!`,
  batchFailed: (message: string) => `Failed to save updates: ${message}`,
  // Timeline (docs/product.md §8: shown as an alert)
  timelineFailed: (verb: 'add' | 'update' | 'delete' | 'reorder') =>
    `Failed to ${verb} timeline event. Please try again.`,
  confirmDeleteEvent: (name: string) => `Are you sure you want to delete the event "${name}"?`,
  timelineSummary: (count: number, hours: number) =>
    `${count} ${count === 1 ? 'event' : 'events'} spanning ${hours} ${hours === 1 ? 'hour' : 'hours'}`,
  // Notes and actions
  noteAdded: 'Note added.',
  noteFailed: (message: string) => `Failed to add note: ${message}`,
  noNotes: 'No notes yet.',
  noteHint: 'Markdown: **bold**, _italic_, `code`, - lists, > quotes and [links](https://example.com).',
  noActions: 'No follow-up actions yet.',
  actionFailed: (message: string) => `Failed to save the action: ${message}`,
  exportFailed: (message: string) => `Export failed: ${message}`,
} as const;
