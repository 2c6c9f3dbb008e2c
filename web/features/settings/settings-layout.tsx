// The settings area: a heading, the sub-navigation and the current sub-page (an Outlet). The page title names the
// sub-page, so a screen reader hears where a navigation landed.
import { Box, Container, Flex, Stack, Text, Title } from '@mantine/core';
import { Outlet, useLocation } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';
import { SettingsNav } from './settings-nav';
import { sectionOf } from './settings-sections';

export function SettingsLayout() {
  const section = sectionOf(useLocation().pathname);
  usePageTitle(section ? `${section.label} · Settings` : 'Settings');
  return (
    // Wider than other pages: the sub-navigation takes a column and the member table needs its room beside it.
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Settings</Title>
          <Text c="dimmed">
            The team&apos;s details, members, lists and integrations, and your notifications.
          </Text>
        </div>
        <Flex
          direction={{ base: 'column', sm: 'row' }}
          align={{ base: 'stretch', sm: 'flex-start' }}
          gap="xl"
        >
          <Box w={{ base: '100%', sm: 220 }} style={{ flexShrink: 0 }}>
            <SettingsNav />
          </Box>
          {/* The panels bring their own headings and regions; the page title names the sub-page. */}
          <Box style={{ flex: 1, minWidth: 0 }}>
            <Outlet />
          </Box>
        </Flex>
      </Stack>
    </Container>
  );
}
