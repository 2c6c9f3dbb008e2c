// What a mocked fetch was called with, read the way our transport sends it: a URL string (or URL or Request) and a
// JSON string body. Stringifying a Request or a stream body would give "[object …]", so these read them properly.

/** The URL (path and query as sent) of a fetch call's first argument. */
export function urlOf(input: RequestInfo | URL | undefined): string {
  if (input === undefined) return '';
  if (typeof input === 'string') return input;
  return input instanceof URL ? input.href : input.url;
}

/** A fetch call's JSON body, parsed; undefined when it sent none. */
export function jsonBodyOf(init: RequestInit | undefined): unknown {
  const body = init?.body;
  if (body === undefined || body === null) return undefined;
  if (typeof body !== 'string') throw new Error('The transport sends JSON bodies as strings.');
  return JSON.parse(body);
}
