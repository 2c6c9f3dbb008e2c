import { useEffect, useRef, useState } from 'react';
import { Badge, Paper, Text, ThemeIcon, VisuallyHidden } from '@mantine/core';
import { Clock } from 'lucide-react';
import { departmentBadgeColor, departmentBadgeText } from '../../../common/domain/dashboard';
import { IMPACT_MAX } from '../../../common/domain/impact';
import type { DepartmentStat } from './api/department-stats';
import { badgeTone } from '../../components/badge-tone';
import classes from './dashboard.module.css';
import { DepartmentIcon } from './department-icon';

/** How long a card stays highlighted after its numbers change. */
export const HIGHLIGHT_MS = 2000;

/** Average impact with one decimal, or N/A (docs/product.md §2). */
export const formatImpact = (value: number | null) => (value === null ? 'N/A' : value.toFixed(1));

function daysLabel(days: number): string {
  if (days <= 0) return 'Last incident today';
  return days === 1 ? 'Last incident 1 day ago' : `Last incident ${days} days ago`;
}

export function DepartmentCard({ stat }: { stat: DepartmentStat }) {
  // Compare with what this card showed before, not on first render: a change arriving by refresh or live event
  // makes the card flash so a wall-display viewer sees where it happened.
  const signature = `${stat.total_oops}|${stat.last_oops_date}|${stat.avg_impact}`;
  const shown = useRef(signature);
  const [highlighted, setHighlighted] = useState(false);
  useEffect(() => {
    if (shown.current === signature) return;
    shown.current = signature;
    setHighlighted(true);
    const timer = setTimeout(() => setHighlighted(false), HIGHLIGHT_MS);
    return () => clearTimeout(timer);
  }, [signature]);

  const days = stat.days_since_last;
  // One grid, two layouts (dashboard.module.css): a tile with its figures under the name, or on a phone a compact
  // row of a list, the figures on one line under the name and no icon.
  return (
    <Paper
      withBorder
      radius="md"
      className={`${classes.card} ${classes.department}`}
      data-highlighted={highlighted}
      data-testid="department-card"
      component="article"
      aria-label={stat.department}
    >
      <div className={classes.departmentName}>
        <ThemeIcon variant="light" size="lg" radius="md" aria-hidden className={classes.departmentIcon}>
          <DepartmentIcon name={stat.department} />
        </ThemeIcon>
        <Text fw={700} lineClamp={2} style={{ wordBreak: 'break-word' }}>
          {stat.department}
        </Text>
      </div>
      <Badge
        {...badgeTone(departmentBadgeColor(days))}
        leftSection={<Clock size={12} aria-hidden />}
        data-testid="department-days"
        className={classes.departmentDays}
      >
        <span aria-hidden>{departmentBadgeText(days)}</span>
        <VisuallyHidden>{daysLabel(days)}</VisuallyHidden>
      </Badge>
      <div className={classes.departmentFigures}>
        <div className={classes.departmentFigure}>
          <Text size="xs" c="dimmed">
            Total Oops
          </Text>
          <Text fw={700} className={classes.departmentValue} data-testid="department-total">
            {stat.total_oops}
          </Text>
        </div>
        <div className={classes.departmentFigure}>
          <Text size="xs" c="dimmed">
            Avg Impact
          </Text>
          <span className={classes.departmentImpact}>
            <Text fw={700} className={classes.departmentValue} data-testid="department-impact">
              {formatImpact(stat.avg_impact)}
            </Text>
            {/* Impact points run from 1 (unknown) to 7 (Critical), docs/product.md §5. */}
            {stat.avg_impact !== null && (
              <Text size="xs" c="dimmed" data-testid="department-impact-scale">
                out of {IMPACT_MAX}
              </Text>
            )}
          </span>
        </div>
      </div>
    </Paper>
  );
}
