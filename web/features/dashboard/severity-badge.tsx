import { Badge } from '@mantine/core';
import { severityColor } from '../../../common/domain/timeline-chart';
import { badgeTone } from './badge-colors';

/** Severity tag coloured like the timeline's dots (Low green, Medium yellow, High orange, Critical red). */
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
