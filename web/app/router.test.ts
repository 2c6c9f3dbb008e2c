// The router's pages are exactly the shared page table the server answers 200 for, so the server's 404 status and
// the SPA's not-found page agree (decision 029).
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_PATHS, isAppPage } from '../../common/domain/app-pages';
import { routes } from './router';

function pagePaths(list: RouteObject[], parent = ''): string[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : [parent, route.path].filter(Boolean).join('/');
    const full = own.replace(/^\/+/, '');
    if (route.children) return pagePaths(route.children, full);
    return [route.index ? parent.replace(/^\/+/, '') : full];
  });
}

describe('the route table', () => {
  it('has a page for every shared page path and no other, besides the catch-all not-found page', () => {
    const paths = pagePaths(routes);
    expect(paths.filter((p) => p !== '*').sort()).toEqual(Object.values(PAGE_PATHS).sort());
    expect(paths.filter((p) => p === '*')).toHaveLength(1);
  });

  it('matches paths as the router does', () => {
    for (const path of [
      '/',
      '/login',
      '/login/',
      '/LOGIN',
      '/oops/42-disk-full',
      '/oops/new',
      '/admin/audit',
    ]) {
      expect(isAppPage(path), path).toBe(true);
    }
    for (const path of [
      '/nope',
      '/oops/1/extra',
      '/admin/nope',
      '/login/sso/x',
      '/%E0%A4%A',
      '/assets/x.js',
    ]) {
      expect(isAppPage(path), path).toBe(false);
    }
  });
});
