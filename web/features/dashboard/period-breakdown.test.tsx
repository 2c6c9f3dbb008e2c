import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { buildStats } from './dashboard-test-data';
import { PeriodBreakdown } from './period-breakdown';

describe('PeriodBreakdown', () => {
  it('shows the period by severity as a labelled bar and counts, and the learning figures', () => {
    renderWithApp(
      <PeriodBreakdown
        stats={buildStats({
          severity_breakdown: { Low: 1, Medium: 6, High: 2, Critical: 0 },
          learning_moments: 3,
          resolved_count: 7,
          avg_completeness: 82.6,
        })}
      />,
    );
    expect(screen.getByText('Last 30 days by severity')).toBeInTheDocument();
    expect(
      screen.getByRole('img', { name: 'By severity: Low 1, Medium 6, High 2, Critical 0' }),
    ).toBeInTheDocument();
    expect(screen.getByTestId('stat-learning')).toHaveTextContent('3');
    expect(screen.getByTestId('stat-resolved')).toHaveTextContent('7');
    expect(screen.getByTestId('stat-completeness')).toHaveTextContent('83%');
  });

  it('shows the repeat rate, repeats despite action and near-misses per incident (decision 019)', () => {
    renderWithApp(
      <PeriodBreakdown
        stats={buildStats({
          repeats: 2,
          repeat_rate: 12.5,
          repeated_despite_action: 1,
          near_miss_ratio: 0.25,
        })}
      />,
    );
    expect(screen.getByTestId('stat-repeat-rate')).toHaveTextContent('12.5%');
    expect(screen.getByTestId('stat-despite')).toHaveTextContent('1');
    expect(screen.getByTestId('stat-near-miss-ratio')).toHaveTextContent('0.25');
  });

  it('says so when the period has no incidents, and shows a dash without completeness data', () => {
    renderWithApp(<PeriodBreakdown stats={buildStats({ period_days: 30 })} />);
    expect(screen.getByText('No incidents in the last 30 days.')).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByTestId('stat-completeness')).toHaveTextContent('—');
    expect(screen.getByTestId('stat-near-miss-ratio')).toHaveTextContent('—');
  });
});
