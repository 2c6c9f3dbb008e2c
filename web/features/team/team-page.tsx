import { Anchor, Button, Container, List, Stack, Text, Title } from '@mantine/core';
import { UsersRound } from 'lucide-react';
import { Link } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { usePageTitle } from '../../lib/use-page-title';

/**
 * /team (owners and admins; the route guard enforces it). Spec §2 shows placeholder text only here; the team is
 * managed on the profile screen's Team and Team Members tabs, so this page points there.
 */
export function TeamPage() {
  usePageTitle('Team');
  const { user } = useSession();
  return (
    <Container size="sm" py="xl">
      <Stack gap="md">
        <Title order={1}>Team</Title>
        <Text>
          {user?.team ? (
            <>
              You are <strong>{user.role}</strong> of <strong>{user.team.name}</strong>.
            </>
          ) : (
            'Manage your team from your profile settings.'
          )}
        </Text>
        <List spacing="xs">
          <List.Item>Invite colleagues by e-mail and see pending invitations.</List.Item>
          <List.Item>Change other members&apos; roles and departments.</List.Item>
          <List.Item>Rename the team or change its industry (owners).</List.Item>
        </List>
        <Stack gap="xs" align="flex-start">
          <Button
            component={Link}
            to="/profile?tab=members"
            leftSection={<UsersRound size={16} aria-hidden />}
          >
            Manage team members
          </Button>
          <Anchor component={Link} to="/profile?tab=team">
            Team name and industry
          </Anchor>
        </Stack>
      </Stack>
    </Container>
  );
}
