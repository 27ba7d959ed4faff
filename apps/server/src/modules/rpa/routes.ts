import { and, eq, sql } from 'drizzle-orm';
import { envelope, type rpa, rpaCalcularInput, rpaCalculo, rpaTitulo, rpaTituloPagamentoInput, z } from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { rpaTitulos, rpas } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { obter } from '../../framework/crud.ts';
import { errorResponses, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { pdfDoRpa } from './pdf.ts';
import { rpasResource, rpaTituloItem } from './resource.ts';
import { calcularRpaServidor } from './service.ts';

// POST rpa/calcular (the receipt's values without saving), PUT rpa/titulo/{uid} (payment of a title) and
// GET rpa/{uid}/pdf (the issued receipt to print and sign; beyond the contract).
export default async function rpaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['RPA'];
  r.post('/api/v1/rpa/calcular', {
    config: { permission: ['rpa', 'ler'] },
    schema: { tags, summary: 'Calcula o RPA (INSS com o teto do mês, SEST/SENAT, IRRF, ISS, líquido) sem gravar', body: rpaCalcularInput,
      response: { 200: envelope(rpaCalculo), ...errorResponses } },
  }, async (req) => {
    const b = req.body;
    const data = await calcularRpaServidor(app.db, exigirEmbarcador(req.ctx), {
      unidadeTransportadorUid: b.unidadeTransportadorUid, data: b.data, valorFrete: b.valorFrete, dependentes: b.dependentes, aliquotaIss: b.aliquotaIss,
    });
    return { success: true as const, message: '', data };
  });

  r.put('/api/v1/rpa/titulo/:uid', {
    config: { permission: ['rpa', 'alterar'] },
    schema: { tags, summary: 'Registra (ou desfaz, com dataPagamento null) o pagamento de um título do RPA', params: z.object({ uid: zUidParam }),
      body: rpaTituloPagamentoInput, response: { 200: envelope(rpaTitulo), ...errorResponses } },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const data = await app.db.transaction(async (tx) => {
      const [t] = await tx.select().from(rpaTitulos).where(and(eq(rpaTitulos.uid, req.params.uid), eq(rpaTitulos.embarcadorUid, embarcadorUid))).for('update');
      if (!t) throw AppError.notFound();
      if (t.status === 3) throw AppError.conflict('O título está cancelado.', undefined, 'TRANSICAO_INVALIDA');
      const pago = req.body.dataPagamento !== null;
      const [depois] = await tx.update(rpaTitulos).set({
        status: pago ? 2 : 1, dataPagamento: req.body.dataPagamento, valorPago: pago ? (req.body.valorPago ?? t.valor) : null, atualizadoEm: sql`now()`,
      }).where(eq(rpaTitulos.uid, t.uid)).returning();
      await registrarAuditoria(tx, req.ctx as never, 'rpa', t.uid, 'pagamento', t, depois);
      const [rp] = await tx.select({ numero: rpas.numero }).from(rpas).where(eq(rpas.uid, t.rpaUid));
      return rpaTituloItem({ ...depois, rpaNumero: rp?.numero ?? null });
    });
    return { success: true as const, message: 'Registro salvo com sucesso.', data };
  });

  r.get('/api/v1/rpa/:uid/pdf', {
    config: { permission: ['rpa', 'ler'] },
    schema: { tags, summary: 'O recibo (RPA) emitido para imprimir e assinar (PDF); um RPA só calculado responde 409', params: z.object({ uid: zUidParam }),
      produces: ['application/pdf'] },
  }, async (req, res) => {
    const ctx = req.contexto;
    const item = (await obter(app.db, rpasResource, ctx, req.params.uid)) as z.infer<typeof rpa>;
    if (item.status === 1) throw AppError.conflict('O RPA ainda não foi emitido: emita-o para imprimir o recibo.', undefined, 'RPA_NAO_EMITIDO');
    const pdf = await pdfDoRpa(app.db, item, exigirEmbarcador(ctx));
    return res.header('content-type', 'application/pdf')
      .header('content-disposition', `inline; filename="rpa-${item.numero}.pdf"`)
      .header('cache-control', 'private, no-store')
      .send(pdf);
  });
}
