// /team for owners and admins (the route guard enforces it): a real team management page composed from the
// team feature's Team and Team Members panels and the webhooks feature's panel (features do not import each other; pages compose them here).
import { Container, Stack, Text, Title } from '@mantine/core';
import { MembersTab } from '../features/team/members-tab';
import { TeamTab } from '../features/team/team-tab';
import { IncidentTypesPanel } from '../features/team/incident-types-panel';
import { CustomFieldsPanel } from '../features/team/custom-fields-panel';
import { WebhooksPanel } from '../features/webhooks/webhooks-panel';
import { MANAGER_ROLES } from '../../common/domain/options';
import { PageLoader } from '../components/page-loader';
import { useSession } from '../lib/session/use-session';
import { usePageTitle } from '../lib/use-page-title';

export function TeamManagementPage() {
  usePageTitle('Team');
  const { user } = useSession();
  if (!user) return <PageLoader label="Loading your team" />;
  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Team</Title>
          {user.team && (
            <Text c="dimmed">
              You are {user.role} of {user.team.name}. Invite colleagues, manage roles and departments, and
              keep the team&apos;s details up to date.
            </Text>
          )}
        </div>
        <TeamTab />
        <MembersTab user={user} />
        <IncidentTypesPanel />
        <CustomFieldsPanel />
        {user.role && MANAGER_ROLES.includes(user.role) && <WebhooksPanel />}
      </Stack>
    </Container>
  );
}
