import { Suspense, lazy } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { LoginPage } from '../pages/auth/LoginPage.tsx';

// Routes: the sign-in page, the other public account pages (lazy: they bring antd's Result), then the
// signed-in application (app/aplicacao.tsx: the shell with one lazy route per registry entry), loaded
// lazily so the sign-in page downloads none of the screens.
const DefinirSenhaPage = lazy(async () => ({ default: (await import('../pages/auth/DefinirSenhaPage.tsx')).DefinirSenhaPage }));
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/esqueci-senha', lazy: async () => ({ Component: (await import('../pages/auth/EsqueciSenhaPage.tsx')).EsqueciSenhaPage }) },
  {
    path: '/redefinir-senha/:token',
    element: (
      <Suspense>
        <DefinirSenhaPage titulo="Redefinir senha" acao="resetpassword" sucesso="Senha redefinida com sucesso." />
      </Suspense>
    ),
  },
  {
    path: '/ativar/:token',
    element: (
      <Suspense>
        <DefinirSenhaPage titulo="Ativar conta" acao="active" sucesso="Conta ativada com sucesso." />
      </Suspense>
    ),
  },
  { path: '/nao-autorizado', lazy: async () => ({ Component: (await import('../pages/auth/NaoAutorizadoPage.tsx')).NaoAutorizadoPage }) },
  { path: '/auth/erro', lazy: async () => ({ Component: (await import('../pages/auth/AuthErroPage.tsx')).AuthErroPage }) },
  { path: '/rastreio/:token', lazy: async () => ({ Component: (await import('../modules/rastreio/RastreioPublicoPage.tsx')).RastreioPublicoPage }) },
  { path: '/*', lazy: async () => ({ Component: (await import('./aplicacao.tsx')).Aplicacao }) },
];

export const router = createBrowserRouter(routes);
