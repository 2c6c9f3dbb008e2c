// The wall display (decision 050): what the office TV shows, how often it turns and refreshes, and the display
// tokens that sign a TV in. A display token belongs to the team and can do one thing: read the team's wall.

/** Every display token starts with this, so that secret scanners and log redaction recognise one. */
export const DISPLAY_TOKEN_PREFIX = 'oops_wall_';

/** Where the TV's browser keeps its display token after the first open (localStorage survives restarts). */
export const DISPLAY_TOKEN_STORAGE_KEY = 'oopsboardDisplayToken';
/** The URL fragment that carries the token on the first open: fragments never reach the server or a Referer. */
export const DISPLAY_TOKEN_FRAGMENT = 'token';

export const WALL_LIMITS = {
  /** Open incidents the wall lists (the count says how many there are in all). */
  openIncidents: 8,
  /** Weeks of the trend panel, each seven days back from now. */
  trendWeeks: 5,
  /** Display tokens one team may hold at once. */
  tokensPerTeam: 20,
  nameMax: 100,
  /** Characters of a token kept in clear to tell tokens apart in the list. */
  hintLength: 4,
  /** How long each panel stays on screen. */
  panelMs: 15_000,
  /** How often the wall asks for fresh figures. */
  refreshMs: 30_000,
  /** The lesson panel shows at most this much of a long lesson. */
  lessonChars: 280,
} as const;

export const WALL_TEXTS = {
  // Server texts.
  nameRequired: 'Display name is required.',
  nameTooLong: `Display name must be at most ${WALL_LIMITS.nameMax} characters.`,
  tooMany: `A team can hold at most ${WALL_LIMITS.tokensPerTeam} display tokens. Revoke one no screen uses first.`,
  notFound: 'Display token not found.',
  displayOnly: 'A display token can only show the wall: it cannot be used for anything else.',
  managersOnly: 'Only team owners and admins can manage display tokens.',
  // Team settings.
  sectionTitle: 'Wall display',
  intro:
    'Show the team’s timer, open incidents, trend and latest lesson on an office TV. Make a display URL, open it once on the TV, and it stays signed in to this wall only: it cannot see or change anything else.',
  namePlaceholder: 'Office TV',
  nameLabel: 'Screen name',
  create: 'Make display URL',
  created: 'Display URL made.',
  createFailed: 'Failed to make the display URL.',
  copyOnce:
    'Open this URL on the TV now (or copy it). You won’t be able to see it again; make a new one if it is lost.',
  copy: 'Copy URL',
  copied: 'Copied',
  empty: 'No display tokens yet.',
  loadFailed: 'Failed to load the display tokens.',
  revoke: 'Revoke',
  revoked: 'Display token revoked.',
  revokeFailed: 'Failed to revoke the display token.',
  revokeConfirm: (name: string) =>
    `Revoke "${name}"? The screen using it shows a sign-in message at its next refresh. This cannot be undone.`,
  neverUsed: 'Never used',
  openWall: 'Open the wall on this device',
  // The wall itself.
  loading: 'Loading the wall…',
  invalidTitle: 'This display link no longer works',
  invalidBody:
    'It was revoked or mistyped. Ask a team owner or admin to make a new display URL in Settings → Integrations → Wall display, then open it on this screen.',
  signedOutTitle: 'This screen is not signed in',
  signedOutBody:
    'Open the display URL from Settings → Integrations → Wall display on this screen, or sign in to see your team’s wall.',
  signIn: 'Sign in',
  useSessionInstead: 'Use my own sign-in instead',
  noTeamTitle: 'No team to show',
  noTeamBody: 'You do not belong to a team yet, so there is no wall to show.',
  failedTitle: 'The wall could not load',
  failedBody: 'OopsBoard did not answer. The wall tries again by itself every 30 seconds.',
  stale: 'Figures may be out of date: the last refresh failed.',
  timerLabel: 'Since the last incident',
  noIncidents: 'No incidents yet',
  openTitle: 'Open incidents',
  openNone: 'No open incidents',
  openMore: (n: number) => `and ${n} more`,
  trendTitle: 'Last 5 weeks',
  incidents: 'Incidents',
  nearMisses: 'Near-misses',
  lessonTitle: 'Latest lesson',
  lessonNone: 'No lessons captured yet',
} as const;
