import { Badge } from '@mantine/core';

/** Severity colours: the same scale the dashboard uses for its dots (Low calm, Critical loud). */
const COLORS: Record<string, string> = { Low: 'teal', Medium: 'yellow', High: 'orange', Critical: 'red' };

export function SeverityBadge({ severity }: { severity: string }) {
  // The tint carries the colour; the text is the scheme's strongest colour, as the light variant's coloured text
  // falls below WCAG AA contrast on its own tint.
  return (
    <Badge color={COLORS[severity] ?? 'gray'} variant="light" c="var(--mantine-color-bright)">
      {severity}
    </Badge>
  );
}

export function StatusBadge({ status }: { status: string | null | undefined }) {
  // A missing status counts as Open (spec §2).
  const value = status || 'Open';
  return (
    <Badge color={value === 'Closed' ? 'gray' : 'blue'} variant="outline">
      {value}
    </Badge>
  );
}
