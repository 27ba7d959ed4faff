import { type RouteObject, createBrowserRouter } from 'react-router';
import { AuthErroPage } from '../pages/auth/AuthErroPage.tsx';
import { DefinirSenhaPage } from '../pages/auth/DefinirSenhaPage.tsx';
import { EsqueciSenhaPage } from '../pages/auth/EsqueciSenhaPage.tsx';
import { LoginPage } from '../pages/auth/LoginPage.tsx';
import { NaoAutorizadoPage } from '../pages/auth/NaoAutorizadoPage.tsx';

// Routes: the public account pages, then the signed-in application (app/aplicacao.tsx: the shell with
// one route per registry entry), loaded lazily so the sign-in page downloads none of the screens.
export const routes: RouteObject[] = [
  { path: '/login', element: <LoginPage /> },
  { path: '/esqueci-senha', element: <EsqueciSenhaPage /> },
  {
    path: '/redefinir-senha/:token',
    element: <DefinirSenhaPage titulo="Redefinir senha" acao="resetpassword" sucesso="Senha redefinida com sucesso." />,
  },
  { path: '/ativar/:token', element: <DefinirSenhaPage titulo="Ativar conta" acao="active" sucesso="Conta ativada com sucesso." /> },
  { path: '/nao-autorizado', element: <NaoAutorizadoPage /> },
  { path: '/auth/erro', element: <AuthErroPage /> },
  { path: '/rastreio/:token', lazy: async () => ({ Component: (await import('../modules/rastreio/RastreioPublicoPage.tsx')).RastreioPublicoPage }) },
  { path: '/*', lazy: async () => ({ Component: (await import('./aplicacao.tsx')).Aplicacao }) },
];

export const router = createBrowserRouter(routes);
