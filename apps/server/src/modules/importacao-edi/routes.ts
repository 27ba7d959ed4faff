import { randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from '@fretio/core';
import { ok, reply } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload } from '../arquivos/service.ts';
import { LAYOUTS_IMPORTACAO, type LayoutImportacao } from './service.ts';
import { importarEdi } from './tarefa.ts';

const NOMES = Object.keys(LAYOUTS_IMPORTACAO);
const MSG_LAYOUT = `Leiaute EDI inválido: use ${NOMES.join(', ')}`;

/** A carrier's EDI file: text, ~240 bytes per event (a 50,000-event OCOREN is ~12 MB); the parse worker's cap. */
export const EDI_MAX_BYTES = 50 * 1024 * 1024;

export default async function importacaoEdiRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    '/api/importar/edi/:layout',
    {
      config: { permission: ['importacao-edi', 'criar'] },
      schema: {
        tags: ['Importação EDI'],
        summary: 'Importa um arquivo EDI PROCEDA (multipart, campo file) como tarefa da fila',
        description:
          'layout: ocoren, conemb, doccob ou notfis (a versão — 3.x ou OCOREN 5.0 — vem do próprio arquivo). Responde na hora com ' +
          'data.uid, a tarefa em fila-tarefas; o relatório traz um item por registro. OCOREN: cada ocorrência vira um evento da NF ' +
          '(código sem de-para vai para ocorrencias/sem-depara). CONEMB: cada conhecimento vira um CT-e de origem EDI (sem XML; o XML, ' +
          'ao chegar, completa o mesmo registro). DOCCOB: cada cobrança vira uma fatura com os CT-es listados (valor igual à soma, ao ' +
          'centavo). NOTFIS: cada nota ainda não conhecida vira uma NF-e virtual. Até 500 registros por transação, cada um relatado com ' +
          'a sua linha. Arquivo malformado: um item com erro por problema (linha e campo), nada aplicado.',
        consumes: ['multipart/form-data'],
        params: z.object({
          layout: z
            .string()
            .transform((v) => v.toLowerCase())
            .pipe(z.enum(NOMES as [LayoutImportacao, ...LayoutImportacao[]], { error: MSG_LAYOUT })),
        }),
        response: ok(z.object({ uid: z.string() })),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const embarcadorUid = exigirEmbarcador(ctx);
      const upload = await lerUpload(req, { maxBytes: EDI_MAX_BYTES });
      // Saved before the task exists, so a restart resumes from the file (the task keeps only its key).
      const chave = `tarefas/edi/${randomUUID()}`;
      await app.storage.put(chave, upload.dados);
      const uid = await criarTarefa(app.db, { embarcadorUid, usuarioUid: ctx.usuarioUid }, importarEdi, {
        layout: req.params.layout,
        arquivo: { chave, nome: upload.nome.slice(0, 255) },
      });
      return reply.ok({ uid }, 'Importação iniciada.');
    },
  );
}
