import type { Componente } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Reads of the freight components for custom screens (the rule editor of a freight table), cached
// among the components' lists: a change of a component refreshes them.
const keys = queryKeys.resource('componentes');

/** The active components (code and name), for a rule's component select. */
export function useComponentesAtivos() {
  return useQuery({
    queryKey: keys.namedList('ativos'),
    queryFn: async ({ signal }) => (await apiGet<Componente[]>('/componentes/ativos', undefined, signal)).data,
    staleTime: 60_000,
  });
}
