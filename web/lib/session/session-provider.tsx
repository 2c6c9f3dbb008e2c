// Session state machine of docs/product.md §4: no token → signed out; a token → fetch the profile, success sets the user,
// failure clears token and user. The user lives in the query cache so later screens (profile) can update it.
// Before deciding a tab is signed out, it asks once for a session from this browser's remembered device
// (decision 033), so that a link opened in a new tab lands where it points.
import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useLocation, useNavigate } from 'react-router';
import type { User } from '../../../common/contracts/auth';
import { ACCOUNT_TEXTS } from '../../../common/domain/account-texts';
import { SESSION_REFUSED_EVENT } from '../transport';
import { postLogout, profileQuery, refreshSession } from './session-api';
import { SESSION_USER_KEY, SessionContext, type SessionValue } from './session-context';
import { clearToken, hasRememberedDevice, readToken, writeToken } from './token-storage';
import { toastError } from '../toast';
import { useHydrated } from '../use-hydrated';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const [token, setToken] = useState<string | null>(readToken);
  // No token in this tab: the remembered device may still have one to give.
  const [restoring, setRestoring] = useState(() => token === null && hasRememberedDevice());
  // The server refused this tab's session: the sign-in page says it expired.
  const [expired, setExpired] = useState(false);
  const [leaving, setLeaving] = useState(false);
  // A call was refused mid-use (signed out elsewhere, removed from the team, disabled): say so once the remembered
  // device, if any, could not take over.
  const announceEnd = useRef(false);
  // Build-time pages are drawn signed out; the first render over them must be too (decision 054).
  const hydrated = useHydrated();

  const profile = useQuery({ ...profileQuery(), enabled: token !== null });

  /** The session was refused: clear it, then try the remembered device once before signing the tab out. */
  const sessionLost = useCallback(() => {
    clearToken();
    setToken(null);
    queryClient.removeQueries({ queryKey: SESSION_USER_KEY });
    setExpired(true);
    const restorable = hasRememberedDevice();
    setRestoring(restorable);
    if (announceEnd.current && !restorable) {
      announceEnd.current = false;
      toastError(ACCOUNT_TEXTS.sessionEnded);
    }
  }, [queryClient]);

  useEffect(() => {
    if (token !== null && profile.isError) sessionLost();
  }, [token, profile.isError, sessionLost]);

  useEffect(() => {
    const onRefused = (event: Event) => {
      if ((event as CustomEvent<string>).detail !== readToken()) return;
      announceEnd.current = true;
      // Nothing cached for the refused session may be shown to whoever signs in next on this tab.
      queryClient.removeQueries({ predicate: (query) => query.queryKey[0] !== SESSION_USER_KEY[0] });
      sessionLost();
    };
    window.addEventListener(SESSION_REFUSED_EVENT, onRefused);
    return () => window.removeEventListener(SESSION_REFUSED_EVENT, onRefused);
  }, [sessionLost, queryClient]);

  useEffect(() => {
    if (!restoring) return;
    let current = true;
    let restored = false;
    refreshSession()
      .then((result) => {
        if (!current || !result) return;
        restored = true;
        writeToken(result.token);
        queryClient.setQueryData(SESSION_USER_KEY, result.user);
        setToken(result.token);
        setExpired(false);
      })
      .catch(() => {
        // Refused (expired, signed out elsewhere) or unreachable: this tab is signed out.
      })
      .finally(() => {
        if (!current) return;
        setRestoring(false);
        if (announceEnd.current && !restored) toastError(ACCOUNT_TEXTS.sessionEnded);
        announceEnd.current = false;
      });
    return () => {
      current = false;
    };
  }, [restoring, queryClient]);

  const signIn = useCallback(
    (nextToken: string, user: User) => {
      writeToken(nextToken);
      queryClient.setQueryData(SESSION_USER_KEY, user);
      setToken(nextToken);
      setExpired(false);
      setRestoring(false);
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
    setExpired(false);
    // Nothing cached for this user may leak into the next sign-in on this tab.
    queryClient.clear();
  }, [leaving, pathname, queryClient]);

  const value = useMemo<SessionValue>(() => {
    if (!hydrated) return { status: 'anonymous', user: null, expired: false, signIn, signOut };
    const user = token !== null && profile.data ? profile.data : null;
    const status = user
      ? 'authenticated'
      : restoring || (token !== null && !profile.isError)
        ? 'loading'
        : 'anonymous';
    return { status, user, expired: status === 'anonymous' && expired, signIn, signOut };
  }, [hydrated, token, profile.data, profile.isError, restoring, expired, signIn, signOut]);

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
