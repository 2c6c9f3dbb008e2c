import { describe, expect, it } from 'vitest';
import { MANAGER_ROLES } from '../../common/domain/options';
import { buildUser } from '../test/factories';
import { decideAccess } from './route-guard';

const signedIn = (overrides: Parameters<typeof buildUser>[0] = {}) => ({
  status: 'authenticated' as const,
  user: buildUser(overrides),
});

describe('decideAccess', () => {
  it('waits while the session loads instead of redirecting', () => {
    expect(decideAccess({ status: 'loading', user: null })).toEqual({ type: 'loading' });
    expect(decideAccess({ status: 'loading', user: null }, { superAdmin: true })).toEqual({
      type: 'loading',
    });
  });

  it('sends a signed-out visitor to /login, whatever the page needs', () => {
    const anonymous = { status: 'anonymous' as const, user: null };
    expect(decideAccess(anonymous)).toEqual({ type: 'redirect', to: '/login' });
    expect(decideAccess(anonymous, { superAdmin: true })).toEqual({ type: 'redirect', to: '/login' });
    expect(decideAccess(anonymous, { roles: MANAGER_ROLES })).toEqual({ type: 'redirect', to: '/login' });
  });

  it('lets any signed-in user into login-only pages', () => {
    expect(decideAccess(signedIn({ role: 'member' }))).toEqual({ type: 'allow' });
    expect(decideAccess(signedIn({ role: null }))).toEqual({ type: 'allow' });
  });

  it('sends a user without the super-admin flag to /unauthorized', () => {
    expect(decideAccess(signedIn({ role: 'owner' }), { superAdmin: true })).toEqual({
      type: 'redirect',
      to: '/unauthorized',
    });
    expect(decideAccess(signedIn({ is_super_admin: true }), { superAdmin: true })).toEqual({ type: 'allow' });
  });

  it('checks the role list of /team (owner, admin)', () => {
    expect(decideAccess(signedIn({ role: 'owner' }), { roles: MANAGER_ROLES })).toEqual({ type: 'allow' });
    expect(decideAccess(signedIn({ role: 'admin' }), { roles: MANAGER_ROLES })).toEqual({ type: 'allow' });
    expect(decideAccess(signedIn({ role: 'member' }), { roles: MANAGER_ROLES })).toEqual({
      type: 'redirect',
      to: '/unauthorized',
    });
    expect(decideAccess(signedIn({ role: null }), { roles: MANAGER_ROLES })).toEqual({
      type: 'redirect',
      to: '/unauthorized',
    });
  });
});
