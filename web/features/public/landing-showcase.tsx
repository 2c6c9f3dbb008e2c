import type { Ref } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { useReducedMotion } from '@mantine/hooks';
import { LANDING_TEXTS } from '../../../common/domain/public-texts';
import classes from './landing.module.css';
import { useDemoVideo } from './use-demo-video';

/** Files under public/ (copied to the build by Vite): WebM first, MP4 as the fallback, and the poster. */
export const DEMO_MEDIA = {
  webm: '/demo.webm',
  mp4: '/demo.mp4',
  poster: '/demo-poster.jpg',
} as const;

interface LandingShowcaseProps {
  videoLimitMs: number;
  ref: Ref<HTMLElement>;
}

/** The showcase the hero's button scrolls to: the demo video (docs/product.md §2) and what it shows. */
export function LandingShowcase({ videoLimitMs, ref }: LandingShowcaseProps) {
  // Moving pictures that start by themselves are what reduced-motion users asked not to get; they can press play.
  const reduceMotion = useReducedMotion(undefined, { getInitialValueInEffect: false });
  const video = useDemoVideo(videoLimitMs, !reduceMotion);
  return (
    <section
      id="showcase"
      ref={ref}
      tabIndex={-1}
      aria-labelledby="showcase-title"
      className={classes.showcase}
    >
      <Container size="lg">
        <Stack gap="lg" align="center">
          <Title order={2} id="showcase-title" ta="center">
            {LANDING_TEXTS.showcaseTitle}
          </Title>
          <Text c="dimmed" ta="center" maw={680} id="showcase-description">
            {LANDING_TEXTS.showcaseText}
          </Text>
          <div className={classes.videoFrame} style={{ width: '100%', maxWidth: 960 }}>
            <video
              ref={video}
              className={classes.video}
              muted
              loop
              playsInline
              controls
              // Nothing of the video is fetched before it plays: it starts by itself once on screen (decision 029).
              preload="none"
              poster={DEMO_MEDIA.poster}
              aria-label={LANDING_TEXTS.videoLabel}
              aria-describedby="showcase-description"
              data-testid="demo-video"
            >
              <source src={DEMO_MEDIA.webm} type="video/webm" />
              <source src={DEMO_MEDIA.mp4} type="video/mp4" />
              {LANDING_TEXTS.videoFallback}
            </video>
          </div>
        </Stack>
      </Container>
    </section>
  );
}
