// The page of e2e/nextauth.test.ts, bundled at test time with esbuild: the real next-auth v4 client
// (next-auth/react) against our server. The test drives it through window.nextAuth.
import { createElement, useEffect } from 'react';
import { createRoot } from 'react-dom/client';
import { SessionProvider, getCsrfToken, getProviders, getSession, signIn, signOut, useSession } from 'next-auth/react';

type Update = ReturnType<typeof useSession>['update'];
const pronto: { update?: Update; status?: string } = {};

/** Keeps SessionProvider's `update` and status where the test can reach them. */
function Ponte() {
  const { status, update } = useSession();
  useEffect(() => {
    pronto.update = update;
    pronto.status = status;
    document.body.dataset.status = status;
  }, [status, update]);
  return null;
}

Object.assign(window, {
  nextAuth: {
    getProviders,
    getCsrfToken,
    getSession,
    signIn: (login: string, senha: string) => signIn('credentials', { redirect: false, login, senha }),
    signOut: () => signOut({ redirect: false }),
    update: (dados: unknown) => (pronto.update as Update)(dados),
  },
});

createRoot(document.getElementById('root') as HTMLElement).render(createElement(SessionProvider, { basePath: '/api/auth', children: createElement(Ponte) }));
