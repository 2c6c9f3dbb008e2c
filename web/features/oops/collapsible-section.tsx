import { useId, useState, type ReactNode } from 'react';
import { Collapse, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { ChevronDown } from 'lucide-react';
import classes from './new-oops.module.css';

/** An optional part of the form, closed until the user opens it. */
export function CollapsibleSection({
  title,
  hint,
  children,
}: {
  title: string;
  hint: string;
  children: ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  return (
    <Paper withBorder p="sm">
      <UnstyledButton
        className={classes.sectionToggle}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((o) => !o)}
      >
        <span>
          <Text component="span" fw={600} display="block">
            {title}
          </Text>
          <Text component="span" size="sm" c="dimmed" display="block">
            {hint}
          </Text>
        </span>
        <ChevronDown aria-hidden size={18} className={classes.chevron} data-open={open || undefined} />
      </UnstyledButton>
      <Collapse expanded={open} id={panelId} keepMounted={false}>
        <Stack gap="sm" pt="sm">
          {children}
        </Stack>
      </Collapse>
    </Paper>
  );
}
