import { Anchor, Progress } from '@mantine/core';
import { Outlet, ScrollRestoration, useNavigation } from 'react-router';
import { Footer } from './footer';
import classes from './layout.module.css';
import { NavBar } from './nav-bar';

/** Page chrome: navigation bar, the routed page, footer. */
export function AppLayout() {
  // Pages are code-split; a thin bar shows while the next page's chunk loads.
  const navigating = useNavigation().state !== 'idle';
  return (
    <div className={classes.shell}>
      <Anchor href="#main" className={classes.skipLink} data-print="hide">
        Skip to main content
      </Anchor>
      <header className={classes.header} data-print="hide">
        <NavBar />
        {navigating && (
          <Progress
            className={classes.navProgress}
            value={100}
            animated
            size="xs"
            radius={0}
            aria-label="Loading page"
          />
        )}
      </header>
      <main id="main" className={classes.main} tabIndex={-1}>
        <Outlet />
      </main>
      <footer className={classes.footer} data-print="hide">
        <Footer />
      </footer>
      <ScrollRestoration />
    </div>
  );
}
