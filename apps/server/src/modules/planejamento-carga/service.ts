import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { type ComparacaoCarga, type PlanejamentoCarga, type PropostaCargasInput, precoDaRota, proporCargas } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { tiposVeiculo } from '../../db/schema/index.ts';
import { criar } from '../../framework/crud.ts';
import type { DbOrTx, ResourceDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { calcular } from '../calculadora/service.ts';
import { documentoItem, documentosLivres } from './documentos.ts';

/** Serialises the writes that decide which plan holds a document (one plan per document, per shipper). */
export const travarDocumentosDoEmbarcador = (tx: Tx, embarcadorUid: string) =>
  tx.execute(sql`select pg_advisory_xact_lock(hashtext(${`planejamento-documentos:${embarcadorUid}`}))`);

const MAXIMO_CARGAS = 200;

/**
 * planejamento-carga/propor: the free documents of the filters, grouped by destination and packed into the
 * vehicle's capacity (core proporCargas); one Aberto plan per load, all in one transaction (through the
 * resource's own create, so every rule and the audit apply). Documents without a destination municipality
 * stay out and are counted.
 */
export async function proporCargasDoEmbarcador(db: Db, def: ResourceDef, ctx: RequestContext, input: PropostaCargasInput) {
  const embarcadorUid = exigirEmbarcador(ctx);
  return db.transaction(async (tx) => {
    await travarDocumentosDoEmbarcador(tx, embarcadorUid);
    const [veiculo] = await tx
      .select({ kg: tiposVeiculo.capacidadeKg, m3: tiposVeiculo.capacidadeM3 })
      .from(tiposVeiculo)
      .where(eq(tiposVeiculo.uid, input.tipoVeiculoUid));
    const livres = ((await tx.execute(documentosLivres(embarcadorUid, input))) as unknown as { rows: Record<string, unknown>[] }).rows.map(documentoItem);
    if (!livres.length) throw AppError.field('documentos', 'Nenhum documento livre (sem planejamento nem embarque) com esses filtros');
    const comDestino = livres.filter((d) => d.destinoMunicipioIbge);
    const cargas = proporCargas(
      comDestino.map((d) => ({ ...d, destinoMunicipio: d.destinoMunicipioIbge })),
      { kg: veiculo ? Number(veiculo.kg) : null, m3: veiculo ? Number(veiculo.m3) : null },
      input.agrupamento,
    );
    if (cargas.length > MAXIMO_CARGAS) {
      throw AppError.field('limite', `A proposta daria ${cargas.length} cargas (máximo ${MAXIMO_CARGAS}): filtre menos documentos`);
    }
    const criadas: PlanejamentoCarga[] = [];
    for (const [i, c] of cargas.entries()) {
      const mesmoGrupo = cargas.filter((o) => o.grupo === c.grupo);
      const ordem = mesmoGrupo.indexOf(c) + 1;
      const item = await criar(tx as unknown as Db, def, ctx, {
        descricao: `Proposta ${c.grupo}${mesmoGrupo.length > 1 ? ` — carga ${ordem} de ${mesmoGrupo.length}` : ''}`.slice(0, 120),
        origemCep: input.origemCep ?? null,
        origemMunicipioIbge: input.origemMunicipioIbge ?? null,
        destinoCep: null,
        // The heaviest document's city (packing puts it first): the load's main destination.
        destinoMunicipioIbge: c.documentos[0].destinoMunicipioIbge,
        tipoVeiculoUid: input.tipoVeiculoUid,
        transportadorUid: input.transportadorUid ?? null,
        dataEmbarque: input.dataEmbarque ?? null,
        observacao: c.excedeCapacidade ? 'Documento acima da capacidade do veículo: vai sozinho.' : null,
        documentos: c.documentos.map((d) => (d.tipo === 'nfe' ? { nfeUid: d.uid, pedidoUid: null } : { nfeUid: null, pedidoUid: d.uid })),
      });
      criadas[i] = item as PlanejamentoCarga;
    }
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
