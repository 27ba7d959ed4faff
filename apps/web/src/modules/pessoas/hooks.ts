import type { ConsultaCnpjAdmin } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';

// Reads of the people screens beyond the generic list/form, on the query-key factory.
const keys = queryKeys.resource('pessoas');

/** A CNPJ looked up in our registers and at the external provider (e=1). Cached among the people's
 * lists: saving a person refreshes it, so the same CNPJ then shows as already registered. */
export function useConsultaCnpj(documento: string, enabled: boolean) {
  return useQuery({
    queryKey: keys.namedList('consulta-cnpj', { documento }),
    queryFn: async ({ signal }) => (await apiGet<ConsultaCnpjAdmin>(`/administracao/consulta-cnpj/${documento}`, { e: 1 }, signal)).data,
    enabled,
    staleTime: 60_000,
  });
}
