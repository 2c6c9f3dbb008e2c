import { lazy, Suspense, useState } from 'react';
import { Menu, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { CircleHelp, FileBarChart, LayoutDashboard, ListChecks, LogOut, UserCog } from 'lucide-react';
import { Link } from 'react-router';
import type { User } from '../../../common/contracts/auth';
import { TeamSwitcherItems } from '../../components/team-switcher';
import { useSession } from '../../lib/session/use-session';
import { userMenuIdentity } from './nav-model';
import { UserAvatar } from './user-avatar';

const ICON = 16;

// Loaded on first open: the dialog (and Mantine's modal machinery) stays out of every page's first paint.
const HowItWorksModal = lazy(async () => ({
  default: (await import('../../components/how-it-works-modal')).HowItWorksModal,
}));

export function UserMenu({ user }: { user: User }) {
  const { signOut } = useSession();
  const [helpOpened, help] = useDisclosure(false);
  const [helpLoaded, setHelpLoaded] = useState(false);
  const openHelp = () => {
    setHelpLoaded(true);
    help.open();
  };
  const identity = userMenuIdentity(user);

  return (
    <>
      {/* No focus placeholder: it is a role=presentation child, which a role=menu may not contain (axe). */}
      <Menu position="bottom-end" width={240} withinPortal withInitialFocusPlaceholder={false}>
        <Menu.Target>
          <UnstyledButton aria-label="User menu" style={{ borderRadius: '50%' }}>
            <UserAvatar user={user} />
          </UnstyledButton>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Label>
            <Text component="div" fw={600} size="sm" c="bright" truncate="end" data-testid="user-menu-name">
              {identity.title}
            </Text>
            <Text component="div" size="xs" c="dimmed" data-testid="user-menu-role">
              {identity.role}
            </Text>
          </Menu.Label>
          <Menu.Divider />
          <TeamSwitcherItems />
          <Menu.Item
            component={Link}
            to="/dashboard"
            leftSection={<LayoutDashboard size={ICON} aria-hidden />}
          >
            Dashboard
          </Menu.Item>
          {user.role !== null && (
            <Menu.Item component={Link} to="/actions" leftSection={<ListChecks size={ICON} aria-hidden />}>
              My Actions
            </Menu.Item>
          )}
          <Menu.Item component={Link} to="/profile" leftSection={<UserCog size={ICON} aria-hidden />}>
            Profile Settings
          </Menu.Item>
          <Menu.Item
            component={Link}
            to="/executive-report"
            leftSection={<FileBarChart size={ICON} aria-hidden />}
          >
            Executive Report
          </Menu.Item>
          <Menu.Item onClick={openHelp} leftSection={<CircleHelp size={ICON} aria-hidden />}>
            How it Works
          </Menu.Item>
          <Menu.Divider />
          <Menu.Item onClick={() => void signOut()} leftSection={<LogOut size={ICON} aria-hidden />}>
            Sign out
          </Menu.Item>
        </Menu.Dropdown>
      </Menu>
      {helpLoaded && (
        <Suspense fallback={null}>
          <HowItWorksModal opened={helpOpened} onClose={help.close} />
        </Suspense>
      )}
    </>
  );
}
