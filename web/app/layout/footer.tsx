import { ActionIcon, Anchor, Container, Group, Text } from '@mantine/core';
import { Globe, MessageCircle, Rss } from 'lucide-react';
import { Link } from 'react-router';

/** Where the Contact link writes to; an operator changes it with VITE_CONTACT_EMAIL at build time. */
const CONTACT_EMAIL = import.meta.env.VITE_CONTACT_EMAIL ?? 'contact@oopsboard.example';

// docs/product.md §2 asks for three placeholder social links; they point nowhere until the project has accounts.
const SOCIAL_LINKS = [
  { label: 'OopsBoard website (coming soon)', icon: Globe },
  { label: 'OopsBoard community (coming soon)', icon: MessageCircle },
  { label: 'OopsBoard news feed (coming soon)', icon: Rss },
] as const;

export function Footer() {
  const year = new Date().getFullYear();
  return (
    <Container size="lg" py="md">
      <Group justify="space-between" gap="sm">
        <Group gap="md" component="nav" aria-label="Footer">
          <Anchor href={`mailto:${CONTACT_EMAIL}`} size="sm">
            Contact
          </Anchor>
          <Anchor component={Link} to="/privacy" size="sm">
            Privacy Policy
          </Anchor>
          <Anchor component={Link} to="/terms" size="sm">
            Terms of Service
          </Anchor>
        </Group>
        <Group gap="xs">
          {SOCIAL_LINKS.map(({ label, icon: Icon }) => (
            <ActionIcon
              key={label}
              component="a"
              href="#"
              onClick={(event) => event.preventDefault()}
              variant="subtle"
              color="gray"
              size="lg"
              aria-label={label}
            >
              <Icon size={18} aria-hidden />
            </ActionIcon>
          ))}
        </Group>
        <Text size="sm" c="dimmed">
          © {year} OopsBoard
        </Text>
      </Group>
    </Container>
  );
}
