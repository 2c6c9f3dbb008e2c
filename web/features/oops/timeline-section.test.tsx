import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OopsDetail } from '../../../common/contracts/oops';
import type { TimelineEvent } from '../../../common/domain/timeline';
import { renderWithApp } from '../../test/render';
import { buildDetail, stubDocumentFonts } from '../../test/oops-test-data';
import { TimelineSection } from './timeline-section';

stubDocumentFonts();

const custom = (id: string, event: string, timestamp: string): TimelineEvent => ({
  id,
  event,
  timestamp,
  color: 'blue',
  icon: 'circle',
  description: null,
  user: 'Ada',
  type: 'custom',
});

function setup(detail: OopsDetail, update = vi.fn((_body: unknown) => Promise.resolve({}))) {
  renderWithApp(<TimelineSection detail={detail} readOnly={false} update={update} />);
  return { update, user: userEvent.setup({ delay: null }) };
}

const sentEvents = (update: ReturnType<typeof vi.fn>) =>
  (update.mock.calls.at(-1)![0] as { timeline_events: TimelineEvent[] }).timeline_events;

afterEach(() => vi.restoreAllMocks());

// Whole pages under jsdom are slow on a busy 2-core machine; the default 5 s is too tight.
describe('TimelineSection', { timeout: 30_000 }, () => {
  it('shows the empty text when there are no events', () => {
    setup(buildDetail({ created_at: '' }));
    expect(screen.getByText('Timeline will appear as incident progresses')).toBeVisible();
  });

  it('merges system and custom events by time, with the count and hours spanned', () => {
    setup(
      buildDetail({
        occurred_at: '2026-03-01T08:00:00.000Z',
        created_at: '2026-03-01T10:00:00.000Z',
        timeline_events: [custom('a', 'Paged DBA', '2026-03-01T09:00:00.000Z')],
      }),
    );
    const items = within(screen.getByRole('list', { name: 'Timeline events' })).getAllByRole('listitem');
    expect(items.map((li) => li.querySelector('p')?.textContent)).toEqual([
      'Incident Started',
      'Paged DBA',
      'Incident Detected',
    ]);
    expect(screen.getByText('3 events spanning 2 hours')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Reorder events' })).not.toBeInTheDocument();
  });

  it('refuses to change a system event', async () => {
    const { update, user } = setup(buildDetail());
    await user.click(screen.getByRole('button', { name: 'Delete Incident Detected' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('System events cannot be modified/deleted');
    expect(update).not.toHaveBeenCalled();
  });

  it('adds a preset event only once a type is chosen', async () => {
    const { update, user } = setup(buildDetail());
    expect(screen.getByRole('button', { name: 'Add Event' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'escalation');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(update).toHaveBeenCalledOnce());
    const [event] = sentEvents(update);
    expect(event).toMatchObject({
      event: 'Escalation',
      description: 'The incident was escalated.',
      color: 'blue',
      type: 'escalation',
    });
    expect(Date.now() - Date.parse(event!.timestamp)).toBeLessThan(10_000);
  });

  it("needs a name for a custom event: 'Please enter a custom event name'", async () => {
    const { update, user } = setup(buildDetail());
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'custom');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    expect(screen.getByText('Please enter a custom event name')).toBeVisible();
    expect(update).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Custom event name' }), 'Vendor called back');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    await waitFor(() => expect(sentEvents(update)[0]).toMatchObject({ event: 'Vendor called back' }));
  });

  it('alerts the spec text when adding fails', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const { user } = setup(
      buildDetail(),
      vi.fn(() => Promise.reject(new Error('down'))),
    );
    await user.selectOptions(screen.getByRole('combobox', { name: 'Event type' }), 'escalation');
    await user.click(screen.getByRole('button', { name: 'Add Event' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to add timeline event. Please try again.'),
    );
  });

  it('edits name, description, date and time; Save needs a name', async () => {
    const { update, user } = setup(
      buildDetail({ timeline_events: [custom('a', 'Paged DBA', '2026-03-01T09:00:00.000Z')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit Paged DBA' }));
    const form = screen.getByRole('form', { name: 'Edit event Paged DBA' });
    const name = within(form).getByRole('textbox', { name: /Event name/ });
    await user.clear(name);
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(name, 'Paged the DBA on call');
    await user.type(within(form).getByRole('textbox', { name: 'Description' }), 'Via the pager');
    await user.clear(within(form).getByLabelText(/^Time/));
    expect(within(form).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.type(within(form).getByLabelText(/^Time/), '11:30');
    await user.click(within(form).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(update).toHaveBeenCalledOnce());
    const [event] = sentEvents(update);
    expect(event).toEqual({
      ...custom('a', 'Paged the DBA on call', event!.timestamp),
      description: 'Via the pager',
    });
    expect(new Date(event!.timestamp).getHours()).toBe(11);
    expect(event).not.toHaveProperty('system');
  });

  it('deletes after the confirmation with the event name', async () => {
    const confirm = vi.spyOn(window, 'confirm').mockReturnValueOnce(false).mockReturnValueOnce(true);
    const { update, user } = setup(
      buildDetail({ timeline_events: [custom('a', 'Paged DBA', '2026-03-01T09:00:00.000Z')] }),
    );
    await user.click(screen.getByRole('button', { name: 'Delete Paged DBA' }));
    expect(confirm).toHaveBeenCalledWith('Are you sure you want to delete the event "Paged DBA"?');
    expect(update).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Paged DBA' }));
    await waitFor(() => expect(sentEvents(update)).toEqual([]));
  });

  it('reorders custom events in reorder mode, system events first; a failure alerts and reverts', async () => {
    const alert = vi.spyOn(window, 'alert').mockImplementation(() => {});
    const events = [
      custom('a', 'First custom', '2026-03-01T07:00:00.000Z'),
      custom('b', 'Second custom', '2026-03-01T12:00:00.000Z'),
    ];
    const update = vi
      .fn((_body: unknown) => Promise.resolve({}))
      .mockImplementationOnce(() => Promise.resolve({}))
      .mockImplementationOnce(() => Promise.reject(new Error('down')));
    const { user } = setup(
      buildDetail({ created_at: '2026-03-01T10:00:00.000Z', timeline_events: events }),
      update,
    );
    await user.click(screen.getByRole('button', { name: 'Reorder events' }));
    expect(
      within(screen.getByRole('list', { name: 'System events' })).getByText('Incident Detected'),
    ).toBeVisible();
    const ordered = screen.getByRole('list', { name: 'Custom events in order' });
    expect(within(ordered).getByRole('button', { name: 'Move First custom up' })).toBeDisabled();
    expect(within(ordered).getByRole('button', { name: 'Drag First custom' })).toBeInTheDocument();

    await user.click(within(ordered).getByRole('button', { name: 'Move First custom down' }));
    await waitFor(() => expect(sentEvents(update).map((e) => e.id)).toEqual(['b', 'a']));

    // The stored order (the props) is still a, b here: this test's parent does not refresh the incident.
    await user.click(within(ordered).getByRole('button', { name: 'Move Second custom up' }));
    await waitFor(() =>
      expect(alert).toHaveBeenCalledWith('Failed to reorder timeline event. Please try again.'),
    );
    // The props still hold the stored order, which is shown again after the failed save.
    const names = within(screen.getByRole('list', { name: 'Custom events in order' }))
      .getAllByRole('listitem')
      .map((li) => li.querySelector('p')?.textContent);
    expect(names).toEqual(['First custom', 'Second custom']);
  });
});
