import { Button, Drawer, NavLink, Stack } from '@mantine/core';
import { Plus } from 'lucide-react';
import { Link, useLocation } from 'react-router';
import type { NavItem } from './nav-model';
import { NavSearch } from './nav-search';
import { PresentationToggle } from './presentation-toggle';

interface MobileMenuProps {
  opened: boolean;
  onClose: () => void;
  items: NavItem[];
  withPresentationToggle: boolean;
}

/** The narrow-screen menu: repeats the bar's links, search, presentation toggle and Log Oops (docs/product.md §2). */
export function MobileMenu({ opened, onClose, items, withPresentationToggle }: MobileMenuProps) {
  const { pathname } = useLocation();
  return (
    <Drawer
      opened={opened}
      onClose={onClose}
      title="Menu"
      size="xs"
      hiddenFrom="md"
      closeButtonProps={{ 'aria-label': 'Close menu' }}
    >
      <Stack gap="md">
        <nav aria-label="Mobile">
          {items.map((item) => (
            <NavLink
              key={item.to}
              component={Link}
              to={item.to}
              label={item.label}
              active={pathname === item.to || pathname.startsWith(`${item.to}/`)}
              aria-current={pathname === item.to ? 'page' : undefined}
              onClick={onClose}
            />
          ))}
        </nav>
        <NavSearch id="mobile-search" onNavigate={onClose} />
        {withPresentationToggle && <PresentationToggle withLabel onToggle={onClose} />}
        <Button
          component={Link}
          to="/oops/new"
          leftSection={<Plus size={16} aria-hidden />}
          onClick={onClose}
        >
          Log Oops
        </Button>
      </Stack>
    </Drawer>
  );
}
