// /profile: the account feature's page with the team feature's Team and Team Members panels (features do not import
// each other; pages compose them here). The tabs that moved to the settings area (decision 043) redirect there.
import { Anchor, Stack, Text } from '@mantine/core';
import { Link, Navigate, useSearchParams } from 'react-router';
import { PAGE_PATHS } from '../../common/domain/app-pages';
import { ProfilePage } from '../features/account/profile-page';
import { MembersTab } from '../features/team/members-tab';
import { TeamTab } from '../features/team/team-tab';
import { IncidentTypesPanel } from '../features/team/incident-types-panel';
import { CustomFieldsPanel } from '../features/team/custom-fields-panel';

const MOVED_TABS: Record<string, string> = {
  notifications: `/${PAGE_PATHS.settingsNotifications}`,
  tokens: `/${PAGE_PATHS.settingsIntegrations}`,
};

export function ProfileRoute() {
  const [params] = useSearchParams();
  const moved = MOVED_TABS[params.get('tab') ?? ''];
  if (moved) return <Navigate to={moved} replace />;
  return (
    <ProfilePage
      teamPanel={
        // The Team tab of docs/product.md §2 keeps its content; the settings area holds the same panels, one a page.
        <Stack gap="lg">
          <Text size="sm">
            Manage the team in{' '}
            <Anchor component={Link} to={`/${PAGE_PATHS.settingsGeneral}`}>
              Team settings
            </Anchor>
            .
          </Text>
          <TeamTab />
          <IncidentTypesPanel />
          <CustomFieldsPanel />
        </Stack>
      }
      membersPanel={(user) => <MembersTab user={user} />}
    />
  );
}
