import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { envelope, z } from '@fretio/core';
import { embarcadores, sefazDistribuicao } from '../../db/schema/index.ts';
import { errorResponses } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { iniciarAgendador } from './agendador.ts';
import { capturarSefaz, itensDaCaptura } from './captura.ts';

// The SEFAZ capture on demand (the hourly one is agendador.ts) and where each service stands.
const situacao = z.object({
  certificado: z.object({ presente: z.boolean(), validoAte: z.string().nullable() }),
  servicos: z.array(z.object({
    servico: z.enum(['nfe', 'cte']), cnpj: z.string(), ultimoNsu: z.string(), maxNsu: z.string(),
    proximaConsultaEm: z.string().nullable(), ultimoCStat: z.string().nullable(), ultimoMotivo: z.string().nullable(), atualizadoEm: z.string(),
  })),
});

export default async function sefazRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['SEFAZ'];
  iniciarAgendador(app);

  r.post('/api/v1/sefaz/capturar', {
    config: { permission: ['nfes', 'criar'] },
    schema: {
      tags,
      summary: 'Busca agora as NF-es e CT-es do embarcador na SEFAZ (tarefa na fila)',
      body: z.object({ servicos: z.array(z.enum(['nfe', 'cte'])).min(1).max(2).optional() }),
      response: { 201: envelope(z.object({ uid: z.string() })), ...errorResponses },
    },
  }, async (req, reply) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const [e] = await app.db.select({ cert: embarcadores.certificadoArquivoUid }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
    if (!e?.cert) throw AppError.field('certificado', 'Envie o certificado digital A1 do embarcador antes de buscar documentos na SEFAZ.');
    const itens = await itensDaCaptura(app.db, embarcadorUid, req.body.servicos);
    if (!itens.length) throw AppError.field('cnpj', 'O embarcador não tem CNPJ para consultar.');
    try {
      const uid = await criarTarefa(app.db, { embarcadorUid, usuarioUid: req.ctx?.usuarioUid }, capturarSefaz, { servicos: req.body.servicos }, itens);
      return reply.status(201).send({ success: true, message: 'Busca na SEFAZ iniciada.', data: { uid } });
    } catch (err) {
      const code = (err as { code?: string; cause?: { code?: string } }).code ?? (err as { cause?: { code?: string } }).cause?.code;
      if (code === '23505') throw AppError.conflict('Já há uma busca na SEFAZ em andamento para este embarcador.', undefined, 'CAPTURA_EM_ANDAMENTO');
      throw err;
    }
  });

  r.get('/api/v1/sefaz/situacao', {
    config: { permission: ['nfes', 'ler'] },
    schema: { tags, summary: 'Onde está a distribuição da SEFAZ (último NSU por serviço e CNPJ) e o certificado', response: { 200: envelope(situacao), ...errorResponses } },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const [e] = await app.db.select({ cert: embarcadores.certificadoArquivoUid, exp: embarcadores.expiracaoCertificado }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
    const servicos = await app.db.select().from(sefazDistribuicao).where(and(eq(sefazDistribuicao.embarcadorUid, embarcadorUid)));
    return {
      success: true,
      message: '',
      data: {
        certificado: { presente: !!e?.cert, validoAte: e?.exp ?? null },
        servicos: servicos.map((s) => ({ ...s, servico: s.servico as 'nfe' | 'cte' })),
      },
    };
  });
}
