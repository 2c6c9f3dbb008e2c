import { describe, expect, it } from 'vitest';
import { safeReturnTo } from './return-to';

describe('safeReturnTo', () => {
  it('keeps a path on this site with its query and hash', () => {
    expect(safeReturnTo('/oops/12-db-down?tab=notes#n3')).toBe('/oops/12-db-down?tab=notes#n3');
    expect(safeReturnTo('/')).toBe('/');
  });

  it('refuses other sites, absolute URLs, odd schemes and nothing', () => {
    for (const value of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'oops/12',
      '/oops 12',
      `/${'a'.repeat(600)}`,
      '',
      null,
      undefined,
    ]) {
      expect(safeReturnTo(value), String(value)).toBeNull();
    }
  });
});
