import {
  ActionIcon,
  Box,
  useComputedColorScheme,
  useMantineColorScheme,
  VisuallyHidden,
} from '@mantine/core';
import { Moon, Sun } from 'lucide-react';

/**
 * Both faces of the toggle are in the markup, and the stylesheet shows the one for the scheme named on <html> (set
 * before the first paint by public/before-app.js). So a page drawn at build time in the light scheme (decision 054)
 * shows a dark-scheme visitor the right icon and name before the app has started, and hydration has nothing to mend.
 */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  return (
    <ActionIcon
      variant="default"
      size="lg"
      onClick={() => setColorScheme(computed === 'dark' ? 'light' : 'dark')}
    >
      <Box component="span" darkHidden title="Switch to dark mode" lh={0}>
        <Moon size={18} aria-hidden />
        <VisuallyHidden>Switch to dark mode</VisuallyHidden>
      </Box>
      <Box component="span" lightHidden title="Switch to light mode" lh={0}>
        <Sun size={18} aria-hidden />
        <VisuallyHidden>Switch to light mode</VisuallyHidden>
      </Box>
    </ActionIcon>
  );
}
