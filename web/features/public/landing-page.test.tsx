import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { LANDING_FEATURES } from '../../../common/domain/public-texts';
import { renderRoutes } from '../../test/render';
import { LandingPage } from './landing-page';

const routes = [
  { path: '/', element: <LandingPage /> },
  { path: '/verify', element: <h1>Verify page</h1> },
];

describe('LandingPage', () => {
  it('shows the hero, the showcase video with its sources and poster, the six features and Sign In', () => {
    renderRoutes(routes, '/');
    expect(
      screen.getByRole('heading', { level: 1, name: 'Turn Setbacks Into Comebacks' }),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign In' })).toHaveAttribute('href', '/login');
    expect(screen.getByRole('button', { name: 'See it in action' })).toHaveAttribute(
      'aria-controls',
      'showcase',
    );

    const video = screen.getByTestId<HTMLVideoElement>('demo-video');
    expect(video.muted).toBe(true);
    expect(video.loop).toBe(true);
    // It starts by itself once on screen (an observer, not the autoplay attribute), so nothing loads before.
    expect(video.autoplay).toBe(false);
    expect(video.preload).toBe('none');
    expect(video.getAttribute('poster')).toBe('/demo-poster.jpg');
    expect([...video.querySelectorAll('source')].map((s) => [s.getAttribute('src'), s.type])).toEqual([
      ['/demo.webm', 'video/webm'],
      ['/demo.mp4', 'video/mp4'],
    ]);

    const features = screen.getByRole('region', { name: /Everything a team needs/ });
    expect(
      within(features)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual([
      'Live Timer System',
      'Department Analytics',
      'Presentation Mode',
      'Easy Incident Logging',
      'Comprehensive Tracking',
      'Executive Reporting',
    ]);
    expect(LANDING_FEATURES).toHaveLength(6);
  });

  it('sends a ?token= link on to /verify, replacing history', async () => {
    const { router } = renderRoutes(routes, '/?token=abc%2B1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/verify'));
    expect(router.state.location.search).toBe('?token=abc%2B1');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});
