import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import {
  aceitarAuditoriaInput, auditoria, auditoriaInput, RESULTADO_AUDITORIA as R, taxaEspecial, taxaEspecialInput,
  toleranciaAuditoria, toleranciaAuditoriaInput, type z,
} from '@fretio/core';
import { auditoriaTaxasEspeciais, auditorias, contaCorrenteTransportador, toleranciasAuditoria, transportadores } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { defineResource, doEmbarcador, filhoDe, type Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { auditoriaItem, num, selectAuditoria } from './itens.ts';
import { auditarCte, encaminharPreFatura, exigirForaDePreFaturaLiberada, exigirReauditavel } from './service.ts';

registerUniqueConstraint('tolerancias_auditoria_uq', 'componente', 'Já existe uma tolerância para este transportador e componente.');

type Row = Record<string, unknown>;

async function reauditarLinha(tx: Tx, ctx: RequestContext, row: Row, forcar = false) {
  const r = await auditarCte(tx, exigirEmbarcador(ctx), row.cteUid as string, { forcar });
  return r;
}

/** Accepting a divergence: status Aceita, the reason, and the difference as an entry of the carrier's running balance. */
async function aceitar(tx: Tx, ctx: RequestContext, row: Row, input: Row) {
  if (row.status === R.ACEITA) throw AppError.conflict('A auditoria já foi aceita.', undefined, 'AUDITORIA_ACEITA');
  exigirTransicao('auditoria', row.status as number, R.ACEITA);
  const embarcadorUid = exigirEmbarcador(ctx);
  const mensagem = String(input.mensagem);
  await tx.update(auditorias).set({ status: R.ACEITA, mensagem, aceitaPorUid: ctx.usuarioUid ?? null, aceitaEm: sql`now()`, atualizadoEm: sql`now()` })
    .where(eq(auditorias.uid, row.uid as string));
  const dif = num(row.diferenca);
  if (dif && row.transportadorUid) {
    await tx.insert(contaCorrenteTransportador).values({
      embarcadorUid, transportadorUid: row.transportadorUid as string, valor: String(dif), documentoTipo: 'AUDITORIA', documentoUid: row.uid as string,
      historico: `Divergência aceita no CT-e ${row.numeroCte}/${row.serieCte}: ${mensagem}`.slice(0, 500), usuarioUid: ctx.usuarioUid ?? null,
    });
  }
  await encaminharPreFatura(tx, embarcadorUid, row.uid as string);
}

/** Reopening an accepted audit: the balance entry is reversed and the CT-e is compared again. */
async function reabrir(tx: Tx, ctx: RequestContext, row: Row) {
  if (row.status !== R.ACEITA) throw AppError.conflict(`Só uma auditoria aceita pode ser reaberta (a auditoria está '${auditoriaItem(row).statusLabel}').`, undefined, 'TRANSICAO_INVALIDA');
  await exigirForaDePreFaturaLiberada(tx, row as { preFaturaUid: string | null });
  const dif = num(row.diferenca);
  if (dif && row.transportadorUid) {
    await tx.insert(contaCorrenteTransportador).values({
      embarcadorUid: exigirEmbarcador(ctx), transportadorUid: row.transportadorUid as string, valor: String(-dif), documentoTipo: 'AUDITORIA',
      documentoUid: row.uid as string, historico: `Aceitação da auditoria do CT-e ${row.numeroCte}/${row.serieCte} reaberta.`, usuarioUid: ctx.usuarioUid ?? null,
    });
  }
  await reauditarLinha(tx, ctx, row, true);
}

export const auditoriasResource = defineResource({
  nome: 'Auditoria de frete',
  path: '/auditorias',
  recurso: 'auditorias',
  table: auditorias,
  uid: auditorias.uid,
  scope: doEmbarcador(auditorias.embarcadorUid),
  item: auditoria,
  input: auditoriaInput,
  operations: ['list', 'get', 'update'],
  select: selectAuditoria,
  from: (q) => q.leftJoin(transportadores, eq(transportadores.uid, auditorias.transportadorUid)),
  // The carrier's name is only shown and sorted by: the total of a period + result filter is an index-only
  // count of auditorias_status_emissao_idx (a million audits: p95 under 100 ms on PostgreSQL).
  contagemSemFrom: true,
  toItem: auditoriaItem,
  sortable: {
    emissao: auditorias.emissao, numeroCte: auditorias.numeroCte, status: auditorias.status, valorCobrado: auditorias.valorCobrado,
    diferenca: auditorias.diferenca, transportadorNome: transportadores.nome, auditadaEm: auditorias.auditadaEm,
  },
  defaultSort: 'emissao',
  defaultOrder: 'DESC',
  filters: {
    transportadorUid: { column: auditorias.transportadorUid, kind: 'uid' },
    status: { column: auditorias.status, kind: 'int' },
    fonte: { column: auditorias.fonte, kind: 'exact' },
    emissao: { column: auditorias.emissao, kind: 'date', range: true },
    numeroCte: { column: auditorias.numeroCte, kind: 'int' },
    chaveCte: { column: auditorias.chaveCte, kind: 'exact' },
    cteUid: { column: auditorias.cteUid, kind: 'uid' },
    preFaturaUid: { column: auditorias.preFaturaUid, kind: 'uid' },
  },
  hooks: {
    async validate(_tx, _ctx, values) {
      for (const k of Object.keys(values)) if (k !== 'mensagem') delete values[k];
    },
  },
  actions: [
    {
      path: 'reauditar', method: 'PUT', permission: 'alterar', summary: 'Re-audita o CT-e (compara de novo com o cálculo)',
      async run(tx, ctx, row) {
        await exigirReauditavel(tx, row as never);
        await reauditarLinha(tx, ctx, row);
        return undefined;
      },
    },
    {
      path: 'reabrir', method: 'PUT', permission: 'aprovar', summary: 'Reabre uma auditoria aceita (estorna o lançamento na conta corrente e re-audita)',
      async run(tx, ctx, row) {
        await reabrir(tx, ctx, row);
        return undefined;
      },
    },
    {
      path: 'aceitar-auditoria', method: 'PUT', permission: 'aprovar', input: aceitarAuditoriaInput,
      summary: 'Aceita o valor cobrado com um motivo; a diferença vai para a conta corrente do transportador',
      async run(tx, ctx, row, input) {
        await aceitar(tx, ctx, row, input);
        return undefined;
      },
    },
  ],
});

async function auditoriaVisivel(db: Parameters<NonNullable<ReturnType<typeof filhoDe>['parentVisible']>>[0], ctx: RequestContext, uid: string) {
  const [a] = await db.select({ uid: auditorias.uid }).from(auditorias).where(and(eq(auditorias.uid, uid), eq(auditorias.embarcadorUid, exigirEmbarcador(ctx))));
  return !!a;
}

/** Special taxes accepted on one audit: each write re-audits the CT-e (they add to the expected value). */
export const taxasEspeciaisResource = defineResource({
  nome: 'Taxa especial da auditoria',
  path: '/auditorias/:uid/taxas-especiais',
  recurso: 'auditorias',
  table: auditoriaTaxasEspeciais,
  uid: auditoriaTaxasEspeciais.uid,
  scope: filhoDe(auditoriaTaxasEspeciais.auditoriaUid, 'auditoriaUid', auditoriaVisivel),
  item: taxaEspecial,
  input: taxaEspecialInput,
  toItem: (r) => ({ ...r, valor: Number(r.valor) }) as z.infer<typeof taxaEspecial>,
  sortable: { descricao: auditoriaTaxasEspeciais.descricao, valor: auditoriaTaxasEspeciais.valor, criadoEm: auditoriaTaxasEspeciais.criadoEm },
  defaultSort: 'criadoEm',
  filters: { descricao: { column: auditoriaTaxasEspeciais.descricao, kind: 'text' } },
  hooks: {
    async validate(tx, _ctx, values, existing) {
      const auditoriaUid = (values.auditoriaUid ?? existing?.auditoriaUid) as string;
      const [a] = await tx.select().from(auditorias).where(eq(auditorias.uid, auditoriaUid)).for('update');
      if (a) await exigirReauditavel(tx, a);
    },
    async afterWrite(tx, ctx, row) {
      const [a] = await tx.select({ cteUid: auditorias.cteUid }).from(auditorias).where(eq(auditorias.uid, row.auditoriaUid as string));
      if (a) await auditarCte(tx, exigirEmbarcador(ctx), a.cteUid);
    },
    async beforeDelete(tx, ctx, existing) {
      const [a] = await tx.select().from(auditorias).where(eq(auditorias.uid, existing.auditoriaUid as string)).for('update');
      if (!a) return;
      await exigirReauditavel(tx, a);
      await tx.delete(auditoriaTaxasEspeciais).where(eq(auditoriaTaxasEspeciais.uid, existing.uid as string));
      await auditarCte(tx, exigirEmbarcador(ctx), a.cteUid);
    },
  },
});

/** Tolerances of the audit (beyond the specification): per carrier and/or component, % and/or R$, each side. */
export const toleranciasResource = defineResource({
  nome: 'Tolerância da auditoria',
  path: '/tolerancias-auditoria',
  recurso: 'tolerancias-auditoria',
  table: toleranciasAuditoria,
  uid: toleranciasAuditoria.uid,
  scope: doEmbarcador(toleranciasAuditoria.embarcadorUid),
  item: toleranciaAuditoria,
  input: toleranciaAuditoriaInput,
  select: { ...getTableColumns(toleranciasAuditoria), transportadorNome: transportadores.nome },
  from: (q) => q.leftJoin(transportadores, eq(transportadores.uid, toleranciasAuditoria.transportadorUid)),
  toItem: (r) => ({
    ...r, transportadorNome: (r.transportadorNome as string | null) ?? null,
    percentualAcima: num(r.percentualAcima), valorAcima: num(r.valorAcima), percentualAbaixo: num(r.percentualAbaixo), valorAbaixo: num(r.valorAbaixo),
  }) as z.infer<typeof toleranciaAuditoria>,
  refs: { transportadorUid: transportadorVinculado },
  sortable: { componente: toleranciasAuditoria.componente, transportadorNome: transportadores.nome, criadoEm: toleranciasAuditoria.criadoEm },
  defaultSort: 'criadoEm',
  filters: {
    transportadorUid: { column: toleranciasAuditoria.transportadorUid, kind: 'uid' },
    componente: { column: toleranciasAuditoria.componente, kind: 'exact' },
  },
});
