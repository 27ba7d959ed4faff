import type { ListPage } from '../app/api.ts';
import type { Registro } from './types.ts';

// The pure part of the bulk actions (AcoesEmLote.tsx): gathering every record a list's filters match,
// across its pages, and applying one action to many records a few calls at a time, with the same
// per-record report whatever the selection's size.

/** Page size used to gather the records of "Selecionar todos os N registros" (the API allows up to 500). */
export const PPS_LOTE = 100;

/** Every record the list's query matches, page by page in the list's own order (filters and sort as
 * shown; `pc`/`pps` replaced). A record met twice (the list changed meanwhile) counts once. */
export async function buscarTodos(
  pagina: (pc: number, pps: number) => Promise<ListPage<Registro>>,
  pps = PPS_LOTE,
): Promise<Registro[]> {
  const vistos = new Map<string, Registro>();
  for (let pc = 1; ; pc++) {
    const { data, totalRecords } = await pagina(pc, pps);
    for (const r of data) if (!vistos.has(r.uid)) vistos.set(r.uid, r);
    if (data.length < pps || pc * pps >= totalRecords) break;
  }
  return [...vistos.values()];
}

export type ResultadoEmLote = { feitos: number; ignorados: number; falhas: { registro: string; mensagem: string }[] };

/** Applies `run` to every record `aplica` accepts, `simultaneas` calls at a time (batched: never the
 * whole selection at once); never throws. Failures keep the records' order. `progresso` is told how
 * many records were handled so far. */
export async function aplicarEmLotes(
  linhas: Registro[],
  acao: { aplica: (r: Registro) => boolean; run: (r: Registro) => Promise<unknown> },
  titulo: (r: Registro) => string,
  opts: { simultaneas?: number; progresso?: (feitos: number, total: number) => void } = {},
): Promise<ResultadoEmLote> {
  const simultaneas = Math.max(1, opts.simultaneas ?? 4);
  const r: ResultadoEmLote = { feitos: 0, ignorados: 0, falhas: [] };
  const falhas: ({ registro: string; mensagem: string } | undefined)[] = [];
  let tratados = 0;
  for (let i = 0; i < linhas.length; i += simultaneas) {
    const lote = linhas.slice(i, i + simultaneas);
    await Promise.all(
      lote.map(async (linha, j) => {
        if (!acao.aplica(linha)) {
          r.ignorados++;
          return;
        }
        try {
          await acao.run(linha);
          r.feitos++;
        } catch (e) {
          falhas[i + j] = { registro: titulo(linha), mensagem: (e as Error).message || 'Erro ao processar registro.' };
        }
      }),
    );
    tratados += lote.length;
    opts.progresso?.(tratados, linhas.length);
  }
  r.falhas = falhas.filter((f): f is NonNullable<typeof f> => !!f);
  return r;
}
