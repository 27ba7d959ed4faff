import { eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, envelope, saldosTransportador, type z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { transportadores } from '../../db/schema/index.ts';
import { errorResponses } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { rowsOf } from '../../framework/sql.ts';

// The carrier's position with every shipper that links it (carrier users only): released pre-invoices not
// yet invoiced, open and validated invoices (to receive), paid invoices and the running balance. Every sum
// is held to the user's own carrier (transportador_uid = its own) — never another carrier's records —
// to the shippers that link it; unreleased (open) pre-invoices stay the shipper's. The totals are summed by
// the database too (numeric), never in JavaScript.

type Saldos = z.infer<typeof saldosTransportador>;
type Linha = Saldos['embarcadores'][number];
const NUMEROS = ['valorPreFaturas', 'valorAbertas', 'valorValidadas', 'valorPago', 'saldoContaCorrente'] as const;
const CONTAGENS = ['preFaturasLiberadas', 'faturasAbertas', 'faturasValidadas', 'faturasPagas'] as const;

export async function saldosDoTransportador(db: FastifyInstance['db'], transportadorUid: string): Promise<Saldos> {
  const [t] = await db.select({ nome: transportadores.nome }).from(transportadores).where(eq(transportadores.uid, transportadorUid));
  if (!t) throw AppError.notFound('Transportador não encontrado.');
  // One row per shipper and a last one with the totals: every sum is the database's (numeric), read as text.
  const rows = rowsOf(await db.execute(sql`
    with l as (
    select e.uid as "embarcadorUid", e.nome as "embarcadorNome",
           coalesce(p.qtd, 0)::int as "preFaturasLiberadas", coalesce(p.valor, 0) as "valorPreFaturas",
           coalesce(f.abertas, 0)::int as "faturasAbertas", coalesce(f.valor_abertas, 0) as "valorAbertas",
           coalesce(f.validadas, 0)::int as "faturasValidadas", coalesce(f.valor_validadas, 0) as "valorValidadas",
           f.proximo as "proximoVencimento",
           coalesce(f.pagas, 0)::int as "faturasPagas", coalesce(f.valor_pago, 0) as "valorPago",
           coalesce(cc.saldo, 0) as "saldoContaCorrente"
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
     where et.transportador_uid = ${transportadorUid})
    select * from (
      select false as total, "embarcadorUid", "embarcadorNome", "proximoVencimento"::text as "proximoVencimento",
             "preFaturasLiberadas", "faturasAbertas", "faturasValidadas", "faturasPagas",
             "valorPreFaturas"::text as "valorPreFaturas", "valorAbertas"::text as "valorAbertas", "valorValidadas"::text as "valorValidadas",
             "valorPago"::text as "valorPago", "saldoContaCorrente"::text as "saldoContaCorrente", ("valorAbertas" + "valorValidadas")::text as "aReceber"
        from l
      union all
      select true, null, null, null,
             coalesce(sum("preFaturasLiberadas"), 0)::int, coalesce(sum("faturasAbertas"), 0)::int, coalesce(sum("faturasValidadas"), 0)::int, coalesce(sum("faturasPagas"), 0)::int,
             coalesce(sum("valorPreFaturas"), 0)::text, coalesce(sum("valorAbertas"), 0)::text, coalesce(sum("valorValidadas"), 0)::text,
             coalesce(sum("valorPago"), 0)::text, coalesce(sum("saldoContaCorrente"), 0)::text, coalesce(sum("valorAbertas" + "valorValidadas"), 0)::text
        from l) x
     order by total, "embarcadorNome"`));
  const valores = (r: Record<string, unknown>) => ({
    ...Object.fromEntries(CONTAGENS.map((k) => [k, Number(r[k])])),
    ...Object.fromEntries([...NUMEROS, 'aReceber'].map((k) => [k, Number(r[k])])),
  });
  const embarcadores = rows.filter((r) => !r.total).map((r) => ({
    embarcadorUid: String(r.embarcadorUid), embarcadorNome: String(r.embarcadorNome), proximoVencimento: (r.proximoVencimento as string | null) ?? null, ...valores(r),
  }) as Linha);
  const totais = valores(rows.find((r) => r.total) ?? {}) as Saldos['totais'];
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
