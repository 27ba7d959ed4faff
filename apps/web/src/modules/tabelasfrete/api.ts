import {
  MSG,
  type RegraItem,
  type TabelaFrete,
  tabelaFrete,
  tabelaFreteInput,
  tabelaFreteUpdate,
} from '@fretio/core';
import { ApiError, apiPost } from '../../app/api.ts';
import { contrato } from '../../app/contrato.ts';

// The freight tables' API (typed contract) and the helpers shared by the list and the editor; the
// hooks on top of them are in hooks.ts.
export const TABELAS_KEY = 'tabelas-frete';
export const tabelasApi = contrato({ path: '/tabelasfrete', item: tabelaFrete, input: tabelaFreteInput, update: tabelaFreteUpdate });

/** GET of a file (XLSX export): saved under the server's file name; failures as ApiError. */
export async function baixarArquivo(url: string, nomePadrao: string) {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('Falha de rede. Verifique sua conexão e tente novamente.', 0);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(json?.message || MSG.erroProcessar, res.status);
  }
  const nome = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A rule as the API takes it (ranges inline for FAIXA). */
export function corpoDaRegra(r: RegraItem) {
  return {
    componente: r.componente,
    base: r.base,
    calculo: r.calculo,
    valor: r.calculo === 'FAIXA' ? null : r.valor,
    minimo: r.minimo,
    maximo: r.maximo,
    aposMinimo: r.aposMinimo,
    faixas: r.calculo === 'FAIXA' ? r.faixas.map((f) => ({ ate: f.ate, valor: f.valor, modo: f.modo })) : undefined,
  };
}

/** The server copies the whole table in one transaction (POST {uid}/duplicar); the copy starts in Validação. */
export async function duplicarTabela(uid: string): Promise<TabelaFrete> {
  return (await apiPost<TabelaFrete>(`/tabelasfrete/${uid}/duplicar`, {})).data;
}
