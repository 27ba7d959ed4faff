import Decimal from 'decimal.js';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import {
  type CalculoInput,
  type CalculoResultado,
  type Local,
  type PisoAntt,
  UID_REGEX,
  calcularFrete,
  contem,
  documentoValido,
  especificidade,
  somenteDigitos,
} from '@fretio/core';
import { configuracoes, modais, pessoas, produtos, tabelasFrete, tiposVeiculo, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { aliquotaIss, regraIcmsFrete } from '../configuracoes/service.ts';
import { feriadosDoDestino, hojeSaoPaulo } from '../feriados/service.ts';
import { colunasParaLocal } from '../regioes/local-ref.ts';
import { cadeiaDeBases, montarComCadeia } from '../tabelasfrete/derivacao.ts';
import { errosDaTabela } from '../tabelasfrete/montar.ts';
import { type TabelaRow, carregarLinhas } from '../tabelasfrete/repository.ts';
import { LruTabelas, type PrioridadeFaixa, type TabelaMontada } from './cache.ts';
import { paraLocal, resolverLocal } from './locais.ts';
import { coeficientesAntt } from './pisos-antt.ts';

// POST /calculadora/calcular: every active table of the shipper valid on the date (optionally only of
// some carriers) quoted by the engine (calcularFrete), ranked by total, then deadline, then priority.

const caches = new WeakMap<object, LruTabelas>();
export function cacheDe(db: object) {
  let c = caches.get(db);
  if (!c) {
    c = new LruTabelas();
    caches.set(db, c);
  }
  return c;
}

const somaDias = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** A party of the load: CNPJ/CPF digits (any mask) or the uid of one of the shipper's people. */
async function documentoDaParte(db: DbOrTx, embarcadorUid: string, v: string | undefined, campo: string): Promise<string | undefined> {
  if (!v) return undefined;
  if (UID_REGEX.test(v)) {
    const [p] = await db
      .select({ documento: pessoas.documento })
      .from(pessoas)
      .where(and(eq(pessoas.uid, v), eq(pessoas.embarcadorUid, embarcadorUid)));
    if (!p) throw AppError.field(campo, 'Pessoa não encontrada');
    return p.documento;
  }
  const d = somenteDigitos(v);
  if (!documentoValido(d)) throw AppError.field(campo, 'CPF/CNPJ inválido');
  return d;
}

/** m3, or the sum of the boxes' volumes (cm → m³). */
function volumeM3(input: CalculoInput): number | undefined {
  if (input.m3 !== undefined) return input.m3;
  if (!input.dimensoes?.length) return undefined;
  return input.dimensoes
    .reduce(
      (s, d) => s.plus(new Decimal(d.comprimentoCm).times(d.larguraCm).times(d.alturaCm).times(d.quantidade).div(1_000_000)),
      new Decimal(0),
    )
    .toDecimalPlaces(6)
    .toNumber();
}

/** Lexicographic a < b. */
function menor(a: number[], b: number[]) {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i] < b[i];
  return false;
}

/** The most specific lane priority of the table containing origin and destination, else its own. */
function prioridadeNaFaixa(m: TabelaMontada, origem: Local, destino: Local): number {
  let melhor: { chave: number[]; prioridade: number } | null = null;
  for (const p of m.prioridades) {
    if ((p.origem && !contem(p.origem, origem)) || (p.destino && !contem(p.destino, destino))) continue;
    const chave = [...(p.destino ? especificidade(p.destino) : [9, 0]), ...(p.origem ? especificidade(p.origem) : [9, 0])];
    if (!melhor || menor(chave, melhor.chave)) melhor = { chave, prioridade: p.prioridade };
  }
  return melhor?.prioridade ?? m.tabela.prioridade ?? 0;
}

/** Builds the cache misses with one set-based load for all of them. */
export async function montarTabelas(
  db: DbOrTx,
  embarcadorUid: string,
  candidatas: (typeof tabelasFrete.$inferSelect)[],
): Promise<Map<string, TabelaMontada>> {
  const cache = cacheDe(db);
  const out = new Map<string, TabelaMontada>();
  const faltam: typeof candidatas = [];
  // Derived tables follow their base: the cache key holds the revision of every table of the chain.
  const cadeias = new Map<string, TabelaRow[]>();
  const chave = (t: TabelaRow) =>
    [t, ...(cadeias.get(t.uid) ?? [])].map((x) => LruTabelas.chave(x.revisao, x.atualizadoEm)).join('>');
  for (const t of candidatas) if (t.tabelaBaseUid) cadeias.set(t.uid, await cadeiaDeBases(db, t));
  for (const t of candidatas) {
    const m = cache.get(t.uid, chave(t));
    if (m) out.set(t.uid, m);
    else faltam.push(t);
  }
  if (!faltam.length) return out;
  const donas = new Set(faltam.flatMap((t) => [t.uid, ...(cadeias.get(t.uid)?.slice(-1).map((r) => r.uid) ?? [])]));
  const [linhas, catalogo] = await Promise.all([
    carregarLinhas(db, [...donas], { enxuto: true }),
    catalogoComponentes(db, embarcadorUid),
  ]);
  const codigos = catalogo.map((c) => c.codigo);
  for (const t of faltam) {
    const l = linhas.get(t.uid);
    if (!l) continue;
    const cadeia = cadeias.get(t.uid) ?? [];
    const raiz = cadeia.at(-1);
    const lr = raiz ? linhas.get(raiz.uid) : l;
    if (!lr) continue;
    const tabela = montarComCadeia(t, cadeia, lr);
    // Lane priorities are the table's own (also on a derived table).
    const prioridades: PrioridadeFaixa[] = l.prioridades.map((p) => ({
      origem: colunasParaLocal(p, 'origem'),
      destino: colunasParaLocal(p, 'destino'),
      prioridade: p.prioridade,
    }));
    const m = { tabela, prioridades, erros: errosDaTabela(tabela, codigos) };
    cache.set(t.uid, chave(t), m);
    out.set(t.uid, m);
  }
  return out;
}

/** Capacity and axles of the vehicle types the candidate tables' routes (and the load) name. */
export async function veiculosDasTabelas(db: DbOrTx, montadas: TabelaMontada[], daCarga: string | undefined) {
  const uids = new Set<string>();
  for (const m of montadas) for (const r of m.tabela.rotas) if (r.tipoVeiculoUid) uids.add(r.tipoVeiculoUid);
  if (daCarga) uids.add(daCarga);
  if (!uids.size) return {};
  const rows = await db
    .select({ uid: tiposVeiculo.uid, nome: tiposVeiculo.nome, capacidadeKg: tiposVeiculo.capacidadeKg, capacidadeM3: tiposVeiculo.capacidadeM3, eixos: tiposVeiculo.eixos })
    .from(tiposVeiculo)
    .where(inArray(tiposVeiculo.uid, [...uids]));
  return Object.fromEntries(
    rows.map((v) => [v.uid, { nome: v.nome, capacidadeKg: Number(v.capacidadeKg), capacidadeM3: Number(v.capacidadeM3), eixos: v.eixos }]),
  );
}

/**
 * The load's products (codes of the register, compared without case) and their NCMs, for restrictions
 * by product/NCM prefix; an unknown code is a 400 on `produtos`.
 */
export async function produtosDaCarga(
  db: DbOrTx,
  embarcadorUid: string,
  codigos: string[] | undefined,
): Promise<{ produtos?: string[]; ncms?: string[] }> {
  const pedidos = [...new Set((codigos ?? []).map((c) => c.toUpperCase()))];
  if (!pedidos.length) return {};
  const rows = await db
    .select({ codigo: produtos.codigo, ncm: produtos.ncm, chave: sql<string>`upper(${produtos.codigo})` })
    .from(produtos)
    .where(and(eq(produtos.embarcadorUid, embarcadorUid), inArray(sql`upper(${produtos.codigo})`, pedidos)));
  const achados = new Set(rows.map((r) => r.chave));
  const faltam = pedidos.filter((c) => !achados.has(c));
  if (faltam.length) throw AppError.field('produtos', `Produto não cadastrado: ${faltam.slice(0, 5).join(', ')}`);
  return { produtos: rows.map((r) => r.codigo), ncms: [...new Set(rows.map((r) => r.ncm))] };
}

/**
 * The ANTT coefficients by axle count for one carrier (the engine picks the chosen route's vehicle's);
 * binding for a self-employed driver (TAC). Routes without a distance get no floor.
 */
function pisosDoTransportador(coeficientes: Map<number, PisoAntt>, autonomo: boolean): Record<number, PisoAntt> | undefined {
  if (!coeficientes.size) return undefined;
  return Object.fromEntries([...coeficientes].map(([e, c]) => [e, autonomo ? { ...c, obrigatorio: true } : c]));
}

export async function calcular(db: DbOrTx, ctx: RequestContext, input: CalculoInput): Promise<CalculoResultado> {
  const embarcadorUid = exigirEmbarcador(ctx);
  // `data` (default today, America/Sao_Paulo) is the shipping date: the tables valid on it quote (a
  // December shipment uses December's table) and the delivery deadline counts from it.
  const data = input.data ?? hojeSaoPaulo();
  const [origem, destino, remetente, destinatario, mercadorias] = await Promise.all([
    resolverLocal(db, embarcadorUid, input.origem, 'origem'),
    resolverLocal(db, embarcadorUid, input.destino, 'destino'),
    documentoDaParte(db, embarcadorUid, input.remetente, 'remetente'),
    documentoDaParte(db, embarcadorUid, input.destinatario, 'destinatario'),
    produtosDaCarga(db, embarcadorUid, input.produtos),
  ]);
  const linhas = await db
    .select({
      t: tabelasFrete,
      transportadorNome: transportadores.nome,
      transportadorAtivo: transportadores.ativo,
      simplesNacional: transportadores.simplesNacional,
      modalCodigo: modais.codigo,
      // A self-employed driver (every active unit TAC): the ANTT floor binds (Lei 13.703/2018 art. 5º §4).
      autonomo: sql<boolean>`(exists (select 1 from unidades_transportador u where u.transportador_uid = ${transportadores.uid} and u.ativo)
        and not exists (select 1 from unidades_transportador u where u.transportador_uid = ${transportadores.uid} and u.ativo and u.tipo <> 'TAC'))`,
    })
    .from(tabelasFrete)
    .innerJoin(transportadores, eq(transportadores.uid, tabelasFrete.transportadorUid))
    .leftJoin(modais, eq(modais.uid, tabelasFrete.modalUid))
    .where(
      and(
        eq(tabelasFrete.embarcadorUid, embarcadorUid),
        eq(tabelasFrete.status, 1),
        lte(tabelasFrete.vigenciaInicio, data),
        or(isNull(tabelasFrete.vigenciaFim), gte(tabelasFrete.vigenciaFim, data)),
        sql`exists (select 1 from embarcador_transportador et where et.embarcador_uid = ${embarcadorUid} and et.transportador_uid = ${tabelasFrete.transportadorUid})`,
        input.transportadorUids?.length ? inArray(tabelasFrete.transportadorUid, input.transportadorUids) : undefined,
      ),
    );
  // Same municipality: a municipal service taxed by ISS (LC 116/2003, item 16.02), not ICMS.
  const municipal = !!origem.ibge && origem.ibge === destino.ibge;
  const [cfg] = await db
    .select({ pontosFacultativosUteis: configuracoes.pontosFacultativosUteis })
    .from(configuracoes)
    .where(eq(configuracoes.embarcadorUid, embarcadorUid));
  const modaisUsados = [...new Set(linhas.map((l) => l.modalCodigo ?? null))];
  const [montadas, aliquotas, iss, feriados, catalogo] = await Promise.all([
    montarTabelas(
      db,
      embarcadorUid,
      linhas.map((l) => l.t),
    ),
    Promise.all(modaisUsados.map((m) => regraIcmsFrete(db, embarcadorUid, origem.uf, destino.uf, data, m))).then(
      (rs) => new Map(modaisUsados.map((m, i) => [m, rs[i].aliquota])),
    ),
    municipal ? aliquotaIss(db, embarcadorUid, origem.ibge as string) : Promise.resolve(undefined),
    feriadosDoDestino(db, embarcadorUid, destino, data, somaDias(data, 730), cfg ? !cfg.pontosFacultativosUteis : false),
    catalogoComponentes(db, embarcadorUid),
  ]);
  const nomeComponente = new Map(catalogo.map((c) => [c.codigo, c.nome]));
  const componentesFretePrincipal = catalogo.filter((c) => c.fretePrincipal).map((c) => c.codigo);
  const componentesForaBaseTributo = catalogo.filter((c) => c.foraBaseTributo).map((c) => c.codigo);
  const tiposVeiculoCalculo = await veiculosDasTabelas(db, [...montadas.values()], input.tipoVeiculoUid);
  // ANTT floor: the coefficients of the load's cargo type for every axle count in play, valid on the date.
  const eixosEmJogo = [...new Set(Object.values(tiposVeiculoCalculo).map((v) => v.eixos).filter((e): e is number => !!e))];
  const coeficientes = await coeficientesAntt(db, embarcadorUid, input.tipoCargaAntt ?? 'CARGA_GERAL', eixosEmJogo, data);
  const carga = {
    origem: paraLocal(origem),
    destino: paraLocal(destino),
    data,
    pesoKg: input.pesoKg,
    m3: volumeM3(input),
    valorMercadoria: input.valorMercadoria,
    volumes: input.volumes,
    documentos: input.documentos,
    remetente,
    destinatario,
    tipoVeiculoUid: input.tipoVeiculoUid,
    ...mercadorias,
  };
  const cotacoes: CalculoResultado['cotacoes'] = [];
  const naoCotadas: CalculoResultado['naoCotadas'] = [];
  for (const { t, transportadorNome, transportadorAtivo, simplesNacional, modalCodigo, autonomo } of linhas) {
    const quem = { tabelaUid: t.uid, tabelaNome: t.nome, transportadorUid: t.transportadorUid, transportadorNome };
    const m = montadas.get(t.uid);
    if (!m) continue;
    if (!transportadorAtivo) {
      naoCotadas.push({ ...quem, motivo: 'O transportador está inativo.' });
      continue;
    }
    if (m.erros.length) {
      naoCotadas.push({ ...quem, motivo: `A tabela tem erros de cadastro (${m.erros[0].field}): ${m.erros[0].message}` });
      continue;
    }
    const r = calcularFrete(m.tabela, carga, {
      aliquotaIcms: aliquotas.get(modalCodigo ?? null) ?? 0,
      aliquotaIss: iss,
      feriados,
      componentesFretePrincipal,
      componentesForaBaseTributo,
      tiposVeiculo: tiposVeiculoCalculo,
      simplesNacional,
      pisosAntt: pisosDoTransportador(coeficientes, autonomo),
    });
    if (!r.cotado) {
      naoCotadas.push({ ...quem, motivo: r.motivo });
      continue;
    }
    const { cotado: _c, componentes, ...valores } = r;
    const foraBase = new Set(componentesForaBaseTributo);
    const regrasForaBase = new Set(
      [...m.tabela.generalidades, ...m.tabela.rotas.flatMap((x) => x.regras), ...(m.tabela.adicionais ?? [])]
        .filter((x) => x.foraBaseTributo)
        .map((x) => x.componente),
    );
    cotacoes.push({
      ...quem,
      ...valores,
      tributo: valores.tributo ?? 'ICMS',
      aliquotaIss: valores.aliquotaIss ?? 0,
      iss: valores.iss ?? 0,
      valorForaBaseTributo: valores.valorForaBaseTributo ?? 0,
      adicionais: valores.adicionais ?? [],
      ...(valores.derivadaDe ? { derivadaDe: valores.derivadaDe, ajustados: valores.ajustados ?? [] } : {}),
      componentes: componentes.map((c) => ({
        componente: c.componente,
        nome: nomeComponente.get(c.componente) ?? c.componente,
        base: c.base,
        quantidade: c.quantidade,
        valor: c.valor,
        ...(foraBase.has(c.componente) || regrasForaBase.has(c.componente) ? { foraBaseTributo: true } : {}),
      })),
      prioridade: prioridadeNaFaixa(m, carga.origem, carga.destino),
    });
  }
  cotacoes.sort(
    (a, b) =>
      a.total - b.total ||
      a.prazoDiasUteis - b.prazoDiasUteis ||
      a.prioridade - b.prioridade ||
      a.tabelaNome.localeCompare(b.tabelaNome, 'pt-BR'),
  );
  naoCotadas.sort(
    (a, b) => a.transportadorNome.localeCompare(b.transportadorNome, 'pt-BR') || a.tabelaNome.localeCompare(b.tabelaNome, 'pt-BR'),
  );
  return { data, origem, destino, cotacoes, naoCotadas };
}
