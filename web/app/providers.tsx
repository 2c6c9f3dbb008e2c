import { useEffect, type ReactNode } from 'react';
import { MantineProvider } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { TIMINGS } from '../../common/domain/options';
import { LATE_MISMATCH_EVENT } from '../lib/schema-later';
import { cssVariablesResolver, theme } from './theme';

interface ProvidersProps {
  queryClient: QueryClient;
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals so component tests see the final state at once. */
  env?: 'default' | 'test';
  /** Called once the first render has been committed (web/main.tsx replays what a visitor did before it). */
  onMounted?: () => void;
}

/** Everything outside the router: theme with light/dark schemes, toasts and the query cache. */
export function Providers({ queryClient, children, env = 'default', onMounted }: ProvidersProps) {
  // A parent's effects run after its children's: the whole first render has been committed by now.
  useEffect(() => onMounted?.(), [onMounted]);
  // An early answer shown before its check failed it (web/lib/schema-later.ts): every shown query reads again, and
  // checks what it gets before showing it.
  useEffect(() => {
    const readAgain = () => void queryClient.invalidateQueries();
    window.addEventListener(LATE_MISMATCH_EVENT, readAgain);
    return () => window.removeEventListener(LATE_MISMATCH_EVENT, readAgain);
  }, [queryClient]);
  return (
    <MantineProvider
      theme={theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="auto"
      env={env}
    >
      <Notifications position="top-right" autoClose={TIMINGS.toastSuccessMs} limit={4} />
      <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
    </MantineProvider>
  );
}
