import type { ReactNode } from 'react';
import { Anchor, Group, Stack, Text, Title } from '@mantine/core';
import { ArrowLeft } from 'lucide-react';
import { Link } from 'react-router';

interface AdminPageHeaderProps {
  title: string;
  description: string;
  /** Sub-pages link back to the admin dashboard. */
  back?: boolean;
  children?: ReactNode;
}

export function AdminPageHeader({ title, description, back = true, children }: AdminPageHeaderProps) {
  return (
    <Stack gap="xs">
      {back && (
        <Anchor component={Link} to="/admin" size="sm" underline="hover">
          <Group gap={4} component="span">
            <ArrowLeft size={14} aria-hidden />
            Admin Dashboard
          </Group>
        </Anchor>
      )}
      <Group justify="space-between" align="flex-end" gap="md">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed">{description}</Text>
        </Stack>
        {children}
      </Group>
    </Stack>
  );
}
