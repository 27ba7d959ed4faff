import { and, eq, getTableColumns, sql } from 'drizzle-orm';
import { rpa, rpaCalcularInput, rpaTitulo, statusDef, z } from '@fretio/core';
import { rpaTitulos, rpas, unidadesTransportador } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { type ActionDef, defineResource, doEmbarcador, type Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { calcularRpaServidor } from './service.ts';
import { vencimentoDia20, vencimentoIss } from './vencimentos.ts';

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));
export const rpaItem = (r: Row) => ({
  ...r, unidadeNome: (r.unidadeNome as string | null) ?? null, valorFrete: Number(r.valorFrete), aliquotaIss: num(r.aliquotaIss),
  valorLiquido: Number(r.valorLiquido), statusLabel: statusDef('rpa', r.status as number)?.label ?? '',
}) as z.infer<typeof rpa>;

async function valoresCalculados(tx: Tx, embarcadorUid: string, values: Row, excetoUid?: string) {
  const calculo = await calcularRpaServidor(tx, embarcadorUid, {
    unidadeTransportadorUid: values.unidadeTransportadorUid as string, data: values.data as string, valorFrete: values.valorFrete as string,
    dependentes: (values.dependentes as number) ?? 0, aliquotaIss: (values.aliquotaIss as string | null) ?? null,
  }, excetoUid);
  values.calculo = calculo;
  values.baseInssLimitada = String(calculo.baseInssLimitada);
  values.valorLiquido = String(calculo.valorLiquido);
}

/** Issuing locks the receipt and creates its payables: net to the driver, INSS, IRRF, SEST/SENAT, ISS. */
export async function emitir(tx: Tx, row: Row) {
  const c = row.calculo as { valorLiquido: number; inss: number; irrf: number; sest: number; senat: number; iss: number };
  const data = row.data as string;
  const dia20 = await vencimentoDia20(tx, row.embarcadorUid as string, data);
  const titulos = [
    { tipo: 'LIQUIDO', favorecido: String(row.unidadeNome ?? 'Motorista autônomo'), valor: c.valorLiquido, vencimento: data },
    { tipo: 'INSS', favorecido: 'Receita Federal (INSS retido)', valor: c.inss, vencimento: dia20 },
    { tipo: 'IRRF', favorecido: 'Receita Federal (IRRF)', valor: c.irrf, vencimento: dia20 },
    { tipo: 'SEST_SENAT', favorecido: 'SEST/SENAT', valor: c.sest + c.senat, vencimento: dia20 },
    { tipo: 'ISS', favorecido: 'Prefeitura (ISS retido)', valor: c.iss, vencimento: await vencimentoIss(tx, row.embarcadorUid as string, data) },
  ].filter((t) => t.valor > 0);
  await tx.insert(rpaTitulos).values(titulos.map((t) => ({ ...t, valor: t.valor.toFixed(2), embarcadorUid: row.embarcadorUid as string, rpaUid: row.uid as string })));
}

const mudar = (path: string, para: 2 | 3, summary: string): ActionDef => ({
  path, method: 'GET', permission: 'aprovar', summary,
  async run(tx, _ctx, row) {
    if (row.status === para) throw AppError.conflict(`O RPA já está '${statusDef('rpa', para)?.label}'.`, undefined, 'TRANSICAO_INVALIDA');
    exigirTransicao('rpa', row.status as number, para);
    if (para === 3) {
      const pagos = await tx.select({ uid: rpaTitulos.uid }).from(rpaTitulos).where(and(eq(rpaTitulos.rpaUid, row.uid as string), eq(rpaTitulos.status, 2)));
      if (pagos.length) throw AppError.conflict('O RPA tem títulos pagos: desfaça os pagamentos antes de cancelar.');
      await tx.update(rpaTitulos).set({ status: 3, atualizadoEm: sql`now()` }).where(eq(rpaTitulos.rpaUid, row.uid as string));
    } else await emitir(tx, row);
    await tx.update(rpas).set({ status: para, ...(para === 2 ? { emitidoEm: sql`now()` } : {}), atualizadoEm: sql`now()` }).where(eq(rpas.uid, row.uid as string));
    return undefined;
  },
});

export const rpasResource = defineResource({
  nome: 'RPA',
  path: '/rpa',
  recurso: 'rpa',
  table: rpas,
  uid: rpas.uid,
  scope: doEmbarcador(rpas.embarcadorUid),
  item: rpa,
  input: rpaCalcularInput,
  select: { ...getTableColumns(rpas), unidadeNome: unidadesTransportador.nome },
  from: (q) => q.leftJoin(unidadesTransportador, eq(unidadesTransportador.uid, rpas.unidadeTransportadorUid)),
  toItem: rpaItem,
  sortable: { data: rpas.data, numero: rpas.numero, valorFrete: rpas.valorFrete, status: rpas.status },
  defaultSort: 'data',
  defaultOrder: 'DESC',
  filters: {
    unidadeTransportadorUid: { column: rpas.unidadeTransportadorUid, kind: 'uid' },
    status: { column: rpas.status, kind: 'int' },
    data: { column: rpas.data, kind: 'date', range: true },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      if (existing && existing.status !== 1) throw AppError.conflict('O RPA já foi emitido ou cancelado: não pode ser alterado.', undefined, 'RPA_EMITIDO');
      await valoresCalculados(tx, exigirEmbarcador(ctx), values, existing?.uid as string | undefined);
    },
    async beforeDelete(_tx, _ctx, existing) {
      if (existing.status === 2) throw AppError.conflict('Um RPA emitido não pode ser excluído: cancele-o.', undefined, 'RPA_EMITIDO');
    },
  },
  actions: [mudar('emitir', 2, 'Emite o RPA (trava os valores e gera os títulos)'), mudar('cancelar', 3, 'Cancela o RPA e seus títulos')],
});

export const rpaTituloItem = (r: Row) => ({
  ...r, rpaNumero: num(r.rpaNumero), valor: Number(r.valor), valorPago: num(r.valorPago), statusLabel: statusDef('rpaTitulo', r.status as number)?.label ?? '',
}) as z.infer<typeof rpaTitulo>;

export const rpaTitulosResource = defineResource({
  nome: 'Título do RPA',
  path: '/rpa/titulos',
  recurso: 'rpa',
  table: rpaTitulos,
  uid: rpaTitulos.uid,
  scope: doEmbarcador(rpaTitulos.embarcadorUid),
  item: rpaTitulo,
  input: z.object({}),
  operations: ['list', 'get'],
  select: { ...getTableColumns(rpaTitulos), rpaNumero: rpas.numero },
  from: (q) => q.innerJoin(rpas, eq(rpas.uid, rpaTitulos.rpaUid)),
  toItem: rpaTituloItem,
  sortable: { vencimento: rpaTitulos.vencimento, valor: rpaTitulos.valor, tipo: rpaTitulos.tipo, status: rpaTitulos.status },
  defaultSort: 'vencimento',
  filters: {
    rpaUid: { column: rpaTitulos.rpaUid, kind: 'uid' },
    tipo: { column: rpaTitulos.tipo, kind: 'exact' },
    status: { column: rpaTitulos.status, kind: 'int' },
    vencimento: { column: rpaTitulos.vencimento, kind: 'date', range: true },
  },
});
