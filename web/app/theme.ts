// The theme is tuned for WCAG AA contrast (axe must find nothing serious): Mantine's default shade 6 blue, gray-6
// "dimmed" text and red-6 errors fall below 4.5:1 on white, so darker shades are used in light mode and lighter
// ones in dark mode.
import { Anchor, createTheme, type CSSVariablesResolver } from '@mantine/core';

export const theme = createTheme({
  primaryColor: 'blue',
  primaryShade: { light: 8, dark: 8 },
  defaultRadius: 'md',
  cursorType: 'pointer',
  focusRing: 'auto',
  components: {
    // Links inside sentences must not rely on colour alone (WCAG 1.4.1), so they are always underlined.
    Anchor: Anchor.extend({ defaultProps: { underline: 'always' } }),
  },
});

export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': 'var(--mantine-color-gray-7)',
    '--mantine-color-error': 'var(--mantine-color-red-8)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-8)',
  },
  dark: {
    '--mantine-color-dimmed': 'var(--mantine-color-dark-1)',
    '--mantine-color-error': 'var(--mantine-color-red-4)',
    '--mantine-color-anchor': 'var(--mantine-color-blue-3)',
  },
});
