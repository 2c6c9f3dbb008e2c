// Outgoing webhooks: an owner adds a webhook in Team › Webhooks pointing at a receiver started by the test, copies
// the secret shown once, sends a test event and sees the delivery in the log; the receiver's body verifies with the
// standardwebhooks package under that secret.
import http from 'node:http';
import { Webhook } from 'standardwebhooks';
import {
  createAccount,
  expect,
  expectNoSeriousA11yViolations,
  startSignedIn,
  test,
  uniqueUser,
} from './fixtures';

interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

test('add a webhook, send a test event, see the delivery in the log; the body verifies', async ({ page }) => {
  const received: Received[] = [];
  const receiver = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end('{"received":true}');
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
  const { port } = receiver.address() as { port: number };
  try {
    await startSignedIn(page, await createAccount(page, uniqueUser()));
    await page.goto('/settings/integrations');
    const panel = page.getByRole('region', { name: 'Webhooks' });
    await expect(panel.getByText('No webhooks yet.')).toBeVisible();
    await panel.getByRole('button', { name: 'Add webhook' }).click();
    const form = panel.getByRole('form', { name: 'Add webhook' });
    await form.getByRole('textbox', { name: 'Payload URL' }).fill(`http://127.0.0.1:${port}/oopsboard`);
    await form.getByRole('textbox', { name: 'Description' }).fill('E2E receiver');
    await form.getByRole('button', { name: 'Add webhook' }).click();

    const secret = (await panel.getByTestId('webhook-secret').textContent())!.trim();
    expect(secret).toMatch(/^whsec_/);
    await expectNoSeriousA11yViolations(page, '/settings/integrations with a new webhook');
    await panel.getByRole('button', { name: 'Done' }).click();
    await expect(panel.getByTestId('webhook-secret')).toHaveCount(0);

    const card = panel.getByTestId('webhook-card').filter({ hasText: `127.0.0.1:${port}` });
    await expect(card.getByText('Active')).toBeVisible();
    await card.getByRole('button', { name: 'Send test' }).click();
    const row = card.getByRole('table', { name: 'Delivery log' }).getByTestId('delivery-row').first();
    await expect(row).toContainText('Test event');
    await expect(row).toContainText('Delivered');
    await expect(row.getByRole('cell', { name: '200', exact: true })).toBeVisible();
    await expect(row).toContainText('{"received":true}');
    await expect(row).toContainText(/\d+ ms/);

    expect(received).toHaveLength(1);
    const { headers, body } = received[0]!;
    const event = new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    });
    expect(event).toMatchObject({ type: 'webhook.test' });

    // The secret is never shown again.
    await page.reload();
    await expect(page.getByRole('region', { name: 'Webhooks' }).getByTestId('webhook-card')).toHaveCount(1);
    await expect(page.getByText(secret)).toHaveCount(0);
  } finally {
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
});
