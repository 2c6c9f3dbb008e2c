// The search's tsquery text and its highlighting (decision 040): the user's text never becomes tsquery syntax.
import { describe, expect, it } from 'vitest';
import { highlighted, tsQueryText } from './full-text';

describe('tsQueryText', () => {
  it.each([
    ['postgres disk', 'postgres & disk:*'],
    ['postgres disk ', 'postgres & disk'],
    ['"ran out" disk', '(ran <-> out) & disk:*'],
    ['"ran out', 'ran & out:*'],
    ["a & b | !c:* <-> 'x'", ''],
    ["o'brien & (x) | ab:*", 'brien & ab'],
    ['100% café 🔥', '100 & café'],
    ['%', ''],
  ])('%j → %j', (text, query) => {
    expect(tsQueryText(text)).toBe(query);
  });
});

describe('highlighted', () => {
  it('turns the markers into ranges and adds the substring matches, merged', () => {
    expect(highlighted('Primary \u0002Postgres\u0003 ran out', 'ran')).toEqual({
      text: 'Primary Postgres ran out',
      ranges: [
        [8, 16],
        [17, 20],
      ],
    });
    expect(highlighted('a_b and A_B', 'a_b').ranges).toEqual([
      [0, 3],
      [8, 11],
    ]);
  });
});
