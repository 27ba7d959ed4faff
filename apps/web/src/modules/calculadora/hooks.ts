import type { CalculoResultado, calculoInput, z } from '@fretio/core';
import { apiPost } from '../../app/api.ts';
import { useMutacao } from '../../app/mutacoes.ts';

// The freight calculator's call, typed by core's calculoInput (body) and CalculoResultado (reply).
// A calculation changes nothing cached: no query to refresh.
export type CorpoCalculo = z.input<typeof calculoInput>;

export const useCalcular = () =>
  useMutacao(
    (body: CorpoCalculo) => apiPost<CalculoResultado>('/calculadora/calcular', body),
    () => [],
  );
