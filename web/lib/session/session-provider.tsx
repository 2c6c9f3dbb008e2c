// Session state machine of docs/product.md §4: no token → signed out; a token → fetch the profile, success sets the user,
// failure clears token and user. The user lives in the query cache so later screens (profile) can update it.
import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../common/contracts/auth';
import { fetchProfile, postLogout } from './session-api';
import { SESSION_USER_KEY, SessionContext, type SessionValue } from './session-context';
import { clearToken, readToken, writeToken } from './token-storage';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { ApiError } from '../transport';
import { toastError } from '../toast';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [token, setToken] = useState<string | null>(readToken);
  const [leaving, setLeaving] = useState(false);

  const profile = useQuery({
    queryKey: SESSION_USER_KEY,
    queryFn: ({ signal }) => fetchProfile(signal),
    enabled: token !== null,
    // The transport already retries network failures and 5xx (docs/product.md §7); a second layer would multiply waits.
    retry: false,
    staleTime: Infinity,
    gcTime: Infinity,
  });

  // Any call answered 401 while a token is stored means the session ended on the server (signed out elsewhere,
  // removed from the team, disabled): the tab signs out at once instead of failing call after call.
  useEffect(() => {
    const ended = (error: unknown) =>
      error instanceof ApiError && error.status === 401 && readToken() !== null;
    const onEvent = (event: { type: string; action?: { type: string; error?: unknown } }) => {
      if (event.type !== 'updated' || event.action?.type !== 'error' || !ended(event.action.error)) return;
      clearToken();
      setToken(null);
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_USER_KEY[0] });
      queryClient.removeQueries({ queryKey: SESSION_USER_KEY });
      toastError(ACCOUNT_TEXTS.sessionEnded);
    };
    const queries = queryClient.getQueryCache().subscribe(onEvent);
    const mutations = queryClient.getMutationCache().subscribe(onEvent);
    return () => {
      queries();
      mutations();
    };
  }, [queryClient]);

  useEffect(() => {
    if (token !== null && profile.isError) {
      clearToken();
      setToken(null);
      queryClient.removeQueries({ queryKey: SESSION_USER_KEY });
    }
  }, [token, profile.isError, queryClient]);

  const signIn = useCallback(
    (nextToken: string, user: User) => {
      writeToken(nextToken);
      queryClient.setQueryData(SESSION_USER_KEY, user);
      setToken(nextToken);
    },
    [queryClient],
  );

  const signOut = useCallback(async () => {
    try {
      await postLogout();
    } catch (error) {
      // docs/product.md §8: logout errors are only logged; the session is cleared anyway.
      console.warn('Logout request failed; clearing the session anyway.', error);
    }
    clearToken();
    setLeaving(true);
    await navigate('/');
  }, [navigate]);

  // The signed-in state ends only once / is on screen. Router updates are React transitions, so ending it
  // right after navigate() would re-render the guarded page first and its guard would send the user to /login.
  useEffect(() => {
    if (!leaving || pathname !== '/') return;
    setLeaving(false);
    setToken(null);
    // Nothing cached for this user may leak into the next sign-in on this tab.
    queryClient.clear();
  }, [leaving, pathname, queryClient]);

  const value = useMemo<SessionValue>(() => {
    const user = token !== null && profile.data ? profile.data : null;
    const status = user ? 'authenticated' : token !== null && !profile.isError ? 'loading' : 'anonymous';
    return { status, user, signIn, signOut };
  }, [token, profile.data, profile.isError, signIn, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
