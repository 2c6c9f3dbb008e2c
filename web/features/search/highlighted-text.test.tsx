import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { buildUser } from '../../test/factories';
import { HighlightedText } from './highlighted-text';
import { matchingPages, palettePages } from './palette-pages';

describe('HighlightedText', () => {
  it('wraps the ranges in <mark> and keeps markup in the text as text', () => {
    const { container } = render(
      <p>
        <HighlightedText
          text="<b>Primary</b> Postgres ran out"
          ranges={[
            { start: 15, end: 23 },
            { start: 20, end: 22 },
            { start: 40, end: 50 },
          ]}
        />
      </p>,
    );
    expect(container.querySelectorAll('mark')).toHaveLength(1);
    expect(container.querySelector('mark')?.textContent).toBe('Postgres');
    expect(container.querySelector('b')).toBeNull();
    expect(container.textContent).toBe('<b>Primary</b> Postgres ran out');
  });
});

describe('palette pages', () => {
  it('offers the pages the navigation offers the user, filtered by name', () => {
    const member = palettePages(buildUser({ role: 'member', is_super_admin: false }));
    expect(member.map((p) => p.to)).not.toContain('/team');
    expect(member.map((p) => p.to)).toContain('/oops/new');
    expect(matchingPages(member, 'LESS').map((p) => p.label)).toEqual(['Lessons']);
    const owner = palettePages(buildUser({ role: 'owner' }));
    expect(owner.map((p) => p.to)).toContain('/team');
  });
});
