import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Reads of the fleet for custom screens (the routes of a freight table show vehicle-type names),
// cached among the vehicle types' lists: a change of a type refreshes them.
const keys = queryKeys.resource('tiposveiculo');

/** Vehicle types as {value: uid, label: name}, the selection list. */
export function useTiposVeiculoLista() {
  return useQuery({
    queryKey: keys.namedList('nomes'),
    queryFn: async ({ signal }) => (await apiGet<{ value: string; label: string }[]>('/tiposveiculo/list', undefined, signal)).data,
    staleTime: 60_000,
  });
}
