// /wall (decision 050): the office screen. It signs in with the display token of its URL (kept in localStorage, so
// reloads and browser restarts keep it) or else with this tab's session, shows no controls, turns its panels every
// 15 s (without animation when reduced motion is asked for) and refreshes its figures every 30 s.
import { useMemo, useState, type ReactNode } from 'react';
import { Loader } from '@mantine/core';
import { Link } from 'react-router';
import type { WallData } from '../../../common/contracts/wall';
import { WALL_LIMITS, WALL_TEXTS } from '../../../common/domain/wall';
import { signInHref } from '../../lib/session/return-to';
import { useSession } from '../../lib/session/use-session';
import { ApiError } from '../../lib/transport';
import { usePageTitle } from '../../lib/use-page-title';
import { useWall } from './api/wall';
import { forgetDisplayToken, takeDisplayToken } from './display-token-storage';
import { useWallClock, usePanelCycle } from './use-wall-clock';
import { LessonPanel, OpenIncidentsPanel, TimerPanel, TrendPanel } from './wall-panels';
import classes from './wall.module.css';

const PANELS = [
  { name: 'Timer', Panel: TimerPanel },
  { name: 'Open incidents', Panel: OpenIncidentsPanel },
  { name: 'Trend', Panel: TrendPanel },
  { name: 'Latest lesson', Panel: LessonPanel },
] as const;

function Message({ title, children }: { title: string; children: ReactNode }) {
  return (
    <main className={classes.wall}>
      <div className={classes.message} role="alert">
        <h1 className={classes.messageTitle}>{title}</h1>
        {children}
      </div>
    </main>
  );
}

function Board({ data, stale }: { data: WallData; stale: boolean }) {
  // The server's clock drives the timer, so a TV with a wrong clock still counts right.
  const skew = useMemo(() => Date.parse(data.now) - Date.now(), [data.now]);
  const now = useWallClock(1000, skew);
  const index = usePanelCycle(PANELS.length, WALL_LIMITS.panelMs);
  const { name, Panel } = PANELS[index]!;
  return (
    <main className={classes.wall}>
      <header className={classes.header}>
        <h1 className={classes.team}>{data.team_name}</h1>
        <div className={classes.dots} aria-hidden>
          {PANELS.map((panel, i) => (
            <span key={panel.name} className={`${classes.dot} ${i === index ? classes.dotActive : ''}`} />
          ))}
        </div>
      </header>
      <section key={name} className={classes.panel} aria-label={name} data-panel={name}>
        <Panel data={data} now={now} />
      </section>
      {stale && (
        <p className={`${classes.label} ${classes.stale}`} data-wall="label">
          {WALL_TEXTS.stale}
        </p>
      )}
    </main>
  );
}

export function WallPage() {
  usePageTitle('Wall');
  // Read once: the fragment is taken out of the address bar as the page opens.
  const [displayToken, setDisplayToken] = useState(takeDisplayToken);
  const session = useSession();
  const usesSession = displayToken === null;
  const wall = useWall(displayToken, !usesSession || session.status === 'authenticated');
  const refused = wall.error instanceof ApiError && wall.error.status === 401;

  if (!usesSession && refused) {
    return (
      <Message title={WALL_TEXTS.invalidTitle}>
        <p className={classes.label}>{WALL_TEXTS.invalidBody}</p>
        <p className={classes.label}>
          <button
            type="button"
            className={classes.link}
            style={{ background: 'none', border: 0, padding: 0, font: 'inherit', cursor: 'pointer' }}
            onClick={() => {
              forgetDisplayToken();
              setDisplayToken(null);
            }}
          >
            {WALL_TEXTS.useSessionInstead}
          </button>
        </p>
      </Message>
    );
  }
  if (usesSession && session.status === 'anonymous')
    return (
      <Message title={WALL_TEXTS.signedOutTitle}>
        <p className={classes.label}>{WALL_TEXTS.signedOutBody}</p>
        <p className={classes.label}>
          <Link className={classes.link} to={signInHref('/wall')}>
            {WALL_TEXTS.signIn}
          </Link>
        </p>
      </Message>
    );
  if (usesSession && session.user && session.user.team === null)
    return (
      <Message title={WALL_TEXTS.noTeamTitle}>
        <p className={classes.label}>{WALL_TEXTS.noTeamBody}</p>
      </Message>
    );
  if (wall.data) return <Board data={wall.data} stale={wall.isError} />;
  if (wall.isError)
    return (
      <Message title={WALL_TEXTS.failedTitle}>
        <p className={classes.label}>{WALL_TEXTS.failedBody}</p>
      </Message>
    );
  return (
    <main className={classes.wall}>
      <div className={classes.message} role="status">
        <Loader color="gray" size="xl" aria-hidden />
        <p className={classes.label}>{WALL_TEXTS.loading}</p>
      </div>
    </main>
  );
}
