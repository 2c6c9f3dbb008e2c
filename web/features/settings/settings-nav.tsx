// The settings area's navigation: a list of links beside the page on wide screens, a select above it on narrow ones.
// Both sit in one nav landmark; the current page's link carries aria-current="page" (react-router's NavLink sets it).
import { Box, NativeSelect, NavLink as MantineNavLink, Stack } from '@mantine/core';
import { NavLink, useLocation, useNavigate } from 'react-router';
import { SETTINGS_SECTIONS, sectionOf } from './settings-sections';

export function SettingsNav() {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const current = sectionOf(pathname);
  return (
    <Box component="nav" aria-label="Settings">
      <NativeSelect
        hiddenFrom="sm"
        label="Settings section"
        data={SETTINGS_SECTIONS.map((section) => ({ value: section.to, label: section.label }))}
        value={current?.to ?? SETTINGS_SECTIONS[0]!.to}
        onChange={(event) => void navigate(event.currentTarget.value)}
      />
      <Stack gap={4} visibleFrom="sm" component="ul" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {SETTINGS_SECTIONS.map(({ label, to, icon: Icon }) => (
          <li key={to}>
            <MantineNavLink
              component={NavLink}
              to={to}
              label={label}
              active={current?.to === to}
              leftSection={<Icon size={16} aria-hidden />}
              style={{ borderRadius: 'var(--mantine-radius-sm)' }}
            />
          </li>
        ))}
      </Stack>
    </Box>
  );
}
