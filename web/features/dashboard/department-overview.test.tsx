import { useState } from 'react';
import { act, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderWithApp, jsonResponse } from '../../test/render';
import { DepartmentCard, HIGHLIGHT_MS } from './department-card';
import { DepartmentOverview, PHONE_DEPARTMENT_ROWS } from './department-overview';
import { buildDepartment } from './dashboard-test-data';
import type { DepartmentStats } from './api/department-stats';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const serve = (body: DepartmentStats | number) =>
  fetchMock.mockImplementation(async () =>
    typeof body === 'number' ? jsonResponse(body, { error: 'Nope' }) : jsonResponse(200, body),
  );

const DEPARTMENTS = [
  buildDepartment({ department: 'Engineering', days_since_last: 0, total_oops: 4, avg_impact: 4.25 }),
  buildDepartment({ department: 'Support', days_since_last: 1, total_oops: 1, avg_impact: 5 }),
  buildDepartment({ department: 'Customer Success', days_since_last: 8, total_oops: 2, avg_impact: null }),
  buildDepartment({ department: 'Kitchen', days_since_last: 31, total_oops: 3, avg_impact: 2 }),
];

describe('DepartmentOverview', () => {
  it('shows one card per department with the days badge, totals, impact and icon', async () => {
    serve(DEPARTMENTS);
    renderWithApp(<DepartmentOverview />);
    expect(screen.getByRole('heading', { name: 'Department Overview' })).toBeInTheDocument();
    const cards = await screen.findAllByTestId('department-card');
    expect(cards).toHaveLength(4);
    const read = (card: HTMLElement) => ({
      name: card.getAttribute('aria-label'),
      badge: within(card).getByTestId('department-days').textContent,
      total: within(card).getByTestId('department-total').textContent,
      impact: within(card).getByTestId('department-impact').textContent,
      icon: card.querySelector('[data-icon]')?.getAttribute('data-icon'),
    });
    expect(cards.map(read)).toEqual([
      { name: 'Engineering', badge: 'TodayLast incident today', total: '4', impact: '4.3', icon: 'code' },
      { name: 'Support', badge: '1dLast incident 1 day ago', total: '1', impact: '5.0', icon: 'headset' },
      {
        name: 'Customer Success',
        badge: '8dLast incident 8 days ago',
        total: '2',
        impact: 'N/A',
        icon: 'headset',
      },
      { name: 'Kitchen', badge: '31dLast incident 31 days ago', total: '3', impact: '2.0', icon: 'building' },
    ]);
    expect(fetchMock.mock.calls[0]![0]).toMatch(/^\/api\/oops\/department-stats\?t=\d+$/);
  });

  it('shows only the first cards when limited (presentation mode shows 3)', async () => {
    serve(DEPARTMENTS);
    renderWithApp(<DepartmentOverview limit={3} />);
    expect(await screen.findAllByTestId('department-card')).toHaveLength(3);
    expect(screen.queryByRole('article', { name: 'Kitchen' })).not.toBeInTheDocument();
  });

  it('on a phone lists the first 4 departments of 6 and shows the rest on request', async () => {
    // The test setup's matchMedia matches no width: the phone's layout.
    const six = [
      ...DEPARTMENTS,
      buildDepartment({ department: 'Sales', days_since_last: 2 }),
      buildDepartment({ department: 'Finance', days_since_last: 3 }),
    ];
    serve(six);
    renderWithApp(<DepartmentOverview />);
    expect(await screen.findAllByTestId('department-card')).toHaveLength(PHONE_DEPARTMENT_ROWS);
    const more = screen.getByRole('button', { name: 'Show all 6 departments' });
    expect(more).toHaveAttribute('aria-expanded', 'false');
    act(() => more.click());
    expect(screen.getAllByTestId('department-card')).toHaveLength(6);
    expect(screen.getByRole('button', { name: 'Show fewer departments' })).toHaveAttribute(
      'aria-expanded',
      'true',
    );
  });

  it("offers 'Create First Incident' when there is no department data", async () => {
    serve([]);
    renderWithApp(<DepartmentOverview />);
    expect(await screen.findByText('No Department Data')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Create First Incident' })).toHaveAttribute('href', '/oops/new');
  });

  it("says 'Failed to load department statistics' when the call fails", async () => {
    serve(400);
    renderWithApp(<DepartmentOverview />);
    expect(await screen.findByRole('alert')).toHaveTextContent('Failed to load department statistics');
  });
});

function Harness() {
  const [stat, setStat] = useState(buildDepartment());
  return (
    <>
      <DepartmentCard stat={stat} />
      <button onClick={() => setStat(buildDepartment())}>Same</button>
      <button onClick={() => setStat(buildDepartment({ total_oops: 5 }))}>Change</button>
    </>
  );
}

describe('DepartmentCard highlight', () => {
  it('highlights briefly when its numbers change, not on first show or an identical refresh', () => {
    vi.useFakeTimers();
    renderWithApp(<Harness />);
    const card = () => screen.getByRole('article', { name: 'Engineering' });
    expect(card()).toHaveAttribute('data-highlighted', 'false');

    act(() => screen.getByRole('button', { name: 'Same' }).click());
    expect(card()).toHaveAttribute('data-highlighted', 'false');
    act(() => screen.getByRole('button', { name: 'Change' }).click());
    expect(card()).toHaveAttribute('data-highlighted', 'true');
    expect(within(card()).getByTestId('department-total')).toHaveTextContent('5');
    act(() => {
      vi.advanceTimersByTime(HIGHLIGHT_MS);
    });
    expect(card()).toHaveAttribute('data-highlighted', 'false');
  });
});
