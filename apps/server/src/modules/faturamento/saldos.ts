import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, envelope, saldosTransportador, type z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transportadores } from '../../db/schema/index.ts';
import { errorResponses } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';

// The carrier's position with every shipper that links it (carrier users only): released pre-invoices not
// yet invoiced, open and validated invoices (to receive), paid invoices and the running balance. Every sum
// is held to the user's own carrier (transportador_uid = its own) — never another carrier's records —
// to the shippers that link it; unreleased (open) pre-invoices stay the shipper's.

type Saldos = z.infer<typeof saldosTransportador>;
type Linha = Saldos['embarcadores'][number];
const rowsOf = (r: unknown): Record<string, unknown>[] => ((r as { rows?: Record<string, unknown>[] }).rows ?? (r as Record<string, unknown>[]));
const NUMEROS = ['valorPreFaturas', 'valorAbertas', 'valorValidadas', 'valorPago', 'saldoContaCorrente'] as const;
const CONTAGENS = ['preFaturasLiberadas', 'faturasAbertas', 'faturasValidadas', 'faturasPagas'] as const;

export async function saldosDoTransportador(db: FastifyInstance['db'], transportadorUid: string): Promise<Saldos> {
  const [t] = await db.select({ nome: transportadores.nome }).from(transportadores).where(eq(transportadores.uid, transportadorUid));
  if (!t) throw AppError.notFound('Transportador não encontrado.');
  const rows = rowsOf(await db.execute(sql`
    select e.uid as "embarcadorUid", e.nome as "embarcadorNome",
           coalesce(p.qtd, 0)::int as "preFaturasLiberadas", coalesce(p.valor, 0)::text as "valorPreFaturas",
           coalesce(f.abertas, 0)::int as "faturasAbertas", coalesce(f.valor_abertas, 0)::text as "valorAbertas",
           coalesce(f.validadas, 0)::int as "faturasValidadas", coalesce(f.valor_validadas, 0)::text as "valorValidadas",
           f.proximo::text as "proximoVencimento",
           coalesce(f.pagas, 0)::int as "faturasPagas", coalesce(f.valor_pago, 0)::text as "valorPago",
           coalesce(cc.saldo, 0)::text as "saldoContaCorrente"
      from embarcador_transportador et
      join embarcadores e on e.uid = et.embarcador_uid
      left join lateral (select count(*) as qtd, sum(pf.valor_total) as valor from pre_faturas pf
                          where pf.embarcador_uid = e.uid and pf.transportador_uid = ${transportadorUid} and pf.status = 2) p on true
      left join lateral (select count(*) filter (where fa.status = 1) as abertas, sum(fa.valor) filter (where fa.status = 1) as valor_abertas,
                                count(*) filter (where fa.status = 2) as validadas, sum(fa.valor) filter (where fa.status = 2) as valor_validadas,
                                min(fa.vencimento) filter (where fa.status in (1, 2)) as proximo,
                                count(*) filter (where fa.status = 3) as pagas, sum(fa.valor) filter (where fa.status = 3) as valor_pago
                           from faturas fa where fa.embarcador_uid = e.uid and fa.transportador_uid = ${transportadorUid}) f on true
      left join lateral (select sum(c.valor) as saldo from conta_corrente_transportador c
                          where c.embarcador_uid = e.uid and c.transportador_uid = ${transportadorUid}) cc on true
     where et.transportador_uid = ${transportadorUid}
     order by e.nome`));
  const total = Object.fromEntries([...NUMEROS, 'aReceber'].map((k) => [k, new Decimal(0)])) as Record<string, Decimal>;
  const contagens = Object.fromEntries(CONTAGENS.map((k) => [k, 0])) as Record<string, number>;
  const embarcadores: Linha[] = rows.map((r) => {
    const aReceber = new Decimal(String(r.valorAbertas)).plus(String(r.valorValidadas));
    for (const k of NUMEROS) total[k] = total[k]!.plus(String(r[k]));
    total.aReceber = total.aReceber!.plus(aReceber);
    for (const k of CONTAGENS) contagens[k]! += Number(r[k]);
    return {
      embarcadorUid: String(r.embarcadorUid), embarcadorNome: String(r.embarcadorNome), proximoVencimento: (r.proximoVencimento as string | null) ?? null,
      ...Object.fromEntries(CONTAGENS.map((k) => [k, Number(r[k])])),
      ...Object.fromEntries(NUMEROS.map((k) => [k, new Decimal(String(r[k])).toNumber()])),
      aReceber: aReceber.toNumber(),
    } as Linha;
  });
  const totais = { ...contagens, ...Object.fromEntries(Object.entries(total).map(([k, v]) => [k, v.toNumber()])) } as Saldos['totais'];
  return { transportadorUid, transportadorNome: t.nome, embarcadores, totais };
}

export async function saldosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // No catalogue permission: any signed-in carrier user reads its own carrier's position; a shipper's user is
  // refused (it reads one carrier at a time in fatura/conta-corrente).
  r.get('/api/v1/fatura/transportador/saldos', {
    schema: {
      tags: ['Fatura'], summary: 'Saldos do próprio transportador (usuário transportador) com cada embarcador que o vincula',
      description: 'Por embarcador: pré-faturas liberadas, faturas abertas/validadas (a receber), pagas e o saldo da conta corrente; e os totais.',
      response: { 200: envelope(saldosTransportador), ...errorResponses },
    },
  }, async (req) => {
    const ctx = req.contexto;
    if (ctx.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR || !ctx.transportadorUid) throw AppError.forbidden('Tela exclusiva do usuário de transportadora.');
    return { success: true as const, message: '', data: await saldosDoTransportador(app.db, ctx.transportadorUid) };
  });
}
