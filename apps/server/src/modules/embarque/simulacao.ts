import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { listaDe, simulacaoFrete, simulacaoFreteCompleta, z } from '@fretio/core';
import { simulacoesFrete } from '../../db/schema/index.ts';
import type { ActionDef } from '../../framework/resource.ts';
import { ok, reply, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { partesDoEmbarque } from '../calculadora/documentos-carga.ts';
import { calcular } from '../calculadora/service.ts';
import { RECURSO_EMBARQUE, embarqueVisivel } from './resource.ts';

// simular-frete: the engine over every valid table of the shipper for the shipment's NF-es (weight,
// m³, value, volumes, documents), ranked, saved as a simulation with the component breakdown.

const tags = ['Embarque'];
type Sim = typeof simulacoesFrete.$inferSelect;
const resumo = (s: Sim) => ({
  uid: s.uid,
  embarqueUid: s.embarqueUid,
  criadoEm: s.criadoEm,
  pesoKg: Number(s.pesoKg),
  valorMercadoria: Number(s.valorMercadoria),
  quantidadeCotacoes: s.quantidadeCotacoes,
  melhorValor: s.melhorValor === null ? null : Number(s.melhorValor),
});

export const simularFrete: ActionDef = {
  path: 'simular-frete',
  method: 'POST',
  permission: 'alterar',
  summary: 'Simula o frete do embarque em todas as tabelas vigentes que se aplicam e guarda o resultado',
  status: 201,
  output: simulacaoFreteCompleta,
  message: 'Simulação concluída.',
  async run(tx, ctx, row) {
    const uid = row.uid as string;
    const local = (cep: unknown, ibge: unknown) => (cep || ibge ? { cep: ibge ? null : (cep as string), municipioIbge: (ibge as string) ?? null, uf: null } : null);
    const origem = local(row.origemCep, row.origemMunicipioIbge);
    const destino = local(row.destinoCep, row.destinoMunicipioIbge);
    if (!origem) throw AppError.field('origemCep', 'Informe a origem do embarque para simular o frete');
    if (!destino) throw AppError.field('destinoCep', 'Informe o destino do embarque para simular o frete');
    // The NF-es' totals; a shipment without NF-es yet is priced from its product lines.
    const [t] = await tx
      .select({
        peso: sql<string>`coalesce(sum(peso_kg), 0)`,
        m3: sql<string | null>`sum(volume_m_3)`,
        valor: sql<string>`coalesce(sum(valor), 0)`,
        volumes: sql<number>`coalesce(sum(volumes), 0)::int`.mapWith(Number),
        n: sql<number>`count(*)::int`.mapWith(Number),
      })
      .from(sql`carga_nfes`)
      .where(sql`embarque_uid = ${uid}`);
    if (!t?.n) {
      const [p] = await tx
        .select({
          peso: sql<string>`coalesce(sum(peso_kg), 0)`,
          m3: sql<string | null>`sum(volume_m_3)`,
          valor: sql<string>`coalesce(sum(valor), 0)`,
          n: sql<number>`count(*)::int`.mapWith(Number),
        })
        .from(sql`carga_produtos`)
        .where(sql`embarque_uid = ${uid}`);
      if (!p?.n) throw AppError.field('nfes', 'Inclua ao menos uma NF-e ou um produto no embarque para simular o frete');
      Object.assign(t, { peso: p.peso, m3: p.m3, valor: p.valor, volumes: 0, n: 1 });
    }
    // As of the shipping date; the NF-es' parties and items (and product lines) for restrictions.
    const doc = await partesDoEmbarque(tx, uid);
    const resultado = await calcular(tx, ctx, {
      origem,
      destino,
      pesoKg: Number(t.peso),
      m3: t.m3 === null ? undefined : Number(t.m3),
      valorMercadoria: Number(t.valor),
      volumes: t.volumes,
      documentos: t.n,
      tipoVeiculoUid: (row.tipoVeiculoUid as string | null) ?? undefined,
      ...(row.dataEmbarque ? { data: row.dataEmbarque as string } : {}),
      remetente: doc.remetente,
      destinatario: doc.destinatario,
      produtos: doc.produtos,
    }, { ncms: doc.ncms, produtosDesconhecidos: 'ignorar' });
    const [s] = await tx
      .insert(simulacoesFrete)
      .values({
        embarqueUid: uid,
        criadoPor: ctx.usuarioUid,
        pesoKg: t.peso,
        valorMercadoria: t.valor,
        quantidadeCotacoes: resultado.cotacoes.length,
        melhorValor: resultado.cotacoes.length ? String(Math.min(...resultado.cotacoes.map((c) => c.total))) : null,
        resultado,
      })
      .returning();
    return { ...resumo(s), resultado };
  },
};

export default async function simulacoesRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/embarque/:uid/simulacoes',
    {
      config: { permission: [RECURSO_EMBARQUE, 'ler'] },
      schema: { tags, summary: 'Simulações de frete do embarque (mais novas primeiro)', params: z.object({ uid: zUidParam }), response: ok(listaDe(simulacaoFrete)) },
    },
    async (req) => {
      if (!(await embarqueVisivel(app.db, req.contexto, req.params.uid))) throw AppError.notFound();
      const rows = await app.db.select().from(simulacoesFrete).where(eq(simulacoesFrete.embarqueUid, req.params.uid)).orderBy(desc(simulacoesFrete.criadoEm)).limit(100);
      return reply.ok({ data: rows.map(resumo), totalRecords: rows.length });
    },
  );
  r.get(
    '/api/v1/embarque/:uid/simulacoes/:simulacaoUid',
    {
      config: { permission: [RECURSO_EMBARQUE, 'ler'] },
      schema: {
        tags,
        summary: 'Uma simulação com o resultado do motor (cotações ordenadas e componentes)',
        params: z.object({ uid: zUidParam, simulacaoUid: zUidParam }),
        response: ok(simulacaoFreteCompleta),
      },
    },
    async (req) => {
      if (!(await embarqueVisivel(app.db, req.contexto, req.params.uid))) throw AppError.notFound();
      const [s] = await app.db
        .select()
        .from(simulacoesFrete)
        .where(and(eq(simulacoesFrete.uid, req.params.simulacaoUid), eq(simulacoesFrete.embarqueUid, req.params.uid)));
      if (!s) throw AppError.notFound();
      return reply.ok({ ...resumo(s), resultado: s.resultado as z.infer<typeof simulacaoFreteCompleta>['resultado'] });
    },
  );
}
