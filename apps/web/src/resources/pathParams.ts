import { useMemo } from 'react';
import { useParams } from 'react-router';
import { usePerfil } from '../app/perfil.ts';

// Values of the ':param' placeholders of API paths: the route's own parameters, plus
// ':embarcadorAtivo', the active shipper (its sub-collections are only reachable through it).
export function usePathParams(): Record<string, string | undefined> {
  const params = useParams();
  const embarcadorAtivo = usePerfil().data?.embarcadorAtivo?.uid;
  return useMemo(() => ({ ...params, embarcadorAtivo }), [params, embarcadorAtivo]);
}
