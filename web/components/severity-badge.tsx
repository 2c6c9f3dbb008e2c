import { Badge } from '@mantine/core';
import { severityColor } from '../../common/domain/severity';
import { badgeTone } from './badge-tone';

/**
 * A severity, coloured like the timeline's dots (common/domain/severity.ts) in shades whose text passes WCAG AA in
 * both colour schemes; the word is always printed, so the meaning survives black-and-white print and colour blindness.
 */
export function SeverityBadge({
  severity,
  size = 'sm',
}: {
  severity: string;
  size?: 'xs' | 'sm' | 'md' | 'lg';
}) {
  return (
    <Badge {...badgeTone(severityColor(severity))} size={size}>
      {severity}
    </Badge>
  );
}
