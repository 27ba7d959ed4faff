import type { DbOrTx } from '../../framework/resource.ts';
import { historicoWebservice } from '../../db/schema/index.ts';

/** Bodies beyond this are cut (a distribution answer can carry 50 documents): the history is for diagnosis. */
export const CORPO_MAX = 100_000;
const cortar = (s: string | null | undefined) => (s == null ? null : s.length > CORPO_MAX ? `${s.slice(0, CORPO_MAX)}\n[… ${s.length - CORPO_MAX} caracteres omitidos]` : s);

export type Chamada = {
  embarcadorUid: string; servico: string; ambiente: string; url: string; cStat?: string | null; xMotivo?: string | null;
  sucesso: boolean; duracaoMs: number; requisicao?: string | null; resposta?: string | null;
};

/** Records one call to an outside web service (never the certificate or its password: only the SOAP bodies). */
export async function registrarChamada(db: DbOrTx, c: Chamada) {
  await db.insert(historicoWebservice).values({ ...c, cStat: c.cStat ?? null, xMotivo: c.xMotivo ?? null, requisicao: cortar(c.requisicao), resposta: cortar(c.resposta) });
}
