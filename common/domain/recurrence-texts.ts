// Texts of recurrence (decision 019): related incidents, repeats and "repeated despite action". One place for
// the server's errors, the web and the tests.
export const RECURRENCE_TEXTS = {
  // Errors of the link calls.
  self: 'An incident cannot be linked to itself.',
  alreadyLinked: 'These incidents are already linked.',
  notLinked: 'These incidents are not linked.',
  repeatOfLater: 'An incident can only repeat an earlier one.',
  repeatOfUnknown: 'repeat_of must be an incident of your team.',
  tooMany: (max: number) => `At most ${max} related incidents.`,
  // The log screen's similar-incident list.
  repeatOf: (title: string) => `This is a repeat of “${title}”`,
  /** The visible button text; its accessible name (repeatOf) names the incident too. */
  repeatOfShort: 'This is a repeat',
  repeatChosen: (title: string) => `Will be logged as a repeat of “${title}”.`,
  clearRepeat: 'Not a repeat',
  // The detail page's section.
  sectionTitle: 'Related incidents',
  empty: 'No related incidents yet. Link incidents that share a cause, or mark this one as a repeat.',
  loading: 'Loading related incidents...',
  loadFailed: 'Failed to load related incidents',
  tryAgain: 'Try again',
  /** On a related incident that this one repeats, and on one that repeats this one. */
  repeatOfBadge: 'Earlier occurrence',
  repeatedByBadge: 'Later repeat',
  despiteAction: 'Repeated despite action',
  despiteActionHint:
    'This incident repeats an earlier one whose follow-up actions were all completed: the fix did not work.',
  linkLabel: 'Link an incident',
  linkPlaceholder: 'Search by words in it, or enter its number or link',
  searching: 'Searching…',
  noMatch: 'No other incident matches.',
  linkAsRepeat: 'This incident is a repeat of it',
  link: 'Link',
  unlink: (title: string) => `Unlink “${title}”`,
  linked: 'Incidents linked',
  unlinked: 'Link removed',
  badReference: 'Pick an incident from the list, or enter the number or link of one of your team.',
  closedHint: 'Reopen the incident to change its links.',
  // The executive report and dashboard.
  repeatRate: 'Repeat rate',
  repeatRateHint: (repeats: number, incidents: number) =>
    `${repeats} of ${incidents} incidents repeated an earlier one`,
  despiteCount: (n: number) => `${n} repeated despite completed actions`,
  nearMissRatio: 'Near-miss ratio',
  nearMissRatioHint: 'Near-misses logged per incident',
  chainsTitle: 'Repeat chains',
  chainsEmpty: 'No repeats in this period.',
} as const;
