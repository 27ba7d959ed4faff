import { MSG } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Flex, Spin } from 'antd';
import { type ReactNode, createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react';
import { Navigate, useLocation } from 'react-router';
import { setUnauthorizedHandler } from './api.ts';
import { type Session, fetchSession, signInCredentials, signOutRequest } from './auth.ts';
import { queryKeys } from './queryKeys.ts';

// Session context (next-auth's useSession): status, the session, sign-in and sign-out.
export type SessionStatus = 'loading' | 'authenticated' | 'unauthenticated';
type SignInResult = Awaited<ReturnType<typeof signInCredentials>>;
type SessionValue = {
  status: SessionStatus;
  data: Session | null;
  refetch: () => Promise<unknown>;
  signIn: (login: string, senha: string, callbackUrl: string) => Promise<SignInResult>;
  signOut: (redirectTo?: string) => Promise<void>;
};

const SessionContext = createContext<SessionValue | null>(null);

/** Delay between the 401 toast and the sign-out (spec §9). */
export const SIGNOUT_DELAY_MS = 1500;

export const signInPath = (error: string, callbackUrl: string) =>
  `/login?error=${encodeURIComponent(error)}&callbackUrl=${encodeURIComponent(callbackUrl)}`;

const here = () => `${window.location.pathname}${window.location.search}`;

export function SessionProvider({ children, navigate }: { children: ReactNode; navigate: (to: string) => unknown }) {
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  // TanStack's focus manager listens to `visibilitychange`: 'always' refetches the session
  // whenever the window becomes visible again, even if the last answer is still fresh.
  const query = useQuery({ queryKey: queryKeys.session, queryFn: fetchSession, refetchOnWindowFocus: 'always', staleTime: 30_000 });

  // While signing out the status reads 'loading': protected pages show a spinner instead of
  // redirecting on their own, and /login does not bounce back to the page being left.
  const [signingOut, setSigningOut] = useState(false);
  const signOut = useCallback(
    async (redirectTo = '/login?error=SignedOut') => {
      setSigningOut(true);
      try {
        await signOutRequest().catch(() => undefined);
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
        queryClient.setQueryData(queryKeys.session, null);
        await navigate(redirectTo);
      } finally {
        setSigningOut(false);
      }
    },
    [queryClient, navigate],
  );

  const signIn = useCallback(
    async (login: string, senha: string, callbackUrl: string) => {
      const result = await signInCredentials(login, senha, callbackUrl);
      if (result.ok) {
        // Another user may have been signed in before: nothing cached may leak into this session.
        queryClient.removeQueries({ predicate: (q) => q.queryKey[0] !== queryKeys.session[0] });
        await queryClient.fetchQuery({ queryKey: queryKeys.session, queryFn: fetchSession, staleTime: 0 });
      }
      return result;
    },
    [queryClient],
  );

  // A 401 from the API: one toast, then sign-out and the sign-in page saying the session expired
  // (several failing calls act once).
  const pending = useRef(false);
  useEffect(() => {
    setUnauthorizedHandler(() => {
      if (pending.current) return;
      pending.current = true;
      message.error(MSG.naoAutorizado);
      window.setTimeout(() => {
        void signOut(signInPath('SessionExpired', here())).finally(() => {
          pending.current = false;
        });
      }, SIGNOUT_DELAY_MS);
    });
    return () => setUnauthorizedHandler(null);
  }, [message, signOut]);

  const status: SessionStatus = query.isPending || signingOut ? 'loading' : query.data ? 'authenticated' : 'unauthenticated';
  const value = useMemo<SessionValue>(
    () => ({ status, data: query.data ?? null, refetch: query.refetch, signIn, signOut }),
    [status, query.data, query.refetch, signIn, signOut],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionValue {
  const ctx = useContext(SessionContext);
  if (!ctx) throw new Error('useSession fora do SessionProvider');
  return ctx;
}

export function FullPageSpin({ tip = 'Carregando...' }: { tip?: string }) {
  return (
    <Flex align="center" justify="center" style={{ minHeight: '100vh' }}>
      <Spin size="large" description={tip}>
        <div style={{ width: 120, height: 80 }} />
      </Spin>
    </Flex>
  );
}

/** Pages behind a session: unauthenticated users go to sign-in with SessionRequired and a callback URL. */
export function RequireSession({ children }: { children: ReactNode }) {
  const { status } = useSession();
  const location = useLocation();
  if (status === 'loading') return <FullPageSpin />;
  // Sign-out has already moved the URL to the sign-in page, and React Router renders that move in a
  // transition, after the session turned unauthenticated: redirecting from here would replace its
  // "Você saiu." / "Sua sessão expirou." with the protected-page message.
  if (status === 'unauthenticated' && window.location.pathname !== location.pathname) return <FullPageSpin />;
  if (status === 'unauthenticated') {
    return <Navigate replace to={signInPath('SessionRequired', `${location.pathname}${location.search}`)} />;
  }
  return <>{children}</>;
}
