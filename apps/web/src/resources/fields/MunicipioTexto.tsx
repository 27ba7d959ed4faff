import { descreverMunicipio } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api.ts';

// An IBGE code shown as users read it, "Cidade/UF (código)" (descreverMunicipio, as Rotas and Prazos
// show their places): the name is looked up once per code and kept for the visit.
type Municipio = { value: string; cidade: string; uf: string };

export function useMunicipio(ibge: string | null | undefined) {
  return useQuery({
    queryKey: ['municipio-ibge', ibge],
    queryFn: async ({ signal }) => {
      const r = await apiGet<Municipio[]>('/locais/ibge/lista', { q: String(ibge) }, signal);
      const m = r.data.find((x) => x.value === ibge);
      return m ? { nome: m.cidade, uf: m.uf } : null;
    },
    enabled: !!ibge,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 60 * 60_000,
  });
}

export function MunicipioTexto({ ibge }: { ibge: string | null | undefined }) {
  const m = useMunicipio(ibge);
  if (!ibge) return <>—</>;
  // While the name loads (or if it never comes), the code alone.
  return <>{m.data ? descreverMunicipio(ibge, m.data) : ibge}</>;
}
