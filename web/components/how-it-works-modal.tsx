import {
  Badge,
  Button,
  ColorSwatch,
  Group,
  List,
  Modal,
  SimpleGrid,
  Stack,
  Table,
  Text,
  ThemeIcon,
  Title,
} from '@mantine/core';
import { Lightbulb, NotebookPen, TrendingUp } from 'lucide-react';
import { timerColor, timerPulses } from '../../common/domain/dashboard';
import { IMPACT_POINTS } from '../../common/domain/impact';
import { HOW_IT_WORKS } from '../../common/domain/public-texts';

interface HowItWorksModalProps {
  opened: boolean;
  onClose: () => void;
}

const PROCESS_ICONS = [NotebookPen, Lightbulb, TrendingUp] as const;

/** The timer colour rule as day ranges, derived from timerColor itself so the guide cannot drift from the timer. */
export function timerColourBands(horizonDays = 400): { color: string; from: number; to: number | null }[] {
  const bands: { color: string; from: number; to: number | null }[] = [];
  for (let day = 0; day <= horizonDays; day++) {
    const color = timerColor(day);
    const last = bands.at(-1);
    if (last && last.color === color) last.to = day;
    else bands.push({ color, from: day, to: day });
  }
  const last = bands.at(-1);
  if (last) last.to = null;
  return bands;
}

const bandText = ({ from, to }: { from: number; to: number | null }) =>
  to === null ? `${from} or more days` : `${from}–${to} days`;

const capitalise = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The How it Works dialog of docs/product.md §2: process, key features, impact scores, timer colours, quick start. */
export function HowItWorksModal({ opened, onClose }: HowItWorksModalProps) {
  const pulseFrom = Array.from({ length: 400 }, (_, d) => d).find(timerPulses);
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="How it Works"
      size="xl"
      closeButtonProps={{ 'aria-label': 'Close How it Works' }}
    >
      <Stack gap="lg">
        <Text>{HOW_IT_WORKS.intro}</Text>

        <section aria-labelledby="hiw-process">
          <Title order={3} size="h5" id="hiw-process" mb="xs">
            Capture, Reflect, Improve
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            {HOW_IT_WORKS.process.map((step, i) => {
              const Icon = PROCESS_ICONS[i] ?? NotebookPen;
              return (
                <Group key={step.title} gap="sm" wrap="nowrap" align="flex-start">
                  <ThemeIcon variant="light" size="lg" radius="md" aria-hidden>
                    <Icon size={18} />
                  </ThemeIcon>
                  <div>
                    <Text fw={700}>
                      {i + 1}. {step.title}
                    </Text>
                    <Text size="sm" c="dimmed">
                      {step.text}
                    </Text>
                  </div>
                </Group>
              );
            })}
          </SimpleGrid>
        </section>

        <section aria-labelledby="hiw-features">
          <Title order={3} size="h5" id="hiw-features" mb="xs">
            Key features
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
            {HOW_IT_WORKS.features.map((f) => (
              <Text key={f.title} size="sm">
                <strong>{f.title}:</strong> {f.text}
              </Text>
            ))}
          </SimpleGrid>
        </section>

        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="lg">
          <section aria-labelledby="hiw-impact">
            <Title order={3} size="h5" id="hiw-impact" mb="xs">
              Impact score
            </Title>
            <Table withTableBorder striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Severity</Table.Th>
                  <Table.Th scope="col">Points</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {Object.entries(IMPACT_POINTS).map(([severity, points]) => (
                  <Table.Tr key={severity}>
                    <Table.Td>{capitalise(severity)}</Table.Td>
                    <Table.Td>{points.toFixed(1)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
            <Text size="xs" c="dimmed" mt={6}>
              Average impact is the total points divided by the number of incidents.
            </Text>
          </section>

          <section aria-labelledby="hiw-timer">
            <Title order={3} size="h5" id="hiw-timer" mb="xs">
              Timer colours
            </Title>
            <Stack gap="xs" component="ul" style={{ listStyle: 'none', margin: 0, padding: 0 }}>
              {timerColourBands().map((band) => (
                <Group key={band.color} gap="sm" component="li" wrap="nowrap">
                  <ColorSwatch color={`var(--mantine-color-${band.color}-filled)`} size={18} aria-hidden />
                  <Badge variant="default">{capitalise(band.color)}</Badge>
                  <Text size="sm">{bandText(band)} since the last incident</Text>
                </Group>
              ))}
            </Stack>
            {pulseFrom !== undefined && (
              <Text size="xs" c="dimmed" mt={6}>
                Above {pulseFrom - 1} days the timer pulses to celebrate the streak.
              </Text>
            )}
          </section>
        </SimpleGrid>

        <section aria-labelledby="hiw-start">
          <Title order={3} size="h5" id="hiw-start" mb="xs">
            Quick start
          </Title>
          <List type="ordered" spacing="xs" size="sm">
            {HOW_IT_WORKS.quickStart.map((step) => (
              <List.Item key={step}>{step}</List.Item>
            ))}
          </List>
        </section>

        <Group justify="flex-end">
          <Button onClick={onClose}>Got it!</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
