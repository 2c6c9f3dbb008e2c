import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import {
  appNavItems,
  navMode,
  presentationToggleLabel,
  searchTarget,
  showsPresentationToggle,
  userMenuIdentity,
} from './nav-model';

describe('searchTarget', () => {
  it('goes to /oops with the trimmed, URL-encoded text', () => {
    expect(searchTarget('  db outage  ')).toBe('/oops?search=db%20outage');
    expect(searchTarget('a&b=c/#?')).toBe('/oops?search=a%26b%3Dc%2F%23%3F');
    expect(searchTarget('café')).toBe('/oops?search=caf%C3%A9');
  });

  it('does not search for empty or blank text', () => {
    expect(searchTarget('')).toBeNull();
    expect(searchTarget('   \t ')).toBeNull();
  });
});

describe('navMode', () => {
  it('shows Log In / Sign Up to signed-out visitors everywhere', () => {
    expect(navMode('anonymous', '/')).toBe('anonymous');
    expect(navMode('anonymous', '/terms')).toBe('anonymous');
  });
  it('shows the landing variant only on / when signed in', () => {
    expect(navMode('authenticated', '/')).toBe('landing');
    expect(navMode('authenticated', '/dashboard')).toBe('app');
    expect(navMode('authenticated', '/terms')).toBe('app');
  });
  it('decides nothing while the session loads', () => {
    expect(navMode('loading', '/dashboard')).toBe('loading');
  });
});

describe('appNavItems', () => {
  const labels = (user: ReturnType<typeof buildUser>) => appNavItems(user).map((item) => item.label);

  it('gives members Dashboard, Oops Log, My Actions and Lessons; someone in no team only the first two', () => {
    expect(labels(buildUser({ role: 'member' }))).toEqual(['Dashboard', 'Oops Log', 'My Actions', 'Lessons']);
    expect(labels(buildUser({ role: null }))).toEqual(['Dashboard', 'Oops Log']);
  });
  it('adds Triage and Team for owners and admins', () => {
    expect(labels(buildUser({ role: 'owner' }))).toEqual([
      'Dashboard',
      'Oops Log',
      'My Actions',
      'Lessons',
      'Triage',
      'Team',
    ]);
    expect(labels(buildUser({ role: 'admin' }))).toEqual([
      'Dashboard',
      'Oops Log',
      'My Actions',
      'Lessons',
      'Triage',
      'Team',
    ]);
  });
  it('adds Admin for super admins only', () => {
    expect(labels(buildUser({ role: 'member', is_super_admin: true }))).toEqual([
      'Dashboard',
      'Oops Log',
      'My Actions',
      'Lessons',
      'Admin',
    ]);
    expect(appNavItems(buildUser({ role: 'owner', is_super_admin: true })).map((i) => i.to)).toEqual([
      '/dashboard',
      '/oops',
      '/actions',
      '/lessons',
      '/triage',
      '/admin',
      '/team',
    ]);
  });
});

describe('presentation toggle', () => {
  it('is shown only on /dashboard', () => {
    expect(showsPresentationToggle('/dashboard')).toBe(true);
    expect(showsPresentationToggle('/oops')).toBe(false);
    expect(showsPresentationToggle('/')).toBe(false);
  });
  it('is titled per its state', () => {
    expect(presentationToggleLabel(false)).toBe('Presentation Mode');
    expect(presentationToggleLabel(true)).toBe('Exit Presentation Mode');
  });
});

describe('userMenuIdentity', () => {
  it("shows the name and the role, defaulting the role to 'member'", () => {
    expect(userMenuIdentity(buildUser({ name: 'Ada', role: 'owner' }))).toEqual({
      title: 'Ada',
      role: 'owner',
    });
    expect(userMenuIdentity(buildUser({ name: 'Ada', role: null }))).toEqual({
      title: 'Ada',
      role: 'member',
    });
  });
  it('falls back to the e-mail when the name is blank', () => {
    expect(userMenuIdentity(buildUser({ name: ' ', email: 'a@b.test' })).title).toBe('a@b.test');
  });
});
