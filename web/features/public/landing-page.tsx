import { Button, Container, Stack, Text, Title } from '@mantine/core';
import { LogIn } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { usePageTitle } from '../../lib/use-page-title';

/** The landing hero. A ?token= link is a magic link sent to / (spec §2): it moves on to /verify, replacing history. */
export function LandingPage() {
  const [params] = useSearchParams();
  usePageTitle('');
  const token = params.get('token');
  if (token) return <Navigate to={`/verify?token=${encodeURIComponent(token)}`} replace />;

  return (
    <Container size="md" py={80}>
      <Stack align="center" gap="lg" ta="center">
        <Title order={1} fz={{ base: 36, sm: 52 }} lh={1.1}>
          Turn Setbacks Into Comebacks
        </Title>
        <Text size="lg" c="dimmed" maw={620}>
          OopsBoard helps your team log incidents, near-misses and learning moments, reflect on them together,
          and watch the days since the last oops grow.
        </Text>
        <Button component={Link} to="/login" size="lg" leftSection={<LogIn size={18} aria-hidden />}>
          Sign In
        </Button>
      </Stack>
    </Container>
  );
}
