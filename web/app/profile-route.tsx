// /profile: the account feature's page with the team feature's Team and Team Members panels and the tokens
// feature's API tokens panel (features do not import each other; pages compose them here).
import { ProfilePage } from '../features/account/profile-page';
import { MembersTab } from '../features/team/members-tab';
import { TeamTab } from '../features/team/team-tab';
import { TokensTab } from '../features/tokens/tokens-tab';

export function ProfileRoute() {
  return (
    <ProfilePage
      teamPanel={<TeamTab />}
      membersPanel={(user) => <MembersTab user={user} />}
      tokensPanel={<TokensTab />}
    />
  );
}
