import { Badge } from '@mantine/core';
import type { Severity } from '../../../common/domain/options';

// Filled badges in shades whose white or black text (autoContrast) passes WCAG AA: every pair passes WCAG AA contrast in both
// schemes, and the printed text carries the meaning without colour.
const SHADES: Record<Severity, string> = {
  Low: 'blue.8',
  Medium: 'yellow.5',
  High: 'orange.6',
  Critical: 'red.9',
};

export function SeverityBadge({ severity }: { severity: string }) {
  return (
    <Badge color={SHADES[severity as Severity] ?? 'gray.7'} variant="filled" autoContrast>
      {severity}
    </Badge>
  );
}
