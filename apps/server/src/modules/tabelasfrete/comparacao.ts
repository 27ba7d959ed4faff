import Decimal from 'decimal.js';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import {
  AMOSTRAS_COMPARACAO,
  type ComparacaoTabelas,
  type Local,
  type LocalRef,
  type Opcoes,
  type TabelaCalculo,
  calcularFrete,
} from '@fretio/core';
import { regiaoLocais, tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { montarTabelas, veiculosDasTabelas } from '../calculadora/service.ts';
import { paraLocal, resolverLocal } from '../calculadora/locais.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { descreverLocal, nomesDosLocais } from '../regioes/local-ref.ts';
import type { TabelaRow } from './repository.ts';

// Maker–checker comparison (GET /tabelasfrete/{uid}/comparacao): the same sample loads on every route of
// the table under validation, priced by it and by the table it replaces, so the checker sees the %
// change per route before approving. Freight before tax (valorSemIcms): the tax does not change with a
// table and would only blur the change.

/**
 * The table compared with: the one it readjusts, else (derived table) its base, else the active one of
 * the same carrier (latest start first).
 */
async function tabelaAnterior(db: DbOrTx, t: TabelaRow): Promise<TabelaRow | null> {
  for (const uid of [t.tabelaOrigemUid, t.tabelaBaseUid]) {
    if (!uid) continue;
    const [o] = await db
      .select()
      .from(tabelasFrete)
      .where(and(eq(tabelasFrete.uid, uid), eq(tabelasFrete.embarcadorUid, t.embarcadorUid)));
    if (o) return o;
  }
  const [a] = await db
    .select()
    .from(tabelasFrete)
    .where(
      and(
        eq(tabelasFrete.embarcadorUid, t.embarcadorUid),
        eq(tabelasFrete.transportadorUid, t.transportadorUid),
        eq(tabelasFrete.status, 1),
        eq(tabelasFrete.historica, false),
        ne(tabelasFrete.uid, t.uid),
      ),
    )
    .orderBy(sql`(${tabelasFrete.vigenciaInicio} <= ${t.vigenciaInicio}) desc`, desc(tabelasFrete.vigenciaInicio))
    .limit(1);
  return a ?? null;
}

/** A concrete place inside a route's origin/destination (the first place of a region). */
async function localDaRef(db: DbOrTx, embarcadorUid: string, ref: LocalRef, campo: string): Promise<Local | null> {
  try {
    switch (ref.tipo) {
      case 'UF':
        return paraLocal(await resolverLocal(db, embarcadorUid, { uf: ref.uf }, campo));
      case 'MUNICIPIO':
        return paraLocal(await resolverLocal(db, embarcadorUid, { municipioIbge: ref.ibge }, campo));
      case 'FAIXA_CEP':
        return paraLocal(await resolverLocal(db, embarcadorUid, { cep: ref.de }, campo));
      case 'REGIAO': {
        const [l] = await db.select().from(regiaoLocais).where(eq(regiaoLocais.regiaoUid, ref.regiaoUid)).limit(1);
        if (!l) return null;
        const r = await resolverLocal(db, embarcadorUid, { uf: l.uf, municipioIbge: l.ibge, cep: l.cepDe }, campo);
        return paraLocal({ ...r, regioes: [...new Set([...r.regioes, ref.regiaoUid])] });
      }
    }
  } catch {
    return null;
  }
}

const semVigencia = (t: TabelaCalculo): TabelaCalculo => ({ ...t, vigenciaInicio: undefined, vigenciaFim: undefined });

function variacao(anterior: Decimal | number | null, nova: Decimal | number | null): number | null {
  if (anterior === null || nova === null) return null;
  const a = new Decimal(anterior);
  if (a.isZero()) return null;
  return new Decimal(nova).minus(a).div(a).times(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP).toNumber();
}

export async function compararTabela(db: DbOrTx, ctx: RequestContext, uid: string): Promise<ComparacaoTabelas> {
  const embarcadorUid = exigirEmbarcador(ctx);
  const [t] = await db
    .select()
    .from(tabelasFrete)
    .where(and(eq(tabelasFrete.uid, uid), eq(tabelasFrete.embarcadorUid, embarcadorUid)));
  if (!t) throw AppError.notFound();
  const anterior = await tabelaAnterior(db, t);
  const [montadas, catalogo] = await Promise.all([
    montarTabelas(db, embarcadorUid, anterior ? [t, anterior] : [t]),
    catalogoComponentes(db, embarcadorUid),
  ]);
  const nova = montadas.get(t.uid);
  if (!nova) throw AppError.notFound();
  const velha = anterior ? montadas.get(anterior.uid) : undefined;
  const tabelaNova = semVigencia(nova.tabela);
  const tabelaVelha = velha ? semVigencia(velha.tabela) : null;
  const opcoes: Opcoes = {
    aliquotaIcms: 0,
    feriados: [],
    componentesFretePrincipal: catalogo.filter((c) => c.fretePrincipal).map((c) => c.codigo),
    componentesForaBaseTributo: catalogo.filter((c) => c.foraBaseTributo).map((c) => c.codigo),
    tiposVeiculo: await veiculosDasTabelas(db, velha ? [nova, velha] : [nova], undefined),
    simplesNacional: true, // no tax: the comparison is of freight (valorSemIcms)
  };
  const nomes = await nomesDosLocais(
    db,
    tabelaNova.rotas.flatMap((r) => [r.origem, r.destino]),
  );
  const rotas: ComparacaoTabelas['rotas'] = [];
  let somaA = new Decimal(0);
  let somaN = new Decimal(0);
  let algum = false;
  for (const rota of tabelaNova.rotas) {
    const [origem, destino] = await Promise.all([
      localDaRef(db, embarcadorUid, rota.origem, 'origem'),
      localDaRef(db, embarcadorUid, rota.destino, 'destino'),
    ]);
    let ra = new Decimal(0);
    let rn = new Decimal(0);
    let ambos = false;
    const amostras: ComparacaoTabelas['rotas'][number]['amostras'] = [];
    for (const a of AMOSTRAS_COMPARACAO) {
      if (!origem || !destino) {
        const motivo = 'A origem ou o destino da rota não tem um local concreto para a amostra.';
        amostras.push({ ...a, anterior: null, nova: null, variacaoPercentual: null, motivoAnterior: motivo, motivoNova: motivo });
        continue;
      }
      const carga = { origem, destino, data: t.vigenciaInicio, pesoKg: a.pesoKg, valorMercadoria: a.valorMercadoria, tipoVeiculoUid: rota.tipoVeiculoUid };
      const n = calcularFrete(tabelaNova, carga, opcoes);
      const v = tabelaVelha ? calcularFrete(tabelaVelha, carga, opcoes) : null;
      const valorN = n.cotado ? n.valorSemIcms : null;
      const valorA = v?.cotado ? v.valorSemIcms : null;
      if (valorN !== null && valorA !== null) {
        ambos = true;
        ra = ra.plus(valorA);
        rn = rn.plus(valorN);
      }
      amostras.push({
        ...a,
        anterior: valorA,
        nova: valorN,
        variacaoPercentual: variacao(valorA, valorN),
        motivoAnterior: v === null ? 'Sem tabela anterior.' : v.cotado ? null : v.motivo,
        motivoNova: n.cotado ? null : n.motivo,
      });
    }
    if (ambos) {
      algum = true;
      somaA = somaA.plus(ra);
      somaN = somaN.plus(rn);
    }
    rotas.push({
      rotaUid: rota.uid,
      origem: descreverLocal(rota.origem, nomes),
      destino: descreverLocal(rota.destino, nomes),
      amostras,
      totalAnterior: ambos ? ra.toNumber() : null,
      totalNova: ambos ? rn.toNumber() : null,
      variacaoPercentual: ambos ? variacao(ra, rn) : null,
    });
  }
  return {
    tabelaUid: t.uid,
    anterior: anterior ? { uid: anterior.uid, nome: anterior.nome, versao: anterior.versao } : null,
    fonte: 'AMOSTRA_FIXA',
    rotas,
    totalAnterior: algum ? somaA.toNumber() : null,
    totalNova: algum ? somaN.toNumber() : null,
    variacaoPercentual: algum ? variacao(somaA, somaN) : null,
  };
}
