// Test data for the incident screens, typed from the contracts so a contract change breaks the tests at compile
// time; plus a fetch stub that answers by method and path. Imported by tests only.
import type { z } from 'zod';
import type { Action } from '../../common/contracts/actions';
import type { listOopsResponse, OopsDetail, OopsSummary } from '../../common/contracts/oops';
import { blankDetailFields, buildOopsSummary } from './oops-fields';
import { jsonResponse } from './render';
import { urlOf, jsonBodyOf } from './fetch-call';

export function buildDetail(overrides: Partial<OopsDetail> = {}): OopsDetail {
  return {
    ...buildOopsSummary(),
    ...blankDetailFields(),
    resolved_at: null,
    resolved_by: null,
    response_team_notified_at: null,
    stakeholders_notified_at: null,
    root_cause_identified: false,
    root_cause_identified_at: null,
    root_cause_identified_by: null,
    mitigation_deployed_at: null,
    process_updated_at: null,
    process_updated_by: null,
    postmortem_completed_at: null,
    notes: [],
    ...overrides,
  };
}

/** A GET /api/oops answer: one page holding every match unless the overrides say otherwise. */
export function listPage(
  oops: OopsSummary[],
  overrides: Partial<z.infer<typeof listOopsResponse>> = {},
): z.infer<typeof listOopsResponse> {
  return {
    oops,
    total: oops.length,
    matched: oops.length,
    matched_capped: false,
    next_cursor: null,
    ...overrides,
  };
}

export function buildAction(overrides: Partial<Action> = {}): Action {
  return {
    id: 1,
    oops_id: 7,
    title: 'Add connection pool alerts',
    owner_id: null,
    owner_name: null,
    due_date: null,
    status: 'open',
    completed_at: null,
    created_at: '2026-03-01T10:00:00.000Z',
    updated_at: '2026-03-01T10:00:00.000Z',
    verification_check: null,
    verify_on: null,
    verification: null,
    ...overrides,
  };
}

type Handler = (body: unknown, url: URL) => Response | Promise<Response>;

/**
 * A fetch stub: `routes` maps 'METHOD /path' (no query) to a handler; anything else answers 404 so a test sees
 * calls it did not expect. Every call is recorded with its parsed body.
 */
// A route is a Handler or a plain value to answer with (unknown covers both).
export function apiStub(routes: Record<string, unknown>) {
  const calls: { method: string; path: string; url: URL; body: unknown }[] = [];
  const fetchImpl = async (input: RequestInfo | URL, init?: RequestInit): Promise<Response> => {
    const url = new URL(urlOf(input), 'http://localhost');
    const method = init?.method ?? 'GET';
    const body = jsonBodyOf(init);
    calls.push({ method, path: url.pathname, url, body });
    const route = routes[`${method} ${url.pathname}`];
    if (route === undefined) return jsonResponse(404, { error: 'Not found.' });
    if (typeof route === 'function') return (route as Handler)(body, url);
    return jsonResponse(200, route);
  };
  return { fetchImpl, calls };
}

/** Mantine's autosizing Textarea listens to document.fonts, which jsdom lacks. */
export function stubDocumentFonts(): void {
  if ('fonts' in document && document.fonts) return;
  Object.defineProperty(document, 'fonts', {
    configurable: true,
    value: { addEventListener: () => {}, removeEventListener: () => {}, ready: Promise.resolve() },
  });
}
