// /profile: the account feature's page with the team feature's Team and Team Members panels and the tokens
// feature's API tokens panel (features do not import each other; pages compose them here).
import { Stack } from '@mantine/core';
import { ProfilePage } from '../features/account/profile-page';
import { MembersTab } from '../features/team/members-tab';
import { TeamTab } from '../features/team/team-tab';
import { IncidentTypesPanel } from '../features/team/incident-types-panel';
import { CustomFieldsPanel } from '../features/team/custom-fields-panel';
import { TokensTab } from '../features/tokens/tokens-tab';

export function ProfileRoute() {
  return (
    <ProfilePage
      teamPanel={
        // Members read the team's incident types and custom fields here; owners and admins edit them here and on /team.
        <Stack gap="lg">
          <TeamTab />
          <IncidentTypesPanel />
          <CustomFieldsPanel />
        </Stack>
      }
      membersPanel={(user) => <MembersTab user={user} />}
      tokensPanel={<TokensTab />}
    />
  );
}
