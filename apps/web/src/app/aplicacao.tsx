import type { ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { InicioPage } from '../pages/InicioPage.tsx';
import { NotFoundPage } from '../pages/NotFoundPage.tsx';
import { SemPermissao } from '../pages/SemPermissao.tsx';
import { RESOURCES, type ResourceDef } from '../resources/registry.ts';
import { telaSobDemanda } from '../resources/sobDemanda.tsx';
import { usePode } from './perfil.ts';
import { RequireSession } from './session.tsx';
import { Shell } from './shell.tsx';

// The signed-in application: the shell with one route per registry entry. Loaded on its own (a lazy
// route of routes.tsx), so the sign-in and other public pages download none of the screens. The
// dashboard (index) is the only screen in this chunk: the generic list/form and every module's own
// pages load on demand (resources/sobDemanda.tsx), so the first signed-in screen fetches only itself.
const ResourceList = telaSobDemanda(() => import('../resources/ResourceList.tsx'), 'ResourceList');
const PerfilPage = telaSobDemanda(() => import('../pages/PerfilPage.tsx'), 'PerfilPage');
function RequireRead({ def, children }: { def: ResourceDef; children: ReactNode }) {
  const pode = usePode();
  return pode(def.recurso, 'ler') ? children : <SemPermissao />;
}

export function Aplicacao() {
  return (
    <RequireSession>
      <Routes>
        <Route element={<Shell />}>
          <Route index element={<InicioPage />} />
          <Route path="perfil" element={<PerfilPage />} />
          {RESOURCES.map((def) => {
            const Page = def.page ?? ResourceList;
            return (
              <Route
                key={def.key}
                path={def.path.replace(/^\//, '')}
                // key: a new resource screen starts fresh (no drawer or state carried over from another one).
                element={
                  <RequireRead def={def}>
                    <Page key={def.key} def={def} />
                  </RequireRead>
                }
              />
            );
          })}
          <Route path="*" element={<NotFoundPage />} />
        </Route>
      </Routes>
    </RequireSession>
  );
}
