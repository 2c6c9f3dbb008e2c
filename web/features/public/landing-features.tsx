import { Container, Paper, SimpleGrid, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import {
  BarChart3,
  ClipboardList,
  FileBarChart,
  FilePlus2,
  MonitorPlay,
  Timer,
  type LucideIcon,
} from 'lucide-react';
import { LANDING_FEATURES, LANDING_TEXTS } from '../../../common/domain/public-texts';
import classes from './landing.module.css';

const ICONS: Record<(typeof LANDING_FEATURES)[number]['key'], LucideIcon> = {
  timer: Timer,
  departments: BarChart3,
  presentation: MonitorPlay,
  logging: FilePlus2,
  tracking: ClipboardList,
  reporting: FileBarChart,
};

/** The six feature cards of docs/product.md §2. */
export function LandingFeatures() {
  return (
    <section aria-labelledby="features-title" className={classes.features}>
      <Container size="lg">
        <Stack gap="xl">
          <Title order={2} id="features-title" ta="center">
            {LANDING_TEXTS.featuresTitle}
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
            {LANDING_FEATURES.map((feature) => {
              const Icon = ICONS[feature.key];
              return (
                <Paper key={feature.key} withBorder p="lg" className={classes.featureCard}>
                  <Stack gap="sm">
                    <ThemeIcon size={44} radius="md" variant="light" aria-hidden>
                      <Icon size={24} />
                    </ThemeIcon>
                    <Title order={3} size="h4">
                      {feature.title}
                    </Title>
                    <Text c="dimmed">{feature.text}</Text>
                  </Stack>
                </Paper>
              );
            })}
          </SimpleGrid>
        </Stack>
      </Container>
    </section>
  );
}
