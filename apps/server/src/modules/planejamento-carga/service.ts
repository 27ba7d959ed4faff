import Decimal from 'decimal.js';
import { randomUUID } from 'node:crypto';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { type ComparacaoCarga, type PlanejamentoCarga, type PropostaCargasInput, precoDaRota, proporCargas } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { auditoriaSistema, municipios, planejamentoDocumentos, planejamentosCarga, tiposVeiculo } from '../../db/schema/index.ts';
import type { DbOrTx, ResourceDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { fatias } from '../../lib/lotes.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { calcular } from '../calculadora/service.ts';
import { exigirMunicipios } from '../solicitacoesfrete/refs.ts';
import { documentoItem, documentosLivres, exigirRegiaoDoFiltro } from './documentos.ts';

/** Serialises the writes that decide which plan holds a document (one plan per document, per shipper). */
export const travarDocumentosDoEmbarcador = (tx: Tx, embarcadorUid: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planejamento-documentos:${embarcadorUid}`}))`);

const MAXIMO_CARGAS = 200;

type Linha = Record<string, unknown>;

/** The plans as the resource reads them (its select, joins and item), in the order of `uids`: one query. */
async function lerPlanos(tx: Tx, def: ResourceDef, ctx: RequestContext, uids: string[]) {
  // biome-ignore lint/suspicious/noExplicitAny: drizzle's dynamic select builder, as the framework's crud
  const q: any = (def.from as (q: unknown, ctx: RequestContext) => unknown)(tx.select(def.select as never).from(planejamentosCarga), ctx);
  const linhas = (await q.where(and(def.scope.where(ctx), inArray(planejamentosCarga.uid, uids)))) as Linha[];
  const porUid = new Map(linhas.map((l) => [l.uid as string, l]));
  return uids.map((u) => porUid.get(u) as Linha);
}

/**
 * planejamento-carga/propor: the free documents of the filters, grouped by destination and packed into the
 * vehicle's capacity (core proporCargas); one Aberto plan per load, all in one transaction. The create's
 * rules run once for what every load shares (origin municipality, vehicle type and carrier visible to the
 * shipper: 400 on the field); the documents come from documentosLivres under the shipper's documents lock,
 * so they are the shipper's, alive and free. Then set-based writes — the plans, their documents, one audit
 * row per plan ('criar', the plan as read) — and one read of every plan for the reply (bench/planejamento.ts:
 * 2,000 documents in ~80 loads). Documents without a destination municipality (or with one the register does
 * not know) stay out and are counted.
 */
export async function proporCargasDoEmbarcador(db: Db, def: ResourceDef, ctx: RequestContext, input: PropostaCargasInput) {
  const embarcadorUid = exigirEmbarcador(ctx);
  return db.transaction(async (tx) => {
    const comum = {
      origemCep: input.origemCep ?? null,
      origemMunicipioIbge: input.origemMunicipioIbge ?? null,
      destinoCep: null,
      tipoVeiculoUid: input.tipoVeiculoUid,
      transportadorUid: input.transportadorUid ?? null,
      dataEmbarque: input.dataEmbarque ?? null,
    };
    await exigirMunicipios(tx, comum);
    const erros: { field: string; message: string }[] = [];
    for (const [campo, ref] of Object.entries(def.refs ?? {})) {
      const uid = (comum as Linha)[campo];
      if (typeof uid === 'string' && !(await ref.existe(tx, ctx, uid))) erros.push({ field: campo, message: ref.mensagem });
    }
    if (erros.length) throw AppError.validation(erros, erros[0].message);
    await exigirRegiaoDoFiltro(tx, embarcadorUid, input);

    await travarDocumentosDoEmbarcador(tx, embarcadorUid);
    const [veiculo] = await tx
      .select({ kg: tiposVeiculo.capacidadeKg, m3: tiposVeiculo.capacidadeM3 })
      .from(tiposVeiculo)
      .where(eq(tiposVeiculo.uid, input.tipoVeiculoUid));
    const livres = ((await tx.execute(documentosLivres(embarcadorUid, input))) as unknown as { rows: Linha[] }).rows.map(documentoItem);
    if (!livres.length) throw AppError.field('documentos', 'Nenhum documento livre (sem planejamento nem embarque) com esses filtros');
    const destinos = [...new Set(livres.map((d) => d.destinoMunicipioIbge).filter((m): m is string => !!m))];
    const conhecidos = new Set(
      destinos.length ? (await tx.select({ ibge: municipios.ibge }).from(municipios).where(inArray(municipios.ibge, destinos))).map((m) => m.ibge) : [],
    );
    const comDestino = livres.filter((d) => d.destinoMunicipioIbge && conhecidos.has(d.destinoMunicipioIbge));
    const cargas = proporCargas(
      comDestino.map((d) => ({ ...d, destinoMunicipio: d.destinoMunicipioIbge })),
      { kg: veiculo ? Number(veiculo.kg) : null, m3: veiculo ? Number(veiculo.m3) : null },
      input.agrupamento,
    );
    if (cargas.length > MAXIMO_CARGAS) {
      throw AppError.field('limite', `A proposta daria ${cargas.length} cargas (máximo ${MAXIMO_CARGAS}): filtre menos documentos`);
    }
    const porGrupo = new Map<string, number>();
    for (const c of cargas) porGrupo.set(c.grupo, (porGrupo.get(c.grupo) ?? 0) + 1);
    const vistos = new Map<string, number>();
    const planos = cargas.map((c) => {
      const ordem = (vistos.get(c.grupo) ?? 0) + 1;
      vistos.set(c.grupo, ordem);
      const total = porGrupo.get(c.grupo) ?? 1;
      return {
        uid: randomUUID(),
        embarcadorUid,
        ...comum,
        descricao: `Proposta ${c.grupo}${total > 1 ? ` — carga ${ordem} de ${total}` : ''}`.slice(0, 120),
        // The heaviest document's city (packing puts it first): the load's main destination.
        destinoMunicipioIbge: c.documentos[0].destinoMunicipioIbge,
        observacao: c.excedeCapacidade ? 'Documento acima da capacidade do veículo: vai sozinho.' : null,
        criadoPor: ctx.usuarioUid,
      };
    });
    for (const lote of fatias(planos, 500)) await tx.insert(planejamentosCarga).values(lote);
    const documentos = cargas.flatMap((c, i) =>
      c.documentos.map((d) => (d.tipo === 'nfe' ? { planejamentoUid: planos[i].uid, nfeUid: d.uid } : { planejamentoUid: planos[i].uid, pedidoUid: d.uid })),
    );
    for (const lote of fatias(documentos, 1000)) await tx.insert(planejamentoDocumentos).values(lote);
    const linhas = await lerPlanos(tx, def, ctx, planos.map((p) => p.uid));
    const auditoria = linhas.map((l) => ({ embarcadorUid, usuarioUid: ctx.usuarioUid, recurso: def.recurso, registroUid: l.uid as string, acao: 'criar', antes: null, depois: l }));
    for (const lote of fatias(auditoria, 200)) await tx.insert(auditoriaSistema).values(lote);
    const criadas = linhas.map((l) => (def.toItem ? def.toItem(l, ctx) : l) as PlanejamentoCarga);
    return { cargas: criadas, documentosSemDestino: livres.length - comDestino.length };
  });
}

const MAXIMO_COMPARACAO = 300;
const local = (cep: string | null, ibge: string | null) => (ibge ? { municipioIbge: ibge } : cep ? { cep } : null);

const MAXIMO_PARADAS = 20;

async function maisBarato(db: DbOrTx, ctx: RequestContext, entrada: Parameters<typeof calcular>[2]) {
  const r = await calcular(db, ctx, entrada);
  return [...r.cotacoes].sort((a, b) => a.total - b.total || a.prazoDiasUteis - b.prazoDiasUteis)[0] ?? null;
}

/**
 * The whole load in one vehicle: each drop (the documents' destinations; a document without one goes to
 * the plan's destination) priced with the load's totals, then core precoDaRota — one table covering every
 * drop, the run at its dearest drop, the cheapest such table.
 */
async function consolidado(db: DbOrTx, ctx: RequestContext, p: PlanejamentoCarga, origem: object, data: string | undefined): Promise<ComparacaoCarga['consolidado']> {
  const paradas = new Map<string, { destino: object; documentos: number; pesoKg: Decimal }>();
  for (const d of p.documentos) {
    const destino = d.destinoMunicipioIbge ? local(null, d.destinoMunicipioIbge) : local(p.destinoCep, p.destinoMunicipioIbge);
    if (!destino) return null; // a document with nowhere to go: the run cannot be priced
    const k = JSON.stringify(destino);
    const s = paradas.get(k) ?? { destino, documentos: 0, pesoKg: new Decimal(0) };
    paradas.set(k, { ...s, documentos: s.documentos + 1, pesoKg: s.pesoKg.plus(d.pesoKg) });
  }
  if (paradas.size > MAXIMO_PARADAS) throw AppError.field('documentos', `A comparação calcula até ${MAXIMO_PARADAS} destinos numa carga; o planejamento tem ${paradas.size}`);
  if (!paradas.size) return null;
  const cotadas = [];
  for (const [k, s] of paradas) {
    const r = await calcular(db, ctx, {
      origem: origem as never,
      destino: s.destino as never,
      pesoKg: p.pesoTotalKg,
      m3: p.volumeTotalM3 || undefined,
      valorMercadoria: p.valorTotal,
      volumes: p.volumes,
      documentos: p.documentos.length,
      tipoVeiculoUid: p.tipoVeiculoUid ?? undefined,
      data,
    });
    cotadas.push({ destino: k, cotacoes: r.cotacoes });
  }
  const rota = precoDaRota(cotadas);
  if (!rota) return null;
  const ibge = (k: string) => (JSON.parse(k) as { municipioIbge?: string }).municipioIbge ?? null;
  return {
    total: rota.cotacao.total,
    transportadorNome: rota.cotacao.transportadorNome,
    tabelaNome: rota.cotacao.tabelaNome,
    prazoDiasUteis: rota.cotacao.prazoDiasUteis,
    destinoMunicipioIbge: ibge(rota.destino),
    paradas: rota.porParada.map((x) => {
      const s = paradas.get(x.destino) as { documentos: number; pesoKg: Decimal };
      return { destinoMunicipioIbge: ibge(x.destino), documentos: s.documentos, pesoKg: s.pesoKg.toDecimalPlaces(3).toNumber(), total: x.total };
    }),
  };
}

/**
 * Consolidated vs separate: the engine's cheapest freight for the whole plan in one vehicle (weights, m³,
 * values and NF-e count summed, from the plan's origin to its destination, with its vehicle type) against
 * the sum of each document's cheapest freight shipped alone (fractional, plan's origin → the document's
 * destination). The saving is shown only when every document quoted.
 */
export async function compararCarga(db: DbOrTx, ctx: RequestContext, p: PlanejamentoCarga): Promise<ComparacaoCarga> {
  if (p.documentos.length > MAXIMO_COMPARACAO) {
    throw AppError.field('documentos', `A comparação calcula até ${MAXIMO_COMPARACAO} documentos; o planejamento tem ${p.documentos.length}`);
  }
  const origem = local(p.origemCep, p.origemMunicipioIbge);
  if (!origem || !p.documentos.length) throw AppError.field(origem ? 'documentos' : 'origemCep', origem ? 'Inclua documentos para comparar' : 'Informe a origem do planejamento');
  const data = p.dataEmbarque ?? undefined;
  const documentos: ComparacaoCarga['separado']['documentos'] = [];
  let separado = new Decimal(0);
  for (const d of p.documentos) {
    const destino = local(null, d.destinoMunicipioIbge);
    const c = destino
      ? await maisBarato(db, ctx, { origem: origem as never, destino: destino as never, pesoKg: d.pesoKg, m3: d.volumeM3 ?? undefined, valorMercadoria: d.valor, volumes: d.volumes, documentos: 1, data })
      : null;
    if (c) separado = separado.plus(c.total);
    documentos.push({ tipo: d.tipo, uid: d.uid, numero: d.numero, total: c?.total ?? null, transportadorNome: c?.transportadorNome ?? null, tabelaNome: c?.tabelaNome ?? null });
  }
  const c = await consolidado(db, ctx, p, origem, data);
  const semCotacao = documentos.filter((d) => d.total === null).length;
  const economia = c && !semCotacao ? separado.minus(c.total) : null;
  return {
    separado: { total: separado.toDecimalPlaces(2).toNumber(), documentos, semCotacao },
    consolidado: c,
    economia: economia ? economia.toDecimalPlaces(2).toNumber() : null,
    economiaPct: economia && separado.gt(0) ? economia.div(separado).times(100).toDecimalPlaces(1).toNumber() : null,
  };
}
