import type { ReactNode } from 'react';
import { Container, Paper, Stack, Text, Title } from '@mantine/core';

interface AuthCardProps {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
}

/** The narrow card the sign-in and sign-up forms sit in. */
export function AuthCard({ title, subtitle, children }: AuthCardProps) {
  return (
    <Container size={480} py="xl" px="md">
      <Stack gap="xs" mb="lg" ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {subtitle && <Text c="dimmed">{subtitle}</Text>}
      </Stack>
      <Paper withBorder shadow="sm" p={{ base: 'md', sm: 'xl' }} radius="md">
        {children}
      </Paper>
    </Container>
  );
}
