import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { Webhook, WebhookDelivery } from '../../../common/contracts/webhooks';
import { jsonResponse, renderWithApp } from '../../test/render';
import { routeFetch, type Reply } from '../../test/mock-api';
import { WebhooksPanel } from './webhooks-panel';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const hook = (over: Partial<Webhook> = {}): Webhook => ({
  id: 7,
  url: 'https://hooks.example.com/oops',
  kind: 'generic',
  events: ['oops.created', 'oops.closed'],
  description: 'Incident bot',
  paused: false,
  paused_at: null,
  pause_reason: null,
  consecutive_failures: 0,
  created_at: '2026-03-01T10:00:00.000Z',
  last_delivery_at: null,
  last_delivery_status: null,
  last_delivery_response_status: null,
  failing_since: null,
  ...over,
});
const delivery = (over: Partial<WebhookDelivery> = {}): WebhookDelivery => ({
  id: 31,
  webhook_id: 'test_1',
  event_type: 'webhook.test',
  status: 'succeeded',
  attempts: 1,
  response_status: 200,
  latency_ms: 42,
  response_excerpt: '{"ok":true}',
  error: null,
  last_attempt_at: '2026-03-01T10:00:01.000Z',
  next_attempt_at: null,
  created_at: '2026-03-01T10:00:00.000Z',
  ...over,
});

function serve(webhooks: Webhook[], extra: Record<string, Reply> = {}) {
  return routeFetch(fetchMock, {
    'GET /api/team/current/webhooks': () => jsonResponse(200, { webhooks }),
    ...extra,
  });
}

describe('WebhooksPanel', () => {
  it('lists webhooks with kind, events and status', async () => {
    serve([
      hook(),
      hook({
        id: 8,
        url: 'https://hooks.slack.com/services/x',
        kind: 'slack',
        events: ['*'],
        paused: true,
        pause_reason: 'Paused after 20 consecutive failed deliveries.',
      }),
    ]);
    renderWithApp(<WebhooksPanel />);
    const cards = await screen.findAllByTestId('webhook-card');
    expect(cards).toHaveLength(2);
    expect(within(cards[0]!).getByText('https://hooks.example.com/oops')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Events: Oops logged, Oops closed')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Active')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Events: All events')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Paused')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Slack incoming webhook')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Paused after 20 consecutive failed deliveries.')).toBeInTheDocument();
    expect(within(cards[1]!).getByRole('button', { name: 'Resume' })).toBeInTheDocument();
  });

  it('adds a webhook with chosen events and shows the secret once', async () => {
    const list: Webhook[] = [];
    const api = serve(list, {
      'POST /api/team/current/webhooks': (body) => {
        const created = hook({
          id: 9,
          url: 'https://example.com/in',
          events: ['oops.closed'],
          description: null,
        });
        list.push(created);
        expect(body).toMatchObject({
          url: 'https://example.com/in',
          kind: 'generic',
          events: ['oops.closed'],
        });
        return jsonResponse(201, { ...created, secret: 'whsec_c2VjcmV0' });
      },
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'Add webhook' });
    await user.type(within(form).getByLabelText(/Payload URL/), 'https://example.com/in');
    // "All events" is ticked at first; unticking it lets single events be chosen.
    await user.click(within(form).getByLabelText('All events'));
    await user.click(within(form).getByLabelText('Oops closed'));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByTestId('webhook-secret')).toHaveTextContent('whsec_c2VjcmV0');
    expect(screen.getByRole('button', { name: 'Copy secret' })).toBeInTheDocument();
    expect(api.bodiesOf('POST /api/team/current/webhooks')).toHaveLength(1);
    expect(await screen.findByText('https://example.com/in')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Done' }));
    expect(screen.queryByTestId('webhook-secret')).toBeNull();
  });

  it('explains a refused URL and an empty event choice', async () => {
    serve([], {
      'POST /api/team/current/webhooks': jsonResponse(400, {
        error:
          'This URL points to a private, loopback, link-local or metadata address; webhooks may only reach public addresses.',
      }),
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Add webhook' }));
    const form = screen.getByRole('form', { name: 'Add webhook' });
    await user.type(within(form).getByLabelText(/Payload URL/), 'http://10.0.0.1/');
    await user.click(within(form).getByLabelText('All events'));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByText('Choose at least one event.')).toBeInTheDocument();
    await user.click(within(form).getByLabelText('All events'));
    await user.click(within(form).getByRole('button', { name: 'Add webhook' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('may only reach public addresses');
  });

  it('sends a test, shows the delivery log and redelivers', async () => {
    const api = serve([hook()], {
      'POST /api/team/current/webhooks/7/test': jsonResponse(200, delivery()),
      'GET /api/team/current/webhooks/7/deliveries': jsonResponse(200, {
        deliveries: [
          delivery(),
          delivery({
            id: 30,
            event_type: 'oops.created',
            status: 'failed',
            response_status: 500,
            latency_ms: 12,
            response_excerpt: 'boom',
            error: 'HTTP 500',
            attempts: 9,
          }),
        ],
      }),
      'POST /api/team/current/webhooks/7/deliveries/30/redeliver': jsonResponse(
        202,
        delivery({ id: 30, status: 'pending' }),
      ),
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Send test' }));
    const log = await screen.findByRole('table', { name: 'Delivery log' });
    const rows = await within(log).findAllByTestId('delivery-row');
    expect(rows).toHaveLength(2);
    expect(within(rows[0]!).getByText('Test event')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('Delivered')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('200')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('42 ms')).toBeInTheDocument();
    expect(within(rows[0]!).getByText('{"ok":true}')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('Failed')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('HTTP 500')).toBeInTheDocument();
    expect(within(rows[1]!).getByText('9 attempts')).toBeInTheDocument();
    await user.click(within(rows[1]!).getByRole('button', { name: 'Redeliver delivery 30' }));
    await waitFor(() =>
      expect(api.calls.map((c) => c.key)).toContain(
        'POST /api/team/current/webhooks/7/deliveries/30/redeliver',
      ),
    );
    expect(await screen.findByText('Delivery queued again.')).toBeInTheDocument();
  });

  it('pauses, and deletes after confirming', async () => {
    const api = serve([hook()], {
      'PATCH /api/team/current/webhooks/7': (body) =>
        jsonResponse(200, hook({ paused: (body as { paused: boolean }).paused })),
      'DELETE /api/team/current/webhooks/7': jsonResponse(200, { success: true }),
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Pause' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /api/team/current/webhooks/7')).toEqual([{ paused: true }]),
    );
    await user.click(screen.getByRole('button', { name: 'Delete' }));
    const dialog = await screen.findByRole('dialog', { name: 'Delete webhook' });
    expect(api.calls.some((c) => c.key.startsWith('DELETE'))).toBe(false);
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(api.calls.map((c) => c.key)).toContain('DELETE /api/team/current/webhooks/7'));
  });

  it('shows the last delivery and since when a failing webhook fails', async () => {
    serve([
      hook({
        last_delivery_at: '2026-03-02T10:00:00.000Z',
        last_delivery_status: 'pending',
        last_delivery_response_status: 503,
        failing_since: '2026-03-01T08:00:00.000Z',
      }),
      hook({
        id: 8,
        url: 'https://hooks.example.com/ok',
        last_delivery_at: '2026-03-02T11:00:00.000Z',
        last_delivery_status: 'succeeded',
        last_delivery_response_status: 204,
      }),
      hook({ id: 9, url: 'https://hooks.example.com/new' }),
    ]);
    renderWithApp(<WebhooksPanel />);
    const [failing, healthy, fresh] = await screen.findAllByTestId('webhook-card');
    expect(failing).toHaveTextContent(
      `Last delivery: ${new Date('2026-03-02T10:00:00.000Z').toLocaleString()} (HTTP 503)`,
    );
    expect(within(failing!).getByText('Retrying')).toBeInTheDocument();
    expect(failing).toHaveTextContent(
      `Failing since ${new Date('2026-03-01T08:00:00.000Z').toLocaleString()}`,
    );
    expect(within(healthy!).getByText('Succeeded')).toBeInTheDocument();
    expect(healthy).not.toHaveTextContent('Failing since');
    expect(fresh).toHaveTextContent('No deliveries yet.');
  });

  it('edits a webhook in place and sends only what changed', async () => {
    const api = serve([hook()], {
      'PATCH /api/team/current/webhooks/7': (body) => jsonResponse(200, hook(body as Partial<Webhook>)),
    });
    const user = userEvent.setup();
    renderWithApp(<WebhooksPanel />);
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const form = screen.getByRole('form', { name: 'Edit webhook https://hooks.example.com/oops' });
    const url = within(form).getByRole('textbox', { name: /Payload URL/ });
    await user.type(url, '/v2');
    await user.selectOptions(within(form).getByRole('combobox', { name: 'Kind' }), 'slack');
    await user.click(within(form).getByRole('switch', { name: /^Active/ }));
    await user.click(within(form).getByRole('button', { name: 'Save webhook' }));
    await waitFor(() =>
      expect(api.bodiesOf('PATCH /api/team/current/webhooks/7')).toEqual([
        { url: 'https://hooks.example.com/oops/v2', kind: 'slack', paused: true },
      ]),
    );
    expect(await screen.findByText('Webhook saved.')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: /^Edit webhook/ })).toBeNull();
  });
});
