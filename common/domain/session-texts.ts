/** The readable cookie that says this browser has a remembered device (no secret in it). */
export const DEVICE_HINT_COOKIE = 'oopsboard_device';

// Texts of remembered devices and of the sign-ins list (decision 033), shared by the server and the web app.
export const SESSION_TEXTS = {
  rememberMe: 'Keep me signed in on this device',
  rememberHint: 'Opens links in new tabs without signing in again. Do not use on a shared computer.',
  /** On the sign-in page after a session ended (expired, or signed out elsewhere). */
  expired: 'Your session has expired. Please sign in again.',
  /** The refresh without a usable credential (none, unknown, or the account disabled). */
  notRemembered: 'This device is not signed in. Please sign in.',
  /** A replaced refresh credential presented again: the device is signed out everywhere it was copied to. */
  reused: 'This sign-in was used from somewhere else, so it has been ended. Please sign in again.',
  crossSite: 'Sessions can only be refreshed from OopsBoard itself.',
  notFound: 'Session not found.',
  unknownDevice: 'Unknown device',
  listFailed: 'Failed to load your sessions.',
  endFailed: 'Failed to sign out the session.',
  ended: 'Signed out of that session.',
  endedAll: 'Signed out everywhere.',
} as const;
