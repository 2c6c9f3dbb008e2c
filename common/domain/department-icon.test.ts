import { describe, expect, it } from 'vitest';
import { DEFAULT_DEPARTMENT_ICON, departmentIcon } from './department-icon';
import { FALLBACK_DEPARTMENTS } from './options';

describe('departmentIcon (docs/product.md §2: icon by keywords in the department name)', () => {
  it('gives each default department its own icon, and General the default one', () => {
    const icons = Object.fromEntries(FALLBACK_DEPARTMENTS.map((d) => [d, departmentIcon(d)]));
    expect(icons).toEqual({
      Engineering: 'code',
      Product: 'package',
      Design: 'palette',
      Support: 'headset',
      Sales: 'trending-up',
      Marketing: 'megaphone',
      Operations: 'settings',
      Security: 'shield',
      HR: 'users',
      Finance: 'wallet',
      General: DEFAULT_DEPARTMENT_ICON,
    });
  });

  it('reads keywords anywhere in free-form names, whatever the case', () => {
    expect(departmentIcon('Platform Engineering')).toBe('settings');
    expect(departmentIcon('backend engineering')).toBe('code');
    expect(departmentIcon('Customer Success')).toBe('headset');
    expect(departmentIcon('customerSuccess')).toBe('headset');
    expect(departmentIcon('Data & Analytics')).toBe('database');
    expect(departmentIcon('DevOps')).toBe('settings');
    expect(departmentIcon('InfoSec')).toBe('shield');
    expect(departmentIcon('People Ops')).toBe('users');
    expect(departmentIcon('Accounting')).toBe('wallet');
    expect(departmentIcon('Account Management')).toBe('trending-up');
    expect(departmentIcon('QA')).toBe('check-circle');
    expect(departmentIcon('Legal')).toBe('scale');
    expect(departmentIcon('UX Research')).toBe('palette');
  });

  it('matches short keywords only as whole words', () => {
    // "it" inside "Digital", "hr" inside "Three", "pr" inside "Procurement" must not decide the icon.
    expect(departmentIcon('IT')).toBe('settings');
    expect(departmentIcon('Digital')).toBe(DEFAULT_DEPARTMENT_ICON);
    expect(departmentIcon('Three')).toBe(DEFAULT_DEPARTMENT_ICON);
    expect(departmentIcon('Procurement')).toBe('wallet');
    expect(departmentIcon('Careers')).toBe(DEFAULT_DEPARTMENT_ICON);
  });

  it('falls back to the default icon for unknown and empty names', () => {
    expect(departmentIcon('Kitchen')).toBe(DEFAULT_DEPARTMENT_ICON);
    expect(departmentIcon('')).toBe(DEFAULT_DEPARTMENT_ICON);
    expect(departmentIcon('  --  ')).toBe(DEFAULT_DEPARTMENT_ICON);
  });
});
