import Decimal from 'decimal.js';
import { and, eq, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import {
  FUSO, RESULTADO_AUDITORIA as R, TIPO_USUARIO, envelope, fatura, faturaCte, faturaCtesListInput, faturaInput, faturaPagamentoInput,
  faturaUpdate, formatarData, formatarDinheiro, listaDe, statusDef, statusLabel, z,
} from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  auditorias, condicoesPagamento, ctes, embarcadorTransportador, faturaCtes, faturas, preFaturas,
  transportadores, unidadesTransportador,
} from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { executarAcao, lockRow } from '../../framework/crud.ts';
import { type ActionDef, type DbOrTx, defineResource, SEM_MUDANCA, type Scope, type Tx } from '../../framework/resource.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { atualizarTotaisPreFatura } from '../auditorias/repository.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { lancarNaContaCorrente, saldoDaContaCorrente } from './conta-corrente.ts';
import { vencimentosDoEmbarcador } from './condicoes.ts';
import { preFaturasResource } from './pre-faturas.ts';
import { esperasDe, motivoNaoCobravel, sqlAguardaOriginal, sqlSubstituido, substitutosDe, TIPO_CTE } from './substituicao.ts';

// Invoices (fatura): the carrier's bill for a set of its CT-es, typed by the shipper or taken from a
// released pre-invoice. Aberta → validar (every CT-e audited and approved/accepted, in no other invoice, not
// replaced by an anulação/substituto CT-e (substituicao.ts),
// value = CT-es − netting to the centavo, due date not before emission) → Validada → data-pagamento →
// Paga. reabrir undoes a validation (the netting entry is reversed). Carrier users read their own.

registerUniqueConstraint('faturas_numero_uq', 'numero', 'Já existe uma fatura com este número para o transportador.');
registerUniqueConstraint('fatura_ctes_cte_uq', 'cteUids', 'Um dos CT-es já está em outra fatura.');

type Row = Record<string, unknown>;
export const FATURA = { ABERTA: 1, VALIDADA: 2, PAGA: 3 } as const;
const escolhidos = new WeakMap<object, string[]>();
const ehTransportador = (ctx: RequestContext) => ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;
const cteNome = (c: { numero: number; serie: number }) => `CT-e ${c.numero}/${c.serie}`;
const reais = (v: Decimal.Value) => `R$ ${formatarDinheiro(new Decimal(v).toFixed(2))}`;
const hoje = () => new Intl.DateTimeFormat('en-CA', { timeZone: FUSO }).format(new Date());

/** Shipper users: the active shipper's invoices; carrier users: only their carrier's. */
function visivel(ctx: RequestContext) {
  const embarcador = eq(faturas.embarcadorUid, exigirEmbarcador(ctx));
  return ehTransportador(ctx) ? and(embarcador, eq(faturas.transportadorUid, ctx.transportadorUid ?? '00000000-0000-0000-0000-000000000000')) : embarcador;
}
const escopoFatura: Scope = { where: (ctx) => visivel(ctx), values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }) };

/** Carriers read their invoices; only the shipper types, validates, reopens and pays them (403). */
function exigirEmbarcadorUsuario(ctx: RequestContext) {
  if (ehTransportador(ctx)) throw AppError.forbidden('Operação exclusiva do embarcador.');
}

export function faturaItem(r: Row) {
  const s = statusDef('fatura', r.status as number);
  return {
    ...r, transportadorNome: (r.transportadorNome as string | null) ?? null, unidadeNome: (r.unidadeNome as string | null) ?? null,
    condicaoPagamentoNome: (r.condicaoPagamentoNome as string | null) ?? null,
    valor: Number(r.valor), valorDesconto: Number(r.valorDesconto), valorCtes: Number(r.valorCtes ?? 0), quantidadeCtes: Number(r.quantidadeCtes ?? 0),
    statusLabel: s?.label ?? '', statusCor: s?.color ?? 'default',
  };
}

/** The CT-e's value on the invoice: what it charges (vTPrest). */
const valorDoCte = sql<string>`coalesce(${ctes.valorPrestacao}, 0)`;

/** CT-es the invoice may take: the shipper's, of this carrier (and unit), not cancelled, in no other invoice. */
async function conferirCtes(tx: Tx, embarcadorUid: string, transportadorUid: string, unidade: string | null, uids: string[], faturaUid: string | null) {
  const unicos = [...new Set(uids)];
  if (!unicos.length) return [];
  const rows = await tx.select({ uid: ctes.uid, numero: ctes.numero, serie: ctes.serie, transportadorUid: ctes.transportadorUid,
    unidade: ctes.unidadeTransportadorUid, cancelado: ctes.cancelado, status: ctes.status, faturaUid: ctes.faturaUid, valor: valorDoCte, tipoCte: ctes.tipoCte })
    .from(ctes).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.uid, unicos))).for('update');
  const substitutos = await substitutosDe(tx, embarcadorUid, unicos);
  const esperas = await esperasDe(tx, embarcadorUid, unicos);
  const erros: string[] = [];
  if (rows.length !== unicos.length) erros.push(`${unicos.length - rows.length} CT-e(s) não encontrado(s).`);
  for (const c of rows) {
    if (c.transportadorUid !== transportadorUid) erros.push(`${cteNome(c)} é de outro transportador.`);
    else if (unidade && c.unidade !== unidade) erros.push(`${cteNome(c)} é de outra unidade do transportador.`);
    if (c.cancelado || c.status === 5) erros.push(`${cteNome(c)} está cancelado.`);
    if (c.faturaUid && c.faturaUid !== faturaUid) erros.push(`${cteNome(c)} já está em outra fatura.`);
    const motivo = motivoNaoCobravel(cteNome(c), c.tipoCte, substitutos.get(c.uid)) ?? esperas.get(c.uid);
    if (motivo) erros.push(motivo);
  }
  if (erros.length) throw AppError.validation([{ field: 'cteUids', message: erros.join(' ') }], erros[0]);
  return rows;
}

async function vincularCtes(tx: Tx, faturaUid: string, embarcadorUid: string, uids: string[]) {
  await tx.update(ctes).set({ faturaUid: null }).where(eq(ctes.faturaUid, faturaUid));
  await tx.delete(faturaCtes).where(eq(faturaCtes.faturaUid, faturaUid));
  if (!uids.length) return;
  const rows = await tx.select({ uid: ctes.uid, valor: valorDoCte, auditoriaUid: auditorias.uid }).from(ctes)
    .leftJoin(auditorias, and(eq(auditorias.embarcadorUid, ctes.embarcadorUid), eq(auditorias.cteUid, ctes.uid)))
    .where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.uid, uids)));
  await tx.insert(faturaCtes).values(rows.map((r) => ({ faturaUid, embarcadorUid, cteUid: r.uid, auditoriaUid: r.auditoriaUid, valor: String(r.valor) })));
  await tx.update(ctes).set({ faturaUid }).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.uid, uids)));
  // An invoiced CT-e leaves any open pre-invoice (e.g. the automatic one of the audit): it is billed already.
  const foraDeAbertas = and(eq(auditorias.embarcadorUid, embarcadorUid), inArray(auditorias.cteUid, uids),
    sql`${auditorias.preFaturaUid} in (select p.uid from pre_faturas p where p.status = 1)`);
  const abertas = await tx.selectDistinct({ p: auditorias.preFaturaUid }).from(auditorias).where(foraDeAbertas);
  if (!abertas.length) return;
  await tx.update(auditorias).set({ preFaturaUid: null }).where(foraDeAbertas);
  for (const a of abertas) if (a.p) await atualizarTotaisPreFatura(tx, a.p);
}

export const faturasResource = defineResource({
  nome: 'Fatura',
  path: '/fatura',
  recurso: 'fatura',
  table: faturas,
  uid: faturas.uid,
  scope: escopoFatura,
  item: fatura,
  input: faturaInput,
  updateInput: faturaUpdate,
  select: {
    uid: faturas.uid, embarcadorUid: faturas.embarcadorUid, transportadorUid: faturas.transportadorUid, unidadeTransportadorUid: faturas.unidadeTransportadorUid,
    preFaturaUid: faturas.preFaturaUid, condicaoPagamentoUid: faturas.condicaoPagamentoUid, numero: faturas.numero, emissao: faturas.emissao,
    vencimento: faturas.vencimento, valor: faturas.valor, valorDesconto: faturas.valorDesconto, status: faturas.status, validadaEm: faturas.validadaEm,
    dataPagamento: faturas.dataPagamento, observacao: faturas.observacao, criadoEm: faturas.criadoEm, atualizadoEm: faturas.atualizadoEm,
    transportadorNome: transportadores.nome, unidadeNome: unidadesTransportador.nome, condicaoPagamentoNome: condicoesPagamento.nome,
    valorCtes: sql<string>`(select coalesce(sum(fc.valor), 0) from fatura_ctes fc where fc.fatura_uid = ${faturas.uid})`.as('valor_ctes'),
    quantidadeCtes: sql<number>`(select count(*)::int from fatura_ctes fc where fc.fatura_uid = ${faturas.uid})`.as('quantidade_ctes'),
  },
  from: (q) => q.leftJoin(transportadores, eq(transportadores.uid, faturas.transportadorUid))
    .leftJoin(unidadesTransportador, eq(unidadesTransportador.uid, faturas.unidadeTransportadorUid))
    .leftJoin(condicoesPagamento, eq(condicoesPagamento.uid, faturas.condicaoPagamentoUid)),
  toItem: faturaItem as never,
  refs: { transportadorUid: transportadorVinculado },
  sortable: {
    emissao: faturas.emissao, vencimento: faturas.vencimento, numero: faturas.numero, valor: faturas.valor, status: faturas.status,
    criadoEm: faturas.criadoEm, transportadorNome: transportadores.nome,
  },
  defaultSort: 'emissao',
  defaultOrder: 'DESC',
  filters: {
    numero: { column: faturas.numero, kind: 'text' },
    transportadorUid: { column: faturas.transportadorUid, kind: 'uid' },
    status: { column: faturas.status, kind: 'int' },
    emissao: { column: faturas.emissao, kind: 'date', range: true },
    vencimento: { column: faturas.vencimento, kind: 'date', range: true },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      exigirEmbarcadorUsuario(ctx);
      if (existing && existing.status !== FATURA.ABERTA) {
        throw AppError.conflict(`A fatura está '${statusLabel('fatura', existing.status as number)}': só uma fatura aberta muda (reabra-a antes).`);
      }
      const embarcadorUid = exigirEmbarcador(ctx);
      const get = <T>(k: string) => (k in values ? values[k] : existing?.[k]) as T;
      const transportadorUid = get<string>('transportadorUid');
      const unidade = get<string | null>('unidadeTransportadorUid') ?? null;
      if (unidade && 'unidadeTransportadorUid' in values) {
        const [u] = await tx.select({ t: unidadesTransportador.transportadorUid }).from(unidadesTransportador).where(eq(unidadesTransportador.uid, unidade));
        if (u?.t !== transportadorUid) throw AppError.field('unidadeTransportadorUid', 'A unidade não é do transportador da fatura.');
      }
      const preFaturaUid = values.preFaturaUid as string | null | undefined;
      // With a pre-invoice, no CT-e chosen means "the pre-invoice's".
      let uids = preFaturaUid && !(values.cteUids as string[] | undefined)?.length ? undefined : (values.cteUids as string[] | undefined);
      delete values.cteUids;
      if (preFaturaUid && preFaturaUid !== existing?.preFaturaUid) {
        // The pre-invoice's row lock: two invoices of one pre-invoice at once wait here, and the second sees the first's.
        try {
          await lockRow(tx, preFaturasResource, ctx, preFaturaUid);
        } catch (e) {
          if (e instanceof AppError && e.status === 404) throw AppError.field('preFaturaUid', 'Pré-fatura não encontrada.');
          throw e;
        }
        const [p] = await tx.select().from(preFaturas).where(and(eq(preFaturas.uid, preFaturaUid), eq(preFaturas.embarcadorUid, embarcadorUid)));
        if (!p) throw AppError.field('preFaturaUid', 'Pré-fatura não encontrada.');
        const [outra] = await tx.select({ uid: faturas.uid }).from(faturas)
          .where(and(eq(faturas.preFaturaUid, preFaturaUid), existing ? ne(faturas.uid, existing.uid as string) : undefined)).limit(1);
        if (outra) throw AppError.conflict('A pré-fatura já tem uma fatura.', [{ field: 'preFaturaUid', message: 'A pré-fatura já tem uma fatura.' }]);
        if (p.status !== 2) throw AppError.field('preFaturaUid', `A pré-fatura está '${statusLabel('preFatura', p.status)}': só uma pré-fatura liberada vira fatura.`);
        if (p.transportadorUid !== transportadorUid) throw AppError.field('preFaturaUid', 'A pré-fatura é de outro transportador.');
        if (!uids) {
          const daPre = await tx.select({ cteUid: auditorias.cteUid }).from(auditorias).where(eq(auditorias.preFaturaUid, preFaturaUid));
          uids = daPre.map((a) => a.cteUid);
        }
      }
      if (!existing && !uids?.length) throw AppError.field('cteUids', 'Selecione ao menos um CT-e (ou uma pré-fatura liberada).');
      if (uids) {
        if (!uids.length) throw AppError.field('cteUids', 'Selecione ao menos um CT-e.');
        await conferirCtes(tx, embarcadorUid, transportadorUid, unidade, uids, (existing?.uid as string) ?? null);
        // An update links them now (the framework re-reads the row before afterWrite); a new row, after its insert.
        if (existing) await vincularCtes(tx, existing.uid as string, embarcadorUid, [...new Set(uids)]);
        else escolhidos.set(tx, [...new Set(uids)]);
      } else if (existing && ('transportadorUid' in values || 'unidadeTransportadorUid' in values)) {
        const atuais = await tx.select({ uid: faturaCtes.cteUid }).from(faturaCtes).where(eq(faturaCtes.faturaUid, existing.uid as string));
        await conferirCtes(tx, embarcadorUid, transportadorUid, unidade, atuais.map((a) => a.uid), existing.uid as string);
      }
      const condicaoUid = get<string | null>('condicaoPagamentoUid') ?? null;
      let condicao: typeof condicoesPagamento.$inferSelect | undefined;
      if (condicaoUid) {
        [condicao] = await tx.select().from(condicoesPagamento).where(and(eq(condicoesPagamento.uid, condicaoUid), eq(condicoesPagamento.embarcadorUid, embarcadorUid)));
        if (!condicao) throw AppError.field('condicaoPagamentoUid', 'Condição de pagamento não encontrada.');
        if ('condicaoPagamentoUid' in values && !condicao.ativo) throw AppError.field('condicaoPagamentoUid', 'A condição de pagamento está inativa.');
      }
      const emissao = get<string>('emissao');
      // Without a due date typed, the condition's first instalment — recomputed only when what it depends on is sent.
      const vencimento = values.vencimento as string | null | undefined;
      const recalcular = !existing || 'vencimento' in values || 'condicaoPagamentoUid' in values || 'emissao' in values;
      if (!vencimento) {
        if (recalcular && condicao) values.vencimento = (await vencimentosDoEmbarcador(tx, embarcadorUid, condicao.parcelas, emissao))[0];
        else if (!existing || 'vencimento' in values) throw AppError.field('vencimento', 'Informe o vencimento ou a condição de pagamento.');
        else delete values.vencimento;
      }
      const venc = (values.vencimento ?? existing?.vencimento) as string;
      if (venc < emissao) throw AppError.field('vencimento', `O vencimento (${formatarData(venc)}) é anterior à emissão (${formatarData(emissao)}).`);
    },
    async afterWrite(tx, ctx, row) {
      const uids = escolhidos.get(tx);
      escolhidos.delete(tx);
      if (uids) await vincularCtes(tx, row.uid as string, exigirEmbarcador(ctx), uids);
    },
    async beforeDelete(tx, ctx, existing) {
      exigirEmbarcadorUsuario(ctx);
      if (existing.status !== FATURA.ABERTA) {
        throw AppError.conflict(`A fatura está '${statusLabel('fatura', existing.status as number)}': só uma fatura aberta pode ser excluída.`);
      }
      await tx.update(ctes).set({ faturaUid: null }).where(eq(ctes.faturaUid, existing.uid as string));
    },
  },
});

/** Every failing point of the invoice, in pt-BR, with the field it concerns (empty: it may be validated). */
export async function problemasDaFatura(tx: DbOrTx, row: Row, vencimento: string) {
  const uid = row.uid as string;
  const erros: { field: string; message: string }[] = [];
  const itens = await tx.select({
    cteUid: faturaCtes.cteUid, valor: faturaCtes.valor, numero: ctes.numero, serie: ctes.serie, cancelado: ctes.cancelado, cteStatus: ctes.status,
    cteFatura: ctes.faturaUid, tipoCte: ctes.tipoCte, original: ctes.cteOriginalUid,
  }).from(faturaCtes).innerJoin(ctes, eq(ctes.uid, faturaCtes.cteUid)).where(eq(faturaCtes.faturaUid, uid)).orderBy(ctes.numero);
  if (!itens.length) erros.push({ field: 'cteUids', message: 'A fatura não tem CT-es.' });
  // A complementary CT-e is audited with its original (it adds to the original's audit).
  const auditoriaDe = new Map<string, number>();
  const procurar = [...new Set(itens.flatMap((i) => [i.cteUid, i.tipoCte === 1 && i.original ? i.original : i.cteUid]))];
  if (procurar.length) {
    const aud = await tx.select({ cteUid: auditorias.cteUid, status: auditorias.status }).from(auditorias)
      .where(and(eq(auditorias.embarcadorUid, row.embarcadorUid as string), inArray(auditorias.cteUid, procurar)));
    for (const a of aud) auditoriaDe.set(a.cteUid, a.status);
  }
  const substitutos = await substitutosDe(tx, row.embarcadorUid as string, itens.map((i) => i.cteUid));
  for (const i of itens) {
    const nome = cteNome(i);
    if (i.cancelado || i.cteStatus === 5) erros.push({ field: 'cteUids', message: `${nome} está cancelado.` });
    if (i.cteFatura !== uid) erros.push({ field: 'cteUids', message: `${nome} está em outra fatura.` });
    // Replaced or an anulação: that is the reason (its audit was closed because of it), not the audit's status.
    const motivo = motivoNaoCobravel(nome, i.tipoCte, substitutos.get(i.cteUid));
    if (motivo) {
      erros.push({ field: 'cteUids', message: motivo });
      continue;
    }
    const st = auditoriaDe.get(i.cteUid) ?? (i.tipoCte === 1 && i.original ? auditoriaDe.get(i.original) : undefined);
    if (st === undefined) erros.push({ field: 'cteUids', message: `${nome} não foi auditado.` });
    else if (st !== R.APROVADA && st !== R.ACEITA) {
      erros.push({ field: 'cteUids', message: `${nome} está '${statusLabel('auditoria', st)}' na auditoria: aceite ou re-audite antes de validar.` });
    }
  }
  const soma = itens.reduce((s, i) => s.plus(i.valor), new Decimal(0));
  const desconto = new Decimal(row.valorDesconto as string);
  const esperado = soma.minus(desconto);
  const valor = new Decimal(row.valor as string);
  if (!valor.equals(esperado)) {
    const detalhe = desconto.isZero() ? `a soma dos CT-es (${reais(soma)})` : `a soma dos CT-es (${reais(soma)}) menos o desconto da conta corrente (${reais(desconto)}), ${reais(esperado)}`;
    erros.push({ field: 'valor', message: `O valor da fatura (${reais(valor)}) não confere com ${detalhe}: diferença de ${reais(valor.minus(esperado))}.` });
  }
  if (desconto.gt(0)) {
    const saldo = await saldoDaContaCorrente(tx, row.embarcadorUid as string, row.transportadorUid as string);
    if (desconto.gt(saldo)) erros.push({ field: 'valorDesconto', message: `O desconto (${reais(desconto)}) é maior que o saldo da conta corrente do transportador (${reais(saldo)}).` });
  }
  if (vencimento < (row.emissao as string)) {
    erros.push({ field: 'vencimento', message: `O vencimento (${formatarData(vencimento)}) é anterior à emissão (${formatarData(row.emissao as string)}).` });
  }
  return erros;
}

async function mudarPreFatura(tx: Tx, preFaturaUid: unknown, de: number, para: number) {
  if (!preFaturaUid) return;
  await tx.update(preFaturas).set({ status: para, atualizadoEm: sql`now()` }).where(and(eq(preFaturas.uid, preFaturaUid as string), eq(preFaturas.status, de)));
}

const validar: ActionDef = {
  path: 'validar', method: 'GET', permission: 'aprovar', summary: 'Valida a fatura (diz todos os pontos que falham)',
  async run(tx, ctx, row) {
    exigirEmbarcadorUsuario(ctx);
    exigirTransicao('fatura', row.status as number, FATURA.VALIDADA);
    if (row.status === FATURA.VALIDADA) return SEM_MUDANCA;
    // A condition counted from the validation sets the due date now.
    let vencimento = row.vencimento as string;
    if (row.condicaoPagamentoUid) {
      const [c] = await tx.select().from(condicoesPagamento).where(eq(condicoesPagamento.uid, row.condicaoPagamentoUid as string));
      if (c?.base === 'VALIDACAO') vencimento = (await vencimentosDoEmbarcador(tx, row.embarcadorUid as string, c.parcelas, hoje()))[0]!;
    }
    const erros = await problemasDaFatura(tx, row, vencimento);
    if (erros.length) throw AppError.validation(erros, `A fatura não pode ser validada: ${erros.map((e) => e.message).join(' ')}`);
    await tx.update(faturas).set({ status: FATURA.VALIDADA, vencimento, validadaEm: sql`now()`, atualizadoEm: sql`now()` }).where(eq(faturas.uid, row.uid as string));
    const desconto = new Decimal(row.valorDesconto as string);
    if (desconto.gt(0)) {
      await lancarNaContaCorrente(tx, ctx, row, desconto.neg(), `Desconto na fatura ${row.numero}`);
    }
    await mudarPreFatura(tx, row.preFaturaUid, 2, 3);
    return undefined;
  },
};

const reabrir: ActionDef = {
  path: 'reabrir', method: 'GET', permission: 'aprovar', summary: 'Reabre a fatura validada (estorna o desconto da conta corrente)',
  async run(tx, ctx, row) {
    exigirEmbarcadorUsuario(ctx);
    exigirTransicao('fatura', row.status as number, FATURA.ABERTA);
    if (row.status === FATURA.ABERTA) return SEM_MUDANCA;
    await tx.update(faturas).set({ status: FATURA.ABERTA, validadaEm: null, atualizadoEm: sql`now()` }).where(eq(faturas.uid, row.uid as string));
    const desconto = new Decimal(row.valorDesconto as string);
    if (desconto.gt(0)) await lancarNaContaCorrente(tx, ctx, row, desconto, `Estorno do desconto na fatura ${row.numero} (reaberta)`);
    await mudarPreFatura(tx, row.preFaturaUid, 3, 2);
    return undefined;
  },
};

const dataPagamento: ActionDef = {
  path: 'data-pagamento', method: 'PUT', permission: 'alterar', input: faturaPagamentoInput, auditoria: 'pagamento',
  summary: 'Informa a data de pagamento (Validada → Paga); null desfaz (Paga → Validada)',
  async run(tx, ctx, row, input) {
    exigirEmbarcadorUsuario(ctx);
    const data = input.dataPagamento as string | null;
    const para = data ? FATURA.PAGA : FATURA.VALIDADA;
    // Only validar validates: an open invoice is refused as the move it asks for (Aberta → Paga).
    exigirTransicao('fatura', row.status as number, row.status === FATURA.ABERTA ? FATURA.PAGA : para);
    if (data && data < (row.emissao as string)) {
      throw AppError.field('dataPagamento', `A data de pagamento não pode ser anterior à emissão (${formatarData(row.emissao as string)}).`);
    }
    if (row.status === para && (row.dataPagamento ?? null) === data) return SEM_MUDANCA;
    await tx.update(faturas).set({ status: para, dataPagamento: data, atualizadoEm: sql`now()` }).where(eq(faturas.uid, row.uid as string));
    return undefined;
  },
};
faturasResource.actions = [dataPagamento];

const ctesSelect = {
  cteUid: ctes.uid, chave: ctes.chave, numero: ctes.numero, serie: ctes.serie, emissao: ctes.emissao,
  origemMunicipio: ctes.origemMunicipio, origemUf: ctes.origemUf, destinoMunicipio: ctes.destinoMunicipio, destinoUf: ctes.destinoUf,
  auditoriaUid: auditorias.uid, auditoriaStatus: auditorias.status, valorEsperado: auditorias.valorEsperado,
};
const lugar = (m: string | null, uf: string | null) => (m ? `${m}${uf ? `/${uf}` : ''}` : uf);
function cteItem(r: Row & { valor: unknown }) {
  return {
    cteUid: r.cteUid as string, chave: r.chave as string, numero: r.numero as number, serie: r.serie as number, emissao: r.emissao as string,
    origem: lugar(r.origemMunicipio as string | null, r.origemUf as string | null), destino: lugar(r.destinoMunicipio as string | null, r.destinoUf as string | null),
    valor: Number(r.valor), auditoriaUid: (r.auditoriaUid as string | null) ?? null, auditoriaStatus: (r.auditoriaStatus as number | null) ?? null,
    auditoriaStatusLabel: r.auditoriaStatus == null ? null : statusLabel('auditoria', r.auditoriaStatus as number),
    valorEsperado: r.valorEsperado == null ? null : Number(r.valorEsperado),
  };
}

export async function faturasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['Fatura'];
  const params = z.object({ uid: zUidParam });
  for (const a of [validar, reabrir]) {
    r.get(`/api/v1/fatura/${a.path}/:uid`, {
      config: { permission: ['fatura', a.permission], escrita: true },
      schema: { tags, summary: a.summary, params, response: { 200: envelope(fatura), ...errorResponses } },
    }, async (req) => ({ success: true as const, message: 'Registro salvo com sucesso.',
      data: (await executarAcao(app.db, faturasResource, a, req.ctx as never, req.params.uid, {})) as never }));
  }

  r.post('/api/v1/fatura/ctes-list', {
    config: { permission: ['fatura', 'ler'] },
    schema: {
      tags, summary: 'CT-es que podem entrar numa fatura: da unidade (ou do transportador), autorizados, sem fatura, com auditoria aprovada ou aceita',
      body: faturaCtesListInput, response: { 200: envelope(listaDe(faturaCte)), ...errorResponses },
    },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const { unidadeTransportadorUid: alvo, embarcadorUid: informado } = req.body;
    if (informado && informado !== embarcadorUid) throw AppError.field('embarcadorUid', 'Embarcador não localizado');
    // The uid names a unit of a carrier linked to the shipper, or the carrier itself (all its units).
    const [u] = await app.db.select({ transportadorUid: unidadesTransportador.transportadorUid }).from(unidadesTransportador).where(eq(unidadesTransportador.uid, alvo));
    const transportadorUid = u?.transportadorUid ?? alvo;
    const [vinc] = await app.db.select({ t: embarcadorTransportador.transportadorUid }).from(embarcadorTransportador)
      .where(and(eq(embarcadorTransportador.embarcadorUid, embarcadorUid), eq(embarcadorTransportador.transportadorUid, transportadorUid)));
    const ctx = req.ctx as RequestContext;
    if (!vinc || (ehTransportador(ctx) && ctx.transportadorUid !== transportadorUid)) {
      throw AppError.field('unidadeTransportadorUid', 'Unidade do transportador não encontrada.');
    }
    const rows = await app.db.select({ ...ctesSelect, valor: valorDoCte }).from(ctes)
      .innerJoin(auditorias, and(eq(auditorias.embarcadorUid, ctes.embarcadorUid), eq(auditorias.cteUid, ctes.uid)))
      .where(and(
        eq(ctes.embarcadorUid, embarcadorUid), eq(ctes.transportadorUid, transportadorUid), u ? eq(ctes.unidadeTransportadorUid, alvo) : undefined,
        eq(ctes.cancelado, false), ne(ctes.status, 5), isNull(ctes.faturaUid), sql`${ctes.protocolo} is not null`,
        // a replaced CT-e is not billable (its substitute is); an anulação charges nothing
        sql`coalesce(${ctes.tipoCte}, 0) <> ${TIPO_CTE.ANULACAO}`, sql`not ${sqlSubstituido(ctes.uid)}`, sql`not ${sqlAguardaOriginal(ctes.uid)}`,
        or(eq(auditorias.status, R.APROVADA), eq(auditorias.status, R.ACEITA)),
      )).orderBy(ctes.emissao, ctes.numero).limit(5000);
    return { success: true as const, message: '', data: { totalRecords: rows.length, data: rows.map(cteItem) } };
  });

  r.get('/api/v1/fatura/:uid/ctes', {
    config: { permission: ['fatura', 'ler'] },
    schema: { tags, summary: 'CT-es da fatura, com o valor de cada um e o resultado da auditoria', params, response: { 200: envelope(listaDe(faturaCte)), ...errorResponses } },
  }, async (req) => {
    const [f] = await app.db.select({ uid: faturas.uid }).from(faturas).where(and(eq(faturas.uid, req.params.uid), visivel(req.ctx as RequestContext)));
    if (!f) throw AppError.notFound();
    const rows = await app.db.select({ ...ctesSelect, valor: faturaCtes.valor }).from(faturaCtes)
      .innerJoin(ctes, eq(ctes.uid, faturaCtes.cteUid))
      .leftJoin(auditorias, and(eq(auditorias.embarcadorUid, ctes.embarcadorUid), eq(auditorias.cteUid, ctes.uid)))
      .where(eq(faturaCtes.faturaUid, f.uid)).orderBy(ctes.emissao, ctes.numero);
    return { success: true as const, message: '', data: { totalRecords: rows.length, data: rows.map(cteItem) } };
  });
}
