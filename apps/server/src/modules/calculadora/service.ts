import Decimal from 'decimal.js';
import { and, eq, gte, inArray, isNull, lte, or, sql } from 'drizzle-orm';
import { type CalculoInput, type CalculoResultado, type Local, calcularFrete, contem, especificidade, rotuloRota } from '@fretio/core';
import { tabelasFrete, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import type { TabelaMontada } from './cache.ts';
import { resolverLocal } from './locais.ts';
import { opcoesDoMotor } from './opcoes.ts';

export { cacheDe, montarTabelas } from './tabelas.ts';
export { veiculosDasTabelas } from './opcoes.ts';

// POST /calculadora/calcular: every active table of the shipper valid on the date (optionally only of
// some carriers) quoted by the engine (calcularFrete), ranked by total, then deadline, then priority.

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

/**
 * A table error as a reason the user can read: the route of the path named by its places, not by uid
 * ("rotas[<uid>].regras[0].faixas" → "rota São Paulo/SP → Campinas/SP, regras[0].faixas"); left out when
 * the message already names the route.
 */
function motivoDeCadastro(m: TabelaMontada, e: { field: string; message: string }): string {
  const [, uid, resto] = e.field.match(/^rotas\[([^\]]+)\]\.?(.*)$/) ?? [];
  const rota = uid ? m.tabela.rotas.find((r) => r.uid === uid) : undefined;
  const rotulo = rota ? rotuloRota(rota) : null;
  const campo = rotulo ? `rota ${rotulo}${resto ? `, ${resto}` : ''}` : e.field;
  return rotulo && e.message.includes(rotulo) ? `A tabela tem erros de cadastro: ${e.message}` : `A tabela tem erros de cadastro (${campo}): ${e.message}`;
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

/**
 * `doc`: what a simulation's documents add (NF-e item NCMs; product codes not in the register are then
 * ignored instead of a 400 on `produtos`).
 */
export async function calcular(
  db: DbOrTx,
  ctx: RequestContext,
  input: CalculoInput,
  doc: { ncms?: string[]; produtosDesconhecidos?: 'erro' | 'ignorar' } = {},
): Promise<CalculoResultado> {
  const embarcadorUid = exigirEmbarcador(ctx);
  // `data` (default today, America/Sao_Paulo) is the shipping date: the tables valid on it quote (a
  // December shipment uses December's table) and the delivery deadline counts from it.
  const data = input.data ?? hojeSaoPaulo();
  const [origem, destino] = await Promise.all([
    resolverLocal(db, embarcadorUid, input.origem, 'origem'),
    resolverLocal(db, embarcadorUid, input.destino, 'destino'),
  ]);
  const linhas = await db
    .select({ t: tabelasFrete, transportadorNome: transportadores.nome, transportadorAtivo: transportadores.ativo })
    .from(tabelasFrete)
    .innerJoin(transportadores, eq(transportadores.uid, tabelasFrete.transportadorUid))
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
  const motor = await opcoesDoMotor(
    db,
    embarcadorUid,
    {
      origem,
      destino,
      data,
      pesoKg: input.pesoKg,
      m3: volumeM3(input),
      valorMercadoria: input.valorMercadoria,
      volumes: input.volumes,
      documentos: input.documentos,
      remetente: input.remetente,
      destinatario: input.destinatario,
      produtos: input.produtos,
      tipoVeiculoUid: input.tipoVeiculoUid,
      tipoCargaAntt: input.tipoCargaAntt,
      ncms: doc.ncms,
      produtosDesconhecidos: doc.produtosDesconhecidos,
    },
    linhas.map((l) => l.t),
  );
  const { carga, montadas, catalogo } = motor;
  const nomeComponente = new Map(catalogo.map((c) => [c.codigo, c.nome]));
  const cotacoes: CalculoResultado['cotacoes'] = [];
  const naoCotadas: CalculoResultado['naoCotadas'] = [];
  for (const { t, transportadorNome, transportadorAtivo } of linhas) {
    const quem = { tabelaUid: t.uid, tabelaNome: t.nome, transportadorUid: t.transportadorUid, transportadorNome };
    const m = montadas.get(t.uid);
    if (!m) continue;
    if (!transportadorAtivo) {
      naoCotadas.push({ ...quem, motivo: 'O transportador está inativo.' });
      continue;
    }
    if (m.erros.length) {
      naoCotadas.push({ ...quem, motivo: motivoDeCadastro(m, m.erros[0]) });
      continue;
    }
    const opcoes = motor.opcoes(t);
    const r = calcularFrete(m.tabela, carga, opcoes);
    if (!r.cotado) {
      naoCotadas.push({ ...quem, motivo: r.motivo });
      continue;
    }
    const { cotado: _c, componentes, ...valores } = r;
    const foraBase = new Set(opcoes.componentesForaBaseTributo);
    const regrasForaBase = new Set(
      [...m.tabela.generalidades, ...m.tabela.rotas.flatMap((x) => x.regras), ...(m.tabela.adicionais ?? [])]
        .filter((x) => x.foraBaseTributo)
        .map((x) => x.componente),
    );
    cotacoes.push({
      ...quem,
      ...valores,
      tributo: valores.tributo ?? 'ICMS',
      fonteAliquota: motor.fonteAliquota(t, valores.tributo ?? 'ICMS'),
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
