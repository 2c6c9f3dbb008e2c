import type { ReactNode } from 'react';
import { Group, Paper, Stack, Text, ThemeIcon } from '@mantine/core';

interface AdminStatCardProps {
  label: string;
  value: ReactNode;
  icon: ReactNode;
  color?: string;
}

export function AdminStatCard({ label, value, icon, color = 'blue' }: AdminStatCardProps) {
  return (
    <Paper withBorder p="md">
      <Group justify="space-between" wrap="nowrap" align="flex-start">
        <Stack gap={2}>
          <Text size="sm" fw={600} c="dimmed">
            {label}
          </Text>
          <Text fz={28} fw={700} lh={1.2} data-testid={`stat-${label}`}>
            {value}
          </Text>
        </Stack>
        <ThemeIcon variant="light" color={color} size="lg" radius="md" aria-hidden>
          {icon}
        </ThemeIcon>
      </Group>
    </Paper>
  );
}
