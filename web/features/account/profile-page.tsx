import { Anchor, Container, Stack, Tabs, Text, Title } from '@mantine/core';
import { Building2, KeyRound, MonitorSmartphone, UserRound, UsersRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { User } from '../../../common/contracts/auth';
import { useSession } from '../../lib/session/use-session';
import { usePageTitle } from '../../lib/use-page-title';
import { PasswordTab } from './password-tab';
import { ProfileTab } from './profile-tab';
import { SessionsTab } from './sessions-tab';

const TABS = ['profile', 'password', 'sessions', 'team', 'members'] as const;
type TabId = (typeof TABS)[number];

const isTab = (value: string | null): value is TabId => TABS.includes(value as TabId);

/** The Team and Team Members panels belong to the team feature; web/app/profile-route.tsx passes them in. */
export interface ProfilePageProps {
  teamPanel: ReactNode;
  membersPanel: (user: User) => ReactNode;
}

/**
 * The profile screen of docs/product.md §2: Profile, Password, Team, Team Members, plus Sessions. The tab is in the URL
 * (?tab=) to link to. Notifications and API tokens live in the settings area (decision 043).
 */
export function ProfilePage({ teamPanel, membersPanel }: ProfilePageProps) {
  usePageTitle('Profile Settings');
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const requested = params.get('tab');
  const tab: TabId = isTab(requested) ? requested : 'profile';
  // The route guard renders this page only with a signed-in user.
  if (!user) return null;

  const select = (value: string | null) => {
    if (!isTab(value)) return;
    setParams(value === 'profile' ? {} : { tab: value }, { replace: true });
  };

  return (
    <Container size="lg" py="xl">
      <Stack gap="lg">
        <div>
          <Title order={1}>Profile Settings</Title>
          <Text c="dimmed">
            Your profile, password, sessions and team. E-mail notifications, API tokens and the team&apos;s
            settings are in{' '}
            <Anchor component={Link} to="/settings">
              Settings
            </Anchor>
            .
          </Text>
        </div>
        <Tabs value={tab} onChange={select} keepMounted={false}>
          <Tabs.List>
            <Tabs.Tab value="profile" leftSection={<UserRound size={16} aria-hidden />}>
              Profile
            </Tabs.Tab>
            <Tabs.Tab value="password" leftSection={<KeyRound size={16} aria-hidden />}>
              Password
            </Tabs.Tab>
            <Tabs.Tab value="sessions" leftSection={<MonitorSmartphone size={16} aria-hidden />}>
              Sessions
            </Tabs.Tab>
            <Tabs.Tab value="team" leftSection={<Building2 size={16} aria-hidden />}>
              Team
            </Tabs.Tab>
            <Tabs.Tab value="members" leftSection={<UsersRound size={16} aria-hidden />}>
              Team Members
            </Tabs.Tab>
          </Tabs.List>
          <Tabs.Panel value="profile" pt="lg">
            <ProfileTab key={user.id} user={user} />
          </Tabs.Panel>
          <Tabs.Panel value="password" pt="lg">
            <PasswordTab />
          </Tabs.Panel>
          <Tabs.Panel value="sessions" pt="lg">
            <SessionsTab />
          </Tabs.Panel>
          <Tabs.Panel value="team" pt="lg">
            {teamPanel}
          </Tabs.Panel>
          <Tabs.Panel value="members" pt="lg">
            {membersPanel(user)}
          </Tabs.Panel>
        </Tabs>
      </Stack>
    </Container>
  );
}
