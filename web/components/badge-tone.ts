// Filled badge shades that keep text contrast at WCAG AA (4.5:1) with Mantine's autoContrast picking black or white
// text: the default shades of orange and green fail with white text and yellow fails with either at shade 8+.
export type BadgeTone = 'red' | 'orange' | 'yellow' | 'green' | 'gray' | 'blue';

const SHADES: Record<BadgeTone, string> = {
  red: 'red.9',
  orange: 'orange.5',
  yellow: 'yellow.4',
  green: 'green.6',
  gray: 'gray.7',
  blue: 'blue.8',
};

/** Props for a filled <Badge> of this tone. */
// tt none: the spec's texts ('Today', '1d', 'Need data') show as written, not upper-cased.
export const badgeTone = (tone: BadgeTone) =>
  ({ color: SHADES[tone], variant: 'filled', autoContrast: true, tt: 'none' }) as const;
