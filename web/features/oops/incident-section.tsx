// One bordered section of the incident page, named by its heading.
import type { ReactNode } from 'react';
import { Paper, Title } from '@mantine/core';
import classes from './detail.module.css';

export function Section({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <Paper withBorder p="md" component="section" aria-labelledby={id} className={classes.section}>
      <Title order={2} size="h4" id={id} mb="sm">
        {title}
      </Title>
      {children}
    </Paper>
  );
}
