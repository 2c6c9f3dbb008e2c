// A fetch stub that answers by "METHOD path" for the account and team screens' tests, recording each request body.
// An unexpected call answers 404 (never retried) so a test fails on its assertion rather than hanging.
import type { Mock } from 'vitest';
import { jsonResponse } from './render';
import { urlOf, jsonBodyOf } from './fetch-call';

export type Reply = Response | ((body: unknown) => Response | Promise<Response>);

export function routeFetch(fetchMock: Mock<typeof fetch>, routes: Record<string, Reply>) {
  const calls: { key: string; body: unknown }[] = [];
  fetchMock.mockImplementation(async (input, init) => {
    const key = `${init?.method ?? 'GET'} ${urlOf(input)}`;
    const body = jsonBodyOf(init);
    calls.push({ key, body });
    const reply = routes[key];
    if (!reply) return jsonResponse(404, { error: `unmocked ${key}` });
    // A Response body can be read once; clone so a route can answer repeatedly.
    return typeof reply === 'function' ? reply(body) : reply.clone();
  });
  return {
    calls,
    bodiesOf: (key: string) => calls.filter((c) => c.key === key).map((c) => c.body),
  };
}
