// Where to go after signing in: a path on this site only. `//host` and `/\host` are other sites to a browser, and
// an absolute URL could be anything, so both are refused (an open redirect would turn our sign-in into a phishing aid).
export const RETURN_TO_PATTERN = /^\/(?![/\\])[^\s]*$/;
export const RETURN_TO_MAX = 500;

/** The path itself when it is safe to go to after signing in, otherwise null. */
export function safeReturnTo(value: string | null | undefined): string | null {
  if (!value || value.length > RETURN_TO_MAX || !RETURN_TO_PATTERN.test(value)) return null;
  return value;
}
