import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { usePathParams } from './pathParams.ts';
import { fillPath } from './registry.ts';
import type { ResourceDef } from './types.ts';

// The link to a record that already exists (a duplicate CNPJ/CPF): its list with ?abrir=<uid>, which opens
// its form. Shared by the live warning of a document field and the server's 409 on saving.
export const linkAbrirRegistro = (path: string, uid: string) => `${path}?abrir=${encodeURIComponent(uid)}`;

export function AbrirRegistro({ path, registro }: { path: string; registro: { uid: string; nome: string } }) {
  return <Link to={linkAbrirRegistro(path, registro.uid)}>Abrir o cadastro de {registro.nome}</Link>;
}

/** For a form's 409 (aplicarErrosNoForm): the link to the record named, in `def`'s list — a sub-list
 * (a carrier's drivers) with its parent's uid from the current route; none when a parameter is unknown. */
export function useAbrirRegistro(def: ResourceDef): ((r: { uid: string; nome: string }) => ReactNode) | undefined {
  const params = usePathParams();
  const faltando = [...def.path.matchAll(/:(\w+)/g)].some((m) => !params[m[1]]);
  if (faltando) return undefined;
  const path = fillPath(def.path, params);
  return (r) => <AbrirRegistro path={path} registro={r} />;
}
