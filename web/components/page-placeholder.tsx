import type { ReactNode } from 'react';
import { Container, Stack, Text, Title } from '@mantine/core';
import { usePageTitle } from '../lib/use-page-title';

interface PagePlaceholderProps {
  title: string;
  children: ReactNode;
}

/** A page whose real content arrives with a later issue: its heading, one line, and nothing broken. */
export function PagePlaceholder({ title, children }: PagePlaceholderProps) {
  usePageTitle(title);
  return (
    <Container size="lg" py="xl">
      <Stack gap="sm">
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{children}</Text>
      </Stack>
    </Container>
  );
}
