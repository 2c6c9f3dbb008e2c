// Quick actions (docs/product.md §2, not in the default layout): tiles to the incident log, team stats and the profile.
import { Paper, SimpleGrid, Stack, Text, UnstyledButton } from '@mantine/core';
import { ChartColumn, List, UserRound } from 'lucide-react';
import { Link } from 'react-router';
import { Panel } from './panel';

const ACTIONS = [
  { to: '/oops', label: 'View Oops Log', icon: List },
  { to: '/dashboard', label: 'Team Stats', icon: ChartColumn },
  { to: '/profile', label: 'Profile', icon: UserRound },
] as const;

export function QuickActionsWidget() {
  return (
    <Panel id="quick-actions" title="Quick Actions">
      <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
        {ACTIONS.map(({ to, label, icon: Icon }) => (
          <UnstyledButton key={label} component={Link} to={to}>
            <Paper withBorder radius="md" p="md">
              <Stack align="center" gap={6}>
                <Icon size={24} aria-hidden />
                <Text fw={600} size="sm">
                  {label}
                </Text>
              </Stack>
            </Paper>
          </UnstyledButton>
        ))}
      </SimpleGrid>
    </Panel>
  );
}
