import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test/render';
import { buildAction } from '../../test/oops-test-data';
import { ActionVerification, FixesNotHeldAlert } from './action-verification';

const pending = {
  state: 'pending' as const,
  answered_at: null,
  answered_by_name: null,
  note: null,
  prompted_at: null,
  repeated_by: null,
};

describe("an action's verification on the incident", () => {
  it('shows the check and the day, then who verified it, or the note of a fix that did not hold', () => {
    const { unmount } = renderWithApp(
      <ActionVerification
        action={buildAction({
          verification_check: 'No disk-full alert for 30 days',
          verify_on: '2026-04-01',
          verification: pending,
        })}
      />,
    );
    expect(
      screen.getByText('How we will know it worked: No disk-full alert for 30 days'),
    ).toBeInTheDocument();
    expect(screen.getByText('Check pending')).toBeInTheDocument();
    expect(screen.getByText(/^Check on /)).toBeInTheDocument();
    unmount();
    const failed = renderWithApp(
      <ActionVerification
        action={buildAction({
          verify_on: '2026-04-01',
          verification: {
            ...pending,
            state: 'failed',
            note: 'It filled again.',
            repeated_by: { id: 12, id_slug: '12-disk' },
          },
        })}
      />,
    );
    expect(screen.getByText("Didn't hold")).toBeInTheDocument();
    expect(screen.getByText("Didn't hold: It filled again.")).toBeInTheDocument();
    expect(screen.getByText("A fix didn't hold: repeated by #12")).toBeInTheDocument();
    failed.unmount();
    renderWithApp(<ActionVerification action={buildAction()} />);
    expect(screen.queryByText(/Check/)).not.toBeInTheDocument();
  });

  it('flags both incidents of a repeat that reopened a verified fix, linking the other', () => {
    const fix = {
      action_id: 1,
      action_title: 'Add a disk alert',
      earlier: { id: 7, id_slug: '7-disk-full' },
      repeat: { id: 12, id_slug: '12-disk-full-again' },
    };
    const { unmount } = renderWithApp(<FixesNotHeldAlert oopsId={7} fixes={[fix]} />);
    const alert = screen.getByTestId('fixes-not-held');
    expect(within(alert).getByRole('link', { name: "A fix didn't hold: repeated by #12" })).toHaveAttribute(
      'href',
      '/oops/12-disk-full-again',
    );
    unmount();
    renderWithApp(<FixesNotHeldAlert oopsId={12} fixes={[fix]} />);
    expect(
      screen.getByRole('link', { name: 'Repeats #7, whose fix "Add a disk alert" had been verified' }),
    ).toHaveAttribute('href', '/oops/7-disk-full');
  });
});
