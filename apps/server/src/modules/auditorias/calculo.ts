import Decimal from 'decimal.js';
import { type CalculoEsperado, calcularFrete, esperadoDoMotor, esperadoSpot, type ReferenciaAuditoria, type SemCalculo } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { m3DoCte, partesDoCte } from '../calculadora/documentos-carga.ts';
import { resolverLocal } from '../calculadora/locais.ts';
import { icmsDoFrete, modalDoCte, opcoesDoMotor, type TributoDoFrete } from '../calculadora/opcoes.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import { linhasAcordadas } from './acordado.ts';
import { chaveTabelas, tabelasVigentes } from './tabelas.ts';
import type { CteCarregado } from './cte.ts';

// The expected value of a CT-e from the carrier's rate table valid on the CT-e's emission date (São Paulo
// day): origin/destination from the CT-e's municipalities, weight = the larger of the CT-e's cargo weight,
// its "PESO CUBADO" (not for a load exempt from cubage by the register) and the NF-es' gross weight, goods value = sum of the linked NF-es (the CT-e's vCarga while none is
// imported), volumes and documents from the NF-es.

/**
 * The tax the CT-e's service owes, by the calculator's one rule (calculadora/opcoes.ts icmsDoFrete): transport
 * ICMS of its UFs and modal on its emission date (SP intrastate 12 %, not the goods' 18 %), ISS inside one
 * municipality, none for a Simples Nacional carrier. null when the CT-e lacks its UFs (or names an unknown one).
 */
export async function tributoDoCte(db: DbOrTx, embarcadorUid: string, c: CteCarregado, simples: boolean): Promise<TributoDoFrete | null> {
  const o = c.cte.origem.uf;
  const d = c.cte.destino.uf;
  if (!o || !d) return simples ? { tributo: 'NENHUM', aliquota: 0, fonte: '' } : null;
  try {
    return await icmsDoFrete(db, embarcadorUid, {
      ufOrigem: o, ufDestino: d, ibgeOrigem: c.cte.origem.municipioIbge, ibgeDestino: c.cte.destino.municipioIbge,
      data: hojeSaoPaulo(new Date(c.cte.emissao)), modal: modalDoCte(c.cte.modal), simplesNacional: simples,
    });
  } catch (e) {
    if (e instanceof AppError) return null;
    throw e;
  }
}

/** Time inside the freight engine and the comparison (ms, summed over the process): the re-audit bench reports its share. */
export const tempoMotor = { ms: 0 };

const brData = (iso: string) => iso.split('-').reverse().join('/');
const maior = (...v: (string | null | undefined)[]) => Math.max(...v.map((x) => Number(x ?? 0)));

export async function calculoPelaTabela(db: DbOrTx, embarcadorUid: string, c: CteCarregado, simples: boolean): Promise<CalculoEsperado | SemCalculo> {
  if (!c.transportadorUid)
    return { calculado: false, motivo: `O emitente do CT-e (CNPJ ${c.cte.emitente.documento ?? '—'}) não é um transportador cadastrado.` };
  const data = hojeSaoPaulo(new Date(c.cte.emissao));
  const transportadorUid = c.transportadorUid;
  const tabelas = await memoLote(db, chaveTabelas(transportadorUid, data), async () => (await tabelasVigentes(db, embarcadorUid, [{ transportadorUid, data }])).get(chaveTabelas(transportadorUid, data)) ?? []);
  if (!tabelas.length) return { calculado: false, motivo: `Nenhuma tabela de frete ativa do transportador vigente em ${brData(data)}.` };
  if (!c.cte.origem.municipioIbge || !c.cte.destino.municipioIbge)
    return { calculado: false, motivo: 'O CT-e não informa o município de origem ou de destino.' };
  let origem: Awaited<ReturnType<typeof resolverLocal>>;
  let destino: typeof origem;
  try {
    const { municipioIbge: io } = c.cte.origem;
    const { municipioIbge: id } = c.cte.destino;
    origem = await memoLote(db, `local|origem|${io}`, () => resolverLocal(db, embarcadorUid, { municipioIbge: io }, 'origem'));
    destino = await memoLote(db, `local|destino|${id}`, () => resolverLocal(db, embarcadorUid, { municipioIbge: id }, 'destino'));
  } catch (e) {
    if (e instanceof AppError) return { calculado: false, motivo: e.message };
    throw e;
  }
  const pesoReal = maior(c.cte.pesoCarga as string | null, c.pesoNfes);
  const valorMercadoria = Number(c.valorNfes ?? c.cte.valorCarga ?? 0);
  // The load as the calculator would take it: the NF-es' m³, products/NCMs and parties (the CT-e's own
  // sender/recipient first).
  // Seeded for the whole batch by the re-audit (lote.ts); one read each for a single CT-e.
  const [doc, m3] = await Promise.all([
    memoLote(db, `partes|${c.uid}`, () => partesDoCte(db, c.uid)), memoLote(db, `m3|${c.uid}`, () => m3DoCte(db, embarcadorUid, c.uid)),
  ]);
  // The engine's options are the calculator's and the simulations' (calculadora/opcoes.ts): transport
  // ICMS per UF, ISS, holidays, catalogue flags, vehicles, ANTT floor, Simples Nacional, parties.
  let motor: Awaited<ReturnType<typeof opcoesDoMotor>>;
  try {
    motor = await opcoesDoMotor(db, embarcadorUid, {
      origem, destino, data, pesoKg: pesoReal, pesoCubadoKg: c.cte.pesoCubado === null || c.cte.pesoCubado === undefined ? null : Number(c.cte.pesoCubado), m3, valorMercadoria,
      volumes: c.volumesNfes === null ? undefined : Number(c.volumesNfes),
      documentos: c.quantidadeNfes || undefined,
      remetente: c.cte.remetente?.documento ?? doc.remetente,
      destinatario: c.cte.destinatario?.documento ?? doc.destinatario,
      partesInvalidas: 'ignorar',
      produtos: doc.produtos,
      produtosDesconhecidos: 'ignorar',
      ncms: doc.ncms,
    }, tabelas);
  } catch (e) {
    if (e instanceof AppError) return { calculado: false, motivo: e.message };
    throw e;
  }
  const { montadas, carga } = motor;
  const pesoKg = carga.pesoKg;
  const motivos: string[] = [];
  // Several tables of the carrier may be valid: the best priority wins, then the lowest total (the
  // calculator's ranking), so the audit expects what the shipper would have been quoted.
  let melhor: { t: (typeof tabelas)[number]; r: Extract<ReturnType<typeof calcularFrete>, { cotado: true }> } | null = null;
  for (const t of tabelas) {
    const m = montadas.get(t.uid);
    if (!m) continue;
    if (m.erros.length) { motivos.push(`tabela "${t.nome}" com erro de cadastro: ${m.erros[0]!.message}`); continue; }
    const o = motor.opcoes(t);
    const t0 = performance.now();
    const r = calcularFrete(m.tabela, carga, simples ? { ...o, simplesNacional: true } : o);
    tempoMotor.ms += performance.now() - t0;
    if (!r.cotado) { motivos.push(`tabela "${t.nome}": ${r.motivo}`); continue; }
    if (!melhor || t.prioridade < melhor.t.prioridade || (t.prioridade === melhor.t.prioridade && r.total < melhor.r.total)) melhor = { t, r };
  }
  if (melhor) {
    const { t, r } = melhor;
    const e = esperadoDoMotor(r, 'TABELA', {
      descricao: `tabela "${t.nome}" vigente em ${brData(data)}, ${origem.uf} → ${destino.uf}, ${pesoKg} kg, mercadoria R$ ${valorMercadoria.toFixed(2).replace('.', ',')}`,
      referenciaUid: t.uid, pesoKg, valorMercadoria,
    });
    return e.calculado ? comReferencias(e, [{ tipo: 'TABELA', uid: t.uid, numero: t.nome }]) : e;
  }
  return { calculado: false, motivo: `Nenhuma tabela vigente cota este CT-e (${motivos.join('; ')}).` };
}

type Linha = Record<string, unknown>;

/** The records the expected value came from (quotations and their shipments, orders), each once, for the detail's links. */
function referenciasDe(linhas: Linha[], pares: [ReferenciaAuditoria['tipo'], string, string][]): ReferenciaAuditoria[] {
  const vistas = new Map<string, ReferenciaAuditoria>();
  for (const l of linhas) {
    for (const [tipo, uid, numero] of pares) {
      if (l[uid] === null || l[uid] === undefined || vistas.has(String(l[uid]))) continue;
      vistas.set(String(l[uid]), { tipo, uid: String(l[uid]), numero: l[numero] === null || l[numero] === undefined ? null : String(l[numero]) });
    }
  }
  return [...vistas.values()];
}
const comReferencias = (c: CalculoEsperado, referencias: ReferenciaAuditoria[]): CalculoEsperado => ({
  ...c, memoria: { ...((c.memoria as Record<string, unknown> | undefined) ?? {}), referencias },
});

const reaisBr = (v: Decimal) => v.toFixed(2).replace('.', ',');

/**
 * The agreed freight of the CT-e, when every NF-e it carries has one for the CT-e's carrier (precedence of
 * the audit: spot price → order simulation → table; a CT-e only partly covered falls through to the next source):
 * - SPOT: the approved quotation (status Finalizada, winner = the CT-e's carrier): its agreed value prorated on
 *   the NF-e lines (`carga_nfes.frete_esperado`), summed over the CT-e's NF-es. The carrier's answer is the
 *   price of the service, tax included (ICMS "por dentro" at the rate of the tax rules).
 * - SIMULACAO: the order (pedido) linked to each NF-e whose selected simulation names the CT-e's carrier
 *   (`pedidos.frete_esperado`, the value the shipment's NF-e line copies). One order: the engine answer kept
 *   with the simulation, compared component by component; several orders: the sum of their totals.
 */
export async function calculoAcordado(db: DbOrTx, embarcadorUid: string, c: CteCarregado, simples: boolean): Promise<CalculoEsperado | null> {
  if (!c.transportadorUid || !c.quantidadeNfes) return null;
  const linhas = await linhasAcordadas(db, embarcadorUid, { uid: c.uid, transportadorUid: c.transportadorUid });
  if (!linhas.length) return null;
  const soma = (k: string) => linhas.reduce((s, l) => s.plus(String(l[k])), new Decimal(0));
  const distintos = (k: string) => [...new Set(linhas.map((l) => String(l[k])))];
  const pesoKg = maior(c.cte.pesoCarga as string | null, c.cte.pesoCubado as string | null, c.pesoNfes);
  const valorMercadoria = Number(c.valorNfes ?? c.cte.valorCarga ?? 0);
  // The agreed price holds the tax: the transport ICMS of the one rule (none when ISS or Simples Nacional).
  const aliquota = async () => {
    const tr = await tributoDoCte(db, embarcadorUid, c, simples);
    return tr?.tributo === 'ICMS' ? tr.aliquota : 0;
  };
  if (linhas.every((l) => l.spot_valor !== null && l.spot_valor !== undefined)) {
    const valor = soma('spot_valor');
    const cotacoes = distintos('cotacao_uid');
    const numeros = [...new Set(linhas.map((l) => String(l.cotacao_numero)))].join(', ');
    return comReferencias(esperadoSpot({
      valor: valor.toFixed(2), icmsIncluso: true, aliquotaIcms: await aliquota(),
      descricao: `cotação ${numeros} aprovada: R$ ${reaisBr(valor)} acordados para ${linhas.length === 1 ? 'a NF-e' : `as ${linhas.length} NF-es`} do CT-e`,
      referenciaUid: cotacoes.length === 1 ? cotacoes[0] : null, pesoKg, valorMercadoria,
    }), referenciasDe(linhas, [['COTACAO', 'cotacao_uid', 'cotacao_numero'], ['EMBARQUE', 'embarque_uid', 'embarque_numero']]));
  }
  if (linhas.every((l) => l.pedido_valor !== null && l.pedido_valor !== undefined)) {
    const pedidosUids = distintos('pedido_uid');
    const numeros = [...new Set(linhas.map((l) => String(l.pedido_numero)))].join(', ');
    const valor = soma('pedido_valor');
    const descricao = `simulação selecionada no pedido ${numeros}: R$ ${reaisBr(valor)}`;
    const referencias = referenciasDe(linhas, [['PEDIDO', 'pedido_uid', 'pedido_numero']]);
    const calculo = (typeof linhas[0]!.calculo === 'string' ? JSON.parse(linhas[0]!.calculo) : linhas[0]!.calculo) as Omit<Extract<Parameters<typeof esperadoDoMotor>[0], { cotado: true }>, 'cotado'> | null;
    if (pedidosUids.length === 1 && calculo && new Decimal(calculo.total ?? 0).equals(valor) && Array.isArray(calculo.componentes)) {
      const r = esperadoDoMotor({ ...calculo, cotado: true }, 'SIMULACAO', { descricao, referenciaUid: pedidosUids[0], pesoKg, valorMercadoria });
      if (r.calculado) return comReferencias(r, referencias);
    }
    // Several orders in one CT-e: their totals add up; only the total (and the taxes) decide.
    return comReferencias({ ...esperadoSpot({ valor: valor.toFixed(2), icmsIncluso: true, aliquotaIcms: await aliquota(), descricao, referenciaUid: null, pesoKg, valorMercadoria }), fonte: 'SIMULACAO' }, referencias);
  }
  return null;
}
