import { lazy, Suspense, useState } from 'react';
import { ActionIcon, Anchor, Burger, Button, Group, Skeleton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { Plus } from 'lucide-react';
import { Link, NavLink as RouterNavLink, useLocation } from 'react-router';
import { useSession } from '../../lib/session/use-session';
import { ColorSchemeToggle } from './color-scheme-toggle';
import classes from './layout.module.css';
import { appNavItems, navMode, showsPresentationToggle } from './nav-model';

// Loaded on first open, like the How it Works dialog: wide screens never need the drawer's code.
const MobileMenu = lazy(async () => ({ default: (await import('./mobile-menu')).MobileMenu }));
const signedInNav = () => import('./signed-in-nav');
const NavSearch = lazy(async () => ({ default: (await signedInNav()).NavSearch }));
const PresentationToggle = lazy(async () => ({ default: (await signedInNav()).PresentationToggle }));
const UserMenu = lazy(async () => ({ default: (await signedInNav()).UserMenu }));
const SearchShortcuts = lazy(async () => ({ default: (await signedInNav()).SearchShortcuts }));
const SearchButton = lazy(async () => ({ default: (await signedInNav()).SearchButton }));

export function NavBar() {
  const { status, user } = useSession();
  const { pathname } = useLocation();
  const [menuOpened, menu] = useDisclosure(false);
  const [menuLoaded, setMenuLoaded] = useState(false);
  const toggleMenu = () => {
    setMenuLoaded(true);
    menu.toggle();
  };
  const mode = navMode(status, pathname);
  const items = mode === 'app' && user ? appNavItems(user) : [];
  const withPresentation = mode === 'app' && showsPresentationToggle(pathname);

  return (
    <Group h="100%" px={{ base: 'xs', xs: 'md' }} justify="space-between" wrap="nowrap" gap="sm">
      <Group wrap="nowrap" gap="sm">
        {mode === 'app' && (
          <Burger
            opened={menuOpened}
            onClick={toggleMenu}
            hiddenFrom="md"
            size="sm"
            aria-label={menuOpened ? 'Close menu' : 'Open menu'}
            aria-expanded={menuOpened}
          />
        )}
        <Anchor component={Link} to="/" className={classes.brand} underline="never">
          OopsBoard
        </Anchor>
        {items.length > 0 && (
          <Group component="nav" aria-label="Main" gap={4} visibleFrom="md" wrap="nowrap">
            {items.map((item) => (
              <RouterNavLink key={item.to} to={item.to} className={classes.navLink}>
                {item.label}
              </RouterNavLink>
            ))}
          </Group>
        )}
      </Group>

      <Group wrap="nowrap" gap="xs">
        {mode === 'app' && (
          <Group visibleFrom="md" gap="xs" wrap="nowrap">
            <Suspense fallback={null}>
              <NavSearch id="nav-search" />
              {withPresentation && <PresentationToggle />}
            </Suspense>
            <Button component={Link} to="/oops/new" leftSection={<Plus size={16} aria-hidden />}>
              Log Oops
            </Button>
          </Group>
        )}
        {mode === 'app' && (
          // Where the bar collapses into the menu, search and Log Oops stay one tap away (the menu repeats them).
          <Group hiddenFrom="md" gap="xs" wrap="nowrap">
            <Suspense fallback={<Skeleton height={34} width={34} radius="md" aria-hidden />}>
              <SearchButton />
            </Suspense>
            <ActionIcon component={Link} to="/oops/new" size="lg" aria-label="Log Oops" title="Log Oops">
              <Plus size={18} aria-hidden />
            </ActionIcon>
          </Group>
        )}
        {mode === 'landing' && (
          <Button component={Link} to="/signup">
            Get Started
          </Button>
        )}
        {mode === 'anonymous' && (
          <>
            <Button component={Link} to="/login" variant="default" size="sm">
              Log In
            </Button>
            <Button component={Link} to="/signup" size="sm">
              Sign Up
            </Button>
          </>
        )}
        {mode === 'loading' && <Skeleton height={34} width={120} radius="md" aria-hidden />}
        <ColorSchemeToggle />
        {(mode === 'app' || mode === 'landing') && user && (
          <Suspense fallback={<Skeleton height={34} width={34} circle aria-hidden />}>
            <UserMenu user={user} />
          </Suspense>
        )}
      </Group>

      {mode === 'app' && user && (
        <Suspense fallback={null}>
          <SearchShortcuts user={user} />
        </Suspense>
      )}
      {mode === 'app' && menuLoaded && (
        <Suspense fallback={null}>
          <MobileMenu
            opened={menuOpened}
            onClose={menu.close}
            items={items}
            withPresentationToggle={withPresentation}
          />
        </Suspense>
      )}
    </Group>
  );
}
