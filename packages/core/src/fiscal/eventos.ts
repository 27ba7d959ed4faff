import type { Cancelamento, EventoLido } from './tipos.ts';
import { type No, caminho, filho, lista, texto } from './xml.ts';

// Cancellation events: procEventoNFe / procEventoCTe (tpEvento 110111), the reply retEvento(CTe)
// embedded in a proc wrapper, and the older procCancCTe (cancCTe + retCancCTe, cStat 101).

export const EVENTO_CANCELAMENTO = '110111';
/** cStat of a registered event (135 vinculado, 136 não vinculado, 155 fora de prazo) and of the old cancellation (101). */
const REGISTRADO = new Set(['135', '136', '155', '101']);

/** The cancellation found in reply nodes (infEvento / infCanc) for `chave`, or null. */
export function cancelamentoDasRespostas(respostas: No[], chave: string): Cancelamento | null {
  for (const inf of respostas) {
    const ch = texto(inf, 'chNFe') ?? texto(inf, 'chCTe');
    const tp = texto(inf, 'tpEvento');
    const st = texto(inf, 'cStat') ?? '';
    // infCanc (old CT-e cancellation) has no tpEvento.
    if ((tp === EVENTO_CANCELAMENTO || tp === null) && REGISTRADO.has(st) && (!ch || ch === chave))
      return { protocolo: texto(inf, 'nProt'), data: texto(inf, 'dhRegEvento') ?? texto(inf, 'dhRecbto') };
  }
  return null;
}

/** Every reply node inside a wrapper (nfeProc/cteProc may carry retEvento, procEventoNFe, procCancCTe…). */
export function respostasDeEvento(wrapper: No | null): No[] {
  if (!wrapper) return [];
  const out: No[] = [];
  for (const r of lista(wrapper.retEvento)) out.push(...lista(r.infEvento));
  for (const r of lista(wrapper.retEventoCTe)) out.push(...lista(r.infEvento));
  for (const p of [...lista(wrapper.procEventoNFe), ...lista(wrapper.procEventoCTe), ...lista(wrapper.procCancCTe)]) out.push(...respostasDeEvento(p));
  for (const r of lista(wrapper.retCancCTe)) out.push(...lista(r.infCanc));
  return out;
}

/** A standalone event file: root procEventoNFe, procEventoCTe, procCancCTe (or a bare evento). */
export function lerEvento(raiz: string, no: No): EventoLido {
  const documento = /CTe/.test(raiz) ? 'cte' : 'nfe';
  const avisos: string[] = [];
  const env = raiz === 'procCancCTe' ? caminho(no, 'cancCTe', 'infCanc') : (caminho(no, 'evento', 'infEvento') ?? caminho(no, 'eventoCTe', 'infEvento') ?? filho(no, 'infEvento'));
  const respostas = respostasDeEvento(no);
  const chave = texto(env, 'chNFe') ?? texto(env, 'chCTe') ?? texto(respostas[0], 'chNFe') ?? texto(respostas[0], 'chCTe');
  if (!chave) throw new Error('evento sem chave de acesso');
  const tipoEvento = raiz === 'procCancCTe' ? EVENTO_CANCELAMENTO : (texto(env, 'tpEvento') ?? texto(respostas[0], 'tpEvento') ?? '');
  const canc = cancelamentoDasRespostas(respostas, chave);
  const registrado = tipoEvento === EVENTO_CANCELAMENTO ? canc !== null : respostas.some((r) => REGISTRADO.has(texto(r, 'cStat') ?? ''));
  if (!respostas.length) avisos.push('evento sem o retorno da SEFAZ (não registrado): não foi aplicado');
  return {
    tipo: 'evento',
    documento,
    chave,
    tipoEvento,
    descricao: texto(caminho(env, 'detEvento'), 'descEvento') ?? texto(respostas[0], 'xEvento'),
    registrado,
    protocolo: canc?.protocolo ?? texto(respostas[0], 'nProt'),
    data: canc?.data ?? texto(respostas[0], 'dhRegEvento'),
    avisos,
  };
}
