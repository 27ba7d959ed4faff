import { Flex, Spin } from 'antd';
import { type ComponentType, type ReactNode, Suspense, lazy } from 'react';

// Code splitting of the signed-in app: a module's screens (its own pages, toolbars, row extras,
// dialogs) are declared in its resource.tsx as `sobDemanda(() => import('./X.tsx'), 'X')`, so the
// registry (menu, routes, breadcrumbs, search) carries only the declarations and each screen's code
// is downloaded the first time it is shown. The first signed-in screen (the dashboard) downloads none
// of them.

/** A spinner where a lazily loaded screen will appear. */
export function CarregandoTela() {
  return (
    <Flex justify="center" style={{ padding: 48 }} data-testid="carregando-tela">
      <Spin aria-label="Carregando" />
    </Flex>
  );
}

// biome-ignore lint/suspicious/noExplicitAny: whatever props the loaded component takes
type Componente = ComponentType<any>;

/** A component whose code is fetched the first time it renders (named export `nome` of the module),
 * typed as that export. `espera`: what shows meanwhile (default nothing, for buttons and row extras;
 * pages get CarregandoTela). */
export function sobDemanda<M extends Record<K, Componente>, K extends keyof M & string>(
  carregar: () => Promise<M>,
  nome: K,
  espera: ReactNode = null,
): M[K] {
  const Carregado: Componente = lazy(async () => ({ default: (await carregar())[nome] }));
  // biome-ignore lint/correctness/noComponentHookFactories: a factory called once per screen at module level, not during render
  function SobDemanda(props: Record<string, unknown>) {
    return (
      <Suspense fallback={espera}>
        <Carregado {...props} />
      </Suspense>
    );
  }
  SobDemanda.displayName = `SobDemanda(${nome})`;
  return SobDemanda as unknown as M[K];
}

/** A page of a module (ResourceDef.page), with a spinner while its code loads. */
export const telaSobDemanda = <M extends Record<K, Componente>, K extends keyof M & string>(carregar: () => Promise<M>, nome: K) =>
  sobDemanda(carregar, nome, <CarregandoTela />);
