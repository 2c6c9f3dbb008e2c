// Texts of the weekly digest: the e-mail, the unsubscribe page and the team's time zone setting.
// One place for the server's e-mail, the web pages and their tests.

export const DIGEST_TEXTS = {
  subject: (team: string, lastDay: string) => `${team}: your week on OopsBoard (to ${lastDay})`,
  greeting: (name: string, team: string) => `Hi ${name}, here is the week of ${team}.`,
  period: (first: string, last: string) => `Week of ${first} to ${last}`,
  streakHeading: 'Streak',
  streakDays: (days: number, badge: string) =>
    `${days} ${days === 1 ? 'day' : 'days'} since the last incident (${badge}).`,
  noIncidentYet: 'No incident logged yet.',
  bestStreak: (days: number) => `Best streak: ${days} ${days === 1 ? 'day' : 'days'}.`,
  loggedHeading: 'Logged this week',
  logged: (incidents: number, nearMisses: number) =>
    `${incidents} ${incidents === 1 ? 'incident' : 'incidents'} and ${nearMisses} ${nearMisses === 1 ? 'near-miss' : 'near-misses'}.`,
  nothingLogged: 'Nothing was logged this week.',
  completedHeading: (count: number) => `Actions completed this week (${count})`,
  overdueHeading: (count: number) => `Overdue actions (${count})`,
  lessonsHeading: (count: number) => `Lessons adopted this week (${count})`,
  whatChanged: (text: string) => `what changed: ${text}`,
  openLessons: 'Open the lessons library',
  repeatsHeading: (count: number) => `Repeats this week (${count})`,
  repeatedDespiteAction: (count: number) =>
    `${count} repeated despite completed follow-up actions: the fix did not hold.`,
  yours: 'yours',
  due: (date: string) => `due ${date}`,
  andMore: (count: number) => `and ${count} more`,
  openDashboard: 'Open the dashboard',
  openActions: 'Open My Actions',
  whyYouGetThis: (team: string) => `You get this e-mail because you are a member of ${team} on OopsBoard.`,
  unsubscribe: 'Unsubscribe from the weekly digest',
  settings: 'Change your e-mail settings',
} as const;

export const UNSUBSCRIBE_TEXTS = {
  pageTitle: 'Unsubscribe',
  working: 'Unsubscribing...',
  done: {
    digest: 'You will no longer get the weekly digest.',
    reminders: 'You will no longer get follow-up action reminders.',
    feedback: 'You will no longer get e-mails about feedback on your reports.',
  },
  undo: 'Changed your mind? Turn it back on in your profile.',
  openProfile: 'Open your e-mail settings',
  missingToken: 'This unsubscribe link is incomplete. Use the whole link from the e-mail.',
  invalidToken:
    'This unsubscribe link is not valid. Use the whole link from the e-mail, or change your e-mail settings in your profile.',
  failed: 'Could not unsubscribe.',
  tryAgain: 'Try again',
} as const;

export const TIME_ZONE_TEXTS = {
  heading: 'Weekly digest',
  label: 'Team time zone',
  description: 'The weekly digest goes out on Monday from 09:00 in this time zone.',
  placeholder: 'Search time zones',
  save: 'Save time zone',
  saving: 'Saving...',
  saved: 'Time zone saved.',
  saveFailed: 'Time zone not saved.',
  managersOnly: 'Only team owners and admins can change the time zone.',
  invalid: 'Choose a time zone from the list (an IANA name such as Europe/Paris).',
} as const;
