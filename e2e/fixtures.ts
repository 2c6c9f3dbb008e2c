// Shared e2e helpers: unique users per test (no order dependence), API shortcuts for set-up that is not the subject
// of a test, and the axe check. The browser resolves no host but 127.0.0.1 (playwright.config.ts), so no run depends
// on the internet; no page asks another origin for anything (e2e/no-third-party.spec.ts watches for it).
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import AxeBuilder from '@axe-core/playwright';
import { linkIn, waitForMail } from './mailbox';

export const SUPER_ADMIN_EMAIL = process.env.E2E_SUPER_ADMIN_EMAIL ?? 'e2e-super-admin@example.test';
export const BASE_URL = `http://127.0.0.1:${process.env.E2E_PORT ?? 4317}`;
export const TOKEN_KEY = 'authToken';

export interface TestUser {
  name: string;
  username: string;
  teamName: string;
  email: string;
  password: string;
}

let counter = 0;

export function uniqueUser(overrides: Partial<TestUser> = {}): TestUser {
  counter += 1;
  const id = `${Date.now().toString(36)}${counter}${Math.random().toString(36).slice(2, 6)}`;
  return {
    name: `E2E Tester ${id}`,
    username: `e2e${id}`.slice(0, 32),
    teamName: `Team ${id}`,
    email: `e2e-${id}@example.test`,
    password: 'Str0ng!Passw0rd',
    ...overrides,
  };
}

export { expect, test };

/** Registers through the API (201) and signs in (200); returns the bearer token. */
export async function createAccount(page: Page, user: TestUser): Promise<string> {
  const register = await page.request.post('/api/auth/register', {
    data: {
      email: user.email,
      password: user.password,
      name: user.name,
      username: user.username,
      teamName: user.teamName,
      industry: 'Technology',
    },
  });
  if (register.status() !== 201 && register.status() !== 409) {
    throw new Error(`register failed: ${register.status()} ${await register.text()}`);
  }
  const login = await page.request.post('/api/auth/login', {
    data: { email: user.email, password: user.password },
  });
  expect(login.status(), await login.text()).toBe(200);
  return ((await login.json()) as { token: string }).token;
}

/**
 * Set-up, not the subject of a test: the owner invites `member` through the API, and the member registers with the
 * invitation token from the e-mail they received (the token is only there). The member then joins the owner's team.
 */
export async function joinByInvitation(page: Page, ownerToken: string, member: TestUser): Promise<void> {
  const since = Date.now();
  const invite = await page.request.post(`${BASE_URL}/api/team/current/invite`, {
    headers: { authorization: `Bearer ${ownerToken}` },
    data: { email: member.email },
  });
  expect(invite.status(), await invite.text()).toBe(200);
  const link = linkIn(await waitForMail(member.email, { since }), '/signup?invitation=');
  const invitationToken = new URL(link, BASE_URL).searchParams.get('invitation');
  const registered = await page.request.post(`${BASE_URL}/api/auth/register`, {
    data: {
      email: member.email,
      password: member.password,
      name: member.name,
      username: member.username,
      industry: 'Technology',
      invitationToken,
    },
  });
  expect(registered.status(), await registered.text()).toBe(201);
}

/** Makes every page of this context start signed in (the token lives in sessionStorage, docs/product.md §9). */
export async function startSignedIn(page: Page, token: string): Promise<void> {
  await page.addInitScript(
    ([key, value]) => {
      window.sessionStorage.setItem(key, value);
    },
    [TOKEN_KEY, token] as const,
  );
}

/**
 * Starts the app on a page the build drew (decision 054), which waits for the visitor's first move: a key press with
 * nothing focused is one that changes nothing on the page.
 */
export async function startApp(page: Page): Promise<void> {
  await page.keyboard.press('Shift');
  await expect(page.locator('html')).toHaveAttribute('data-app-started', '');
}

/** A page from browser.newContext(), which axe needs. */
export async function newIsolatedPage(
  browser: Browser,
  options: { colorScheme?: 'light' | 'dark'; width?: number } = {},
): Promise<Page> {
  const context = await browser.newContext({
    baseURL: BASE_URL,
    colorScheme: options.colorScheme ?? 'light',
    viewport: { width: options.width ?? 1280, height: 900 },
  });
  return context.newPage();
}

/** Fails on serious or critical axe violations, listing each with its first offending elements. */
export async function expectNoSeriousA11yViolations(page: Page, label: string): Promise<void> {
  // Menus and dialogs fade in: measured mid-transition, their text is too faint for axe's contrast rule. Wait until
  // every finite animation or transition has ended (a spinner's endless one is left running) and every menu or dialog
  // is fully opaque: Mantine starts the fade a frame or two after the overlay is in the page, so at first there is
  // an overlay at opacity 0 and no transition yet.
  await page.waitForFunction(() => {
    const opaque = (element: Element) => {
      for (let e: Element | null = element; e; e = e.parentElement)
        if (getComputedStyle(e).opacity !== '1') return false;
      return true;
    };
    return (
      [...document.querySelectorAll('[role="menu"], [role="dialog"]')].every(opaque) &&
      document
        .getAnimations()
        .every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity)
    );
  });
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const report = serious.map(
    (v) =>
      `${v.impact} ${v.id}: ${v.help}\n    ${v.nodes
        .slice(0, 3)
        .map((n) => `${n.target.join(' ')} — ${n.failureSummary?.replace(/\n/g, ' ')}`)
        .join('\n    ')}`,
  );
  expect(report, `axe on ${label}`).toEqual([]);
}

/** An incident the test needs but does not log through the form: one valid incident, with `fields` on top. */
export const OOPS_FIXTURE = {
  title: 'Checkout database outage',
  severity: 'High',
  description: 'The primary database ran out of connections during the sale.',
  area_department: 'Engineering',
};

/** Logs an incident through the API as the token's user; answers its id and id_slug. */
export async function logOops(
  request: APIRequestContext,
  token: string,
  fields: Record<string, unknown> = {},
): Promise<{ id: number; id_slug: string }> {
  const res = await request.post(`${BASE_URL}/api/oops`, {
    headers: { authorization: `Bearer ${token}` },
    data: { ...OOPS_FIXTURE, ...fields },
  });
  expect(res.status(), await res.text()).toBe(201);
  return (await res.json()) as { id: number; id_slug: string };
}
