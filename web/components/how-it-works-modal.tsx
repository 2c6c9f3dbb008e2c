import { Button, Group, List, Modal, Stack, Text, Title } from '@mantine/core';

interface HowItWorksModalProps {
  opened: boolean;
  onClose: () => void;
}

/** The How it Works dialog of spec §2. Only the process outline for now; the full guide arrives with the dashboard. */
export function HowItWorksModal({ opened, onClose }: HowItWorksModalProps) {
  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title="How it Works"
      size="lg"
      closeButtonProps={{ 'aria-label': 'Close How it Works' }}
    >
      <Stack gap="sm">
        <Text>OopsBoard turns every setback into a lesson your team keeps.</Text>
        <Title order={3} size="h5">
          Capture, Reflect, Improve
        </Title>
        <List spacing="xs">
          <List.Item>
            <strong>Capture:</strong> log an incident, near-miss or learning moment as soon as it happens.
          </List.Item>
          <List.Item>
            <strong>Reflect:</strong> record the root cause, the impact and the lesson learned.
          </List.Item>
          <List.Item>
            <strong>Improve:</strong> watch the time since the last oops grow and your trends improve.
          </List.Item>
        </List>
        <Group justify="flex-end" mt="md">
          <Button onClick={onClose}>Got it!</Button>
        </Group>
      </Stack>
    </Modal>
  );
}
