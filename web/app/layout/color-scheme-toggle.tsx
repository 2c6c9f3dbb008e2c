import { ActionIcon, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { Moon, Sun } from 'lucide-react';
import { useHydrated } from '../../lib/use-hydrated';

export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: false });
  // Build-time pages are drawn light; the first render over them must be too (decision 054).
  const scheme = useHydrated() ? computed : 'light';
  const next = scheme === 'dark' ? 'light' : 'dark';
  const label = `Switch to ${next} mode`;
  return (
    <ActionIcon
      variant="default"
      size="lg"
      aria-label={label}
      title={label}
      onClick={() => setColorScheme(next)}
    >
      {scheme === 'dark' ? <Sun size={18} aria-hidden /> : <Moon size={18} aria-hidden />}
    </ActionIcon>
  );
}
