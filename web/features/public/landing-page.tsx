import { useRef } from 'react';
import { Button, Container, Group, Stack, Text, Title } from '@mantine/core';
import { ArrowDown, LayoutDashboard, LogIn } from 'lucide-react';
import { Link, Navigate, useSearchParams } from 'react-router';
import { TIMINGS } from '../../../common/domain/options';
import { LANDING_TEXTS } from '../../../common/domain/public-texts';
import { useSession } from '../../lib/session/use-session';
import { usePageTitle } from '../../lib/use-page-title';
import { LandingFeatures } from './landing-features';
import { LandingShowcase } from './landing-showcase';
import classes from './landing.module.css';
import { videoLimitFrom } from './play-budget';
import { useSmoothScroll } from './use-smooth-scroll';

/** The landing page of docs/product.md §2. A ?token= link is a magic link sent to /: it moves on to /verify, replacing history. */
export function LandingPage() {
  const [params] = useSearchParams();
  usePageTitle('');
  const { user } = useSession();
  const showcase = useRef<HTMLElement>(null);
  const scrollTo = useSmoothScroll(TIMINGS.landingScrollMs);
  const token = params.get('token');
  if (token) return <Navigate to={`/verify?token=${encodeURIComponent(token)}`} replace />;
  const videoLimitMs = videoLimitFrom(params.get('videoLimitMs'), TIMINGS.demoVideoPauseMs);

  return (
    <>
      <section className={classes.hero} aria-labelledby="hero-title">
        <Container size="md">
          <Stack align="center" gap="lg" ta="center">
            <Title order={1} id="hero-title" fz={{ base: 36, sm: 56 }} lh={1.1}>
              {LANDING_TEXTS.hero}
            </Title>
            <Text size="lg" c="dimmed" maw={640}>
              {LANDING_TEXTS.tagline}
            </Text>
            <Group justify="center" gap="sm">
              {user ? (
                <Button
                  component={Link}
                  to="/dashboard"
                  size="lg"
                  leftSection={<LayoutDashboard size={18} aria-hidden />}
                >
                  Open Dashboard
                </Button>
              ) : (
                <Button component={Link} to="/login" size="lg" leftSection={<LogIn size={18} aria-hidden />}>
                  {LANDING_TEXTS.signIn}
                </Button>
              )}
              <Button
                size="lg"
                variant="default"
                onClick={() => scrollTo(showcase.current)}
                rightSection={<ArrowDown size={18} aria-hidden />}
                aria-controls="showcase"
              >
                {LANDING_TEXTS.seeItInAction}
              </Button>
            </Group>
          </Stack>
        </Container>
      </section>
      <LandingShowcase ref={showcase} videoLimitMs={videoLimitMs} />
      <LandingFeatures />
    </>
  );
}
