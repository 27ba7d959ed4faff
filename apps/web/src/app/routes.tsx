import type { ReactNode } from 'react';
import { type RouteObject, createBrowserRouter } from 'react-router';
import { AuthErroPage } from '../pages/auth/AuthErroPage.tsx';
import { DefinirSenhaPage } from '../pages/auth/DefinirSenhaPage.tsx';
import { EsqueciSenhaPage } from '../pages/auth/EsqueciSenhaPage.tsx';
import { LoginPage } from '../pages/auth/LoginPage.tsx';
import { NaoAutorizadoPage } from '../pages/auth/NaoAutorizadoPage.tsx';
import { InicioPage } from '../pages/InicioPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { PerfilPage } from '../pages/PerfilPage.tsx';
import { RastreioPublicoPage } from '../modules/rastreio/RastreioPublicoPage.tsx';
import { SemPermissao } from '../pages/SemPermissao.tsx';
import { ResourceList } from '../resources/ResourceList.tsx';
import { RESOURCES, type ResourceDef } from '../resources/registry.ts';
import { usePode } from './perfil.ts';
import { RequireSession } from './session.tsx';
import { Shell } from './shell.tsx';

// Routes: the public account pages, then the shell with one list route per registry entry.
function RequireRead({ def, children }: { def: ResourceDef; children: ReactNode }) {
  const pode = usePode();
  return pode(def.recurso, 'ler') ? children : <SemPermissao />;
}

const resourceRoutes: RouteObject[] = RESOURCES.map((def) => {
  const Page = def.page ?? ResourceList;
  return {
    path: def.path.replace(/^\//, ''),
    // key: a new resource screen starts fresh (no drawer or state carried over from another one).
    element: (
      <RequireRead def={def}>
        <Page key={def.key} def={def} />
      </RequireRead>
    ),
  };
});

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
  { path: '/rastreio/:token', element: <RastreioPublicoPage /> },
  {
    path: '/',
    element: (
      <RequireSession>
        <Shell />
      </RequireSession>
    ),
    children: [
      { index: true, element: <InicioPage /> },
      { path: 'perfil', element: <PerfilPage /> },
      ...resourceRoutes,
      { path: '*', element: <NotFoundPage /> },
    ],
  },
];

export const router = createBrowserRouter(routes);
