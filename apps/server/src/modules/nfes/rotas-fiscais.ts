import { gunzipSync } from 'node:zlib';
import { eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tarefaCriada } from '@fretio/core';
import { documentosXml } from '../../db/schema/index.ts';
import { reler } from '../../framework/crud.ts';
import { MAX_DOCUMENTOS, type ParametrosImportacao, receberArquivosFiscais } from '../../framework/importacao/documentos-fiscais.ts';
import type { ResourceDef } from '../../framework/resource.ts';
import { ok, uidParams } from '../../framework/schemas.ts';
import { type TipoTarefa, criarTarefa } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';

// The two routes NF-e and CT-e share: the upload that queues an import task, and the original XML's
// download (only for who may read the document, in its scope).

export function rotaImportacao(app: FastifyInstance, o: { documento: 'nfe' | 'cte'; recurso: string; tipo: TipoTarefa<ParametrosImportacao>; tags: string[] }) {
  const nome = o.documento === 'nfe' ? 'NF-e' : 'CT-e';
  app.withTypeProvider<ZodTypeProvider>().post(`/api/importar/documentos/import-${o.documento}`, {
    config: { permission: [o.recurso, 'criar'] },
    bodyLimit: 210 * 1024 * 1024,
    schema: {
      tags: o.tags,
      summary: `Importa ${nome} de arquivos XML ou ZIP de XML (multipart, partes "file")`,
      description:
        `Uma ou várias partes chamadas file, cada uma um .xml ou um .zip de XML (até 200 MB e ${MAX_DOCUMENTOS.toLocaleString('pt-BR')} documentos por envio). ` +
        'Responde na hora com data.uid, a tarefa em fila-tarefas; cada documento é lido (num processo isolado: DOCTYPE e entidades são recusados), ' +
        'conferido (chave de acesso, assinatura digital) e gravado por si. Repetido: "já importada" (ou atualizado quando traz o protocolo ou o cancelamento). ' +
        (o.documento === 'nfe' ? 'Eventos de cancelamento (procEventoNFe 110111) cancelam a NF-e.' : 'CT-e 3.00 e 4.00 (modelos 57 e 67) e eventos de cancelamento; layouts 1.04/2.00 são recusados.'),
      consumes: ['multipart/form-data'],
      response: { ...ok(tarefaCriada), 413: ok(tarefaCriada)[400] },
    },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const arquivos = await receberArquivosFiscais(req, app.storage, embarcadorUid);
    const uid = await criarTarefa(app.db, req.ctx, o.tipo, { arquivos });
    return { success: true, message: 'Importação iniciada.', data: { uid } };
  });
}

export function rotaDownloadXml(app: FastifyInstance, o: { documento: 'nfe' | 'cte'; def: ResourceDef; tags: string[] }) {
  app.withTypeProvider<ZodTypeProvider>().get(`/api/download/${o.documento}/:uid`, {
    config: { permission: [o.def.recurso, 'ler'] },
    schema: { tags: o.tags, summary: `Baixa o XML original do ${o.documento === 'nfe' ? 'NF-e' : 'CT-e'}`, params: uidParams },
  }, async (req, reply) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const doc = (await reler(app.db, o.def, req.ctx, req.params.uid)) as { chave: string | null };
    const [x] = await app.db.select().from(documentosXml).where(eq(documentosXml.documentoUid, req.params.uid));
    if (!x) throw AppError.notFound('XML original não disponível para este documento.');
    const xml = gunzipSync(x.conteudo);
    const nome = `${doc.chave ?? req.params.uid}-${o.documento}.xml`;
    return reply
      .header('content-type', 'application/xml; charset=utf-8')
      .header('content-disposition', `attachment; filename="${nome}"`)
      .header('x-content-type-options', 'nosniff')
      .header('content-security-policy', "default-src 'none'; sandbox")
      .send(xml);
  });
}
