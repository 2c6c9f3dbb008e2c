import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { UNSUBSCRIBE_TEXTS } from '../../../common/domain/digest-texts';
import { routeFetch } from '../../test/mock-api';
import { jsonResponse, renderRoutes } from '../../test/render';
import { UnsubscribePage } from './unsubscribe-page';

const fetchMock = vi.fn<typeof fetch>();
beforeEach(() => vi.stubGlobal('fetch', fetchMock));
afterEach(() => {
  fetchMock.mockReset();
  vi.unstubAllGlobals();
});

const render = (path: string) => renderRoutes([{ path: '/unsubscribe', element: <UnsubscribePage /> }], path);

describe('UnsubscribePage', { timeout: 30_000 }, () => {
  it('unsubscribes once, signed out, says what was turned off and links to the profile', async () => {
    const api = routeFetch(fetchMock, {
      'POST /api/unsubscribe?token=d7-abc': jsonResponse(200, {
        unsubscribed: 'digest',
        message: UNSUBSCRIBE_TEXTS.done.digest,
      }),
    });
    render('/unsubscribe?token=d7-abc');
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.done.digest)).toBeInTheDocument();
    expect(screen.getByText(UNSUBSCRIBE_TEXTS.undo)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: UNSUBSCRIBE_TEXTS.openProfile })).toHaveAttribute(
      'href',
      '/profile?tab=notifications',
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Unsubscribe' })).toBeInTheDocument();
    expect(api.calls.filter((c) => c.key.startsWith('POST /api/unsubscribe'))).toHaveLength(1);
  });

  it('shows the server’s reason for a bad link, and lets a failed call be tried again', async () => {
    let calls = 0;
    routeFetch(fetchMock, {
      'POST /api/unsubscribe?token=bad': () => {
        calls += 1;
        return calls === 1
          ? jsonResponse(400, { error: UNSUBSCRIBE_TEXTS.invalidToken, code: 'bad_request' })
          : jsonResponse(200, { unsubscribed: 'reminders', message: UNSUBSCRIBE_TEXTS.done.reminders });
      },
    });
    render('/unsubscribe?token=bad');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(UNSUBSCRIBE_TEXTS.failed);
    expect(alert).toHaveTextContent(UNSUBSCRIBE_TEXTS.invalidToken);
    await userEvent.click(screen.getByRole('button', { name: UNSUBSCRIBE_TEXTS.tryAgain }));
    expect(await screen.findByText(UNSUBSCRIBE_TEXTS.done.reminders)).toBeInTheDocument();
  });

  it('needs a token, and calls nothing without one', async () => {
    const api = routeFetch(fetchMock, {});
    render('/unsubscribe');
    expect(await screen.findByRole('alert')).toHaveTextContent(UNSUBSCRIBE_TEXTS.missingToken);
    expect(api.calls).toHaveLength(0);
  });
});
