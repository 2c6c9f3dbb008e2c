// Texts of the public pages and the How it Works dialog (docs/product.md §1, §2), each defined once.
export const LANDING_TEXTS = {
  hero: 'Turn Setbacks Into Comebacks',
  tagline:
    'OopsBoard is where your team logs incidents, near-misses and learning moments, reflects on what happened, ' +
    'and watches the days since the last oops grow.',
  seeItInAction: 'See it in action',
  showcaseTitle: 'See OopsBoard in action',
  showcaseText:
    'A live timer since the last incident, department statistics and a timeline of everything your team has learned.',
  featuresTitle: 'Everything a team needs to learn from mistakes',
  videoLabel: 'OopsBoard demo: the dashboard, incident log and executive report',
  videoFallback: 'Your browser cannot play the demo video.',
  signIn: 'Sign In',
} as const;

export const LANDING_FEATURES = [
  {
    key: 'timer',
    title: 'Live Timer System',
    text: 'A live clock of the days, hours, minutes and seconds since the last incident, with streak badges.',
  },
  {
    key: 'departments',
    title: 'Department Analytics',
    text: 'See which departments have incidents, how long since the last one, and their average impact.',
  },
  {
    key: 'presentation',
    title: 'Presentation Mode',
    text: 'A full-screen wall display of the dashboard for the office screen or the team stand-up.',
  },
  {
    key: 'logging',
    title: 'Easy Incident Logging',
    text: 'Templates for common incident types suggest detection methods, impacts, root causes and lessons.',
  },
  {
    key: 'tracking',
    title: 'Comprehensive Tracking',
    text: 'Timelines, notes, action items and a completeness score keep every record useful.',
  },
  {
    key: 'reporting',
    title: 'Executive Reporting',
    text: 'A printable report of trends, time to resolve and recommendations for leadership meetings.',
  },
] as const;

export const HOW_IT_WORKS = {
  intro: 'OopsBoard turns every setback into a lesson your team keeps.',
  process: [
    { title: 'Capture', text: 'Log an incident, near-miss or learning moment as soon as it happens.' },
    {
      title: 'Reflect',
      text: 'Record the impact, the root cause and the lesson learned, and keep a timeline.',
    },
    { title: 'Improve', text: 'Follow up with actions and watch the time since the last oops grow.' },
  ],
  features: [
    { title: 'Live timer', text: 'Days since the last incident, ticking every second, with streak badges.' },
    { title: 'Incident templates', text: 'Suggestions per incident type make logging quick and consistent.' },
    {
      title: 'Department analytics',
      text: 'Totals, days since the last incident and average impact per department.',
    },
    {
      title: 'Executive report',
      text: 'Trends, time to resolve and recommendations, ready to print as a PDF.',
    },
  ],
  quickStart: [
    'Log your first incident with Log Oops in the navigation bar.',
    'Open it from the Oops Log and fill in the root cause and the lesson learned.',
    'Invite your team from Profile Settings, Team Members.',
    'Watch the dashboard and share the Executive Report with leadership.',
  ],
} as const;

/** Facts the legal pages promise (docs/product.md §1, §9); the pages import them so a change is made once. */
export const LEGAL = {
  lastUpdated: '2026-11-22',
  changeNoticeDays: 30,
} as const;
