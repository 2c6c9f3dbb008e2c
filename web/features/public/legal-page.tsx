import type { ReactNode } from 'react';
import { Anchor, Container, List, Stack, Text, Title } from '@mantine/core';
import { LEGAL } from '../../../common/domain/public-texts';
import { usePageTitle } from '../../lib/use-page-title';
import classes from './legal.module.css';

export interface LegalSection {
  id: string;
  title: string;
  body: ReactNode;
}

/** A readable legal page: title, date, a contents list linking to each section, and the sections. */
export function LegalPage({
  title,
  intro,
  sections,
}: {
  title: string;
  intro: ReactNode;
  sections: LegalSection[];
}) {
  usePageTitle(title);
  const updated = new Date(`${LEGAL.lastUpdated}T00:00:00`).toLocaleDateString(undefined, {
    dateStyle: 'long',
  });
  return (
    <Container size="md" py="xl">
      <Stack gap="lg">
        <Stack gap={4}>
          <Title order={1}>{title}</Title>
          <Text c="dimmed" size="sm">
            Last updated: <time dateTime={LEGAL.lastUpdated}>{updated}</time>
          </Text>
        </Stack>
        <div className={classes.prose}>{intro}</div>
        <nav aria-label="Contents">
          <Title order={2} size="h4" mb="xs">
            Contents
          </Title>
          <List type="ordered" spacing={4}>
            {sections.map((s) => (
              <List.Item key={s.id}>
                <Anchor href={`#${s.id}`}>{s.title}</Anchor>
              </List.Item>
            ))}
          </List>
        </nav>
        {sections.map((s, i) => (
          <section key={s.id} id={s.id} aria-labelledby={`${s.id}-title`} className={classes.section}>
            <Title order={2} size="h3" id={`${s.id}-title`} mb="xs">
              {i + 1}. {s.title}
            </Title>
            <div className={classes.prose}>{s.body}</div>
          </section>
        ))}
      </Stack>
    </Container>
  );
}
