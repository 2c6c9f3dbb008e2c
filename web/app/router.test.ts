// The router's pages are exactly the shared page table the server answers 200 for, so the server's 404 status and
// the SPA's not-found page agree (decision 029).
import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PAGE_MODULES, PAGE_PATHS, pageOf, type PageKey } from '../../common/domain/app-pages';
import { routes } from './router';

/** Each page route with its full path, for the routes whose code loads lazily. */
function lazyPages(list: RouteObject[], parent = ''): { path: string; route: RouteObject }[] {
  return list.flatMap((route) => {
    const own = route.path === undefined ? parent : [parent, route.path].filter(Boolean).join('/');
    if (route.children) return lazyPages(route.children, own.replace(/^\/+/, ''));
    const path = route.index ? parent : own;
    return typeof route.lazy === 'function' && path !== '*'
      ? [{ path: path.replace(/^\/+/, ''), route }]
      : [];
  });
}

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
      expect(pageOf(path), path).not.toBeNull();
    }
    for (const path of [
      '/nope',
      '/oops/1/extra',
      '/admin/nope',
      '/login/sso/x',
      '/%E0%A4%A',
      '/assets/x.js',
    ]) {
      expect(pageOf(path), path).toBeNull();
    }
  });
});

describe('the page modules the server preloads', () => {
  it('name, for every lazy page, the module its component comes from', async () => {
    const keyOf = new Map<string, PageKey>(
      Object.entries(PAGE_PATHS).map(([key, path]) => [path, key as PageKey]),
    );
    const pages = lazyPages(routes);
    expect(pages.length).toBeGreaterThan(20);
    for (const { path, route } of pages) {
      const key = keyOf.get(path);
      const module = key && PAGE_MODULES[key];
      expect(module, path).toBeTruthy();
      const { Component } = await (route.lazy as () => Promise<RouteObject>)();
      const exports = (await import(/* @vite-ignore */ `../../${module}`)) as Record<string, unknown>;
      // A component exported by name, or from an exported table of them (the settings area's sub-pages).
      const components = Object.values(exports).flatMap((value) =>
        value && typeof value === 'object' ? Object.values(value) : [value],
      );
      expect(components, path).toContain(Component);
    }
    // Pages that only redirect have no module.
    expect(Object.keys(PAGE_MODULES).sort()).toEqual(pages.map(({ path }) => keyOf.get(path)!).sort());
    // Loads every page's code once: the transforms take time on a busy machine.
  }, 120_000);

  it('finds the page of a path, a fixed path before one with a parameter', () => {
    expect(pageOf('/oops/new')).toBe('oopsNew');
    expect(pageOf('/oops/42-disk-full')).toBe('oopsDetail');
    expect(pageOf('/Settings/Members/')).toBe('settingsMembers');
    expect(pageOf('/')).toBe('landing');
    expect(pageOf('/nope')).toBeNull();
  });
});
