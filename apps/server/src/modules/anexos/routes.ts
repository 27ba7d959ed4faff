import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { anexo, listaDe, z } from '@fretio/core';
import { anexos } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';
import { created, ok, okEmpty, reply, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload, removerArquivo, salvarArquivo } from '../arquivos/service.ts';
import { registrarDonoDeAnexo } from './download.ts';
import { ANEXO_MAX_BYTES, EXTENSOES_PERMITIDAS, TIPO_ARQUIVO_ANEXO, listarAnexos, tipoDoAnexo } from './service.ts';

// Attachments as a reusable sub-resource of any record:
//   registerAnexos(app, { parentPath: '/tabelasfrete/:uid', recurso: 'tabelasfrete', entidade: 'tabelasfrete', parentVisible })
// gives GET {parent}/anexos, GET {parent}/anexos/{anexoUid}, POST {parent}/anexos (multipart: file,
// descricao) and DELETE {parent}/anexos/{anexoUid}; the file downloads at /api/download/anexo/{anexoUid}.
// Reading (the list and the download alike: download.ts) needs [recurso, 'ler'] and a visible parent;
// attaching and removing need [recurso, 'alterar'].

export type AnexosOptions = {
  /** Parent record path under /api/v1 with ':uid', e.g. '/cotacoesfrete/:uid'. */
  parentPath: string;
  recurso: string;
  /** Stored in anexos.entidade; defaults to `recurso`. */
  entidade?: string;
  /** OpenAPI tag; defaults to 'Anexos'. */
  tag?: string;
  /** Is the parent visible to ctx (inside the active shipper)? 404 otherwise. */
  parentVisible(db: DbOrTx, ctx: RequestContext, uid: string): Promise<boolean>;
  /** Throws (e.g. 409) when the parent may not change now (e.g. a closed record). */
  podeAlterar?(tx: Tx, ctx: RequestContext, uid: string): Promise<void>;
};

const descricaoMax = 255;

export function registerAnexos(app: FastifyInstance, o: AnexosOptions) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const entidade = o.entidade ?? o.recurso;
  registrarDonoDeAnexo(entidade, { recurso: o.recurso, parentVisible: o.parentVisible });
  const base = `/api/v1${o.parentPath}/anexos`;
  const tags = [o.tag ?? 'Anexos'];
  const pai = z.object({ uid: zUidParam });
  const um = z.object({ uid: zUidParam, anexoUid: zUidParam });
  async function visivel(db: DbOrTx, ctx: RequestContext, uid: string) {
    if (!(await o.parentVisible(db, ctx, uid))) throw AppError.notFound();
    return { embarcadorUid: exigirEmbarcador(ctx), entidade, entidadeUid: uid };
  }

  r.get(
    base,
    {
      config: { permission: [o.recurso, 'ler'] },
      schema: { tags, summary: 'Lista os anexos do registro (mais novos primeiro)', params: pai, response: ok(listaDe(anexo)) },
    },
    async (req) => {
      const lista = await listarAnexos(app.db, await visivel(app.db, req.contexto, req.params.uid));
      return reply.ok({ data: lista, totalRecords: lista.length });
    },
  );

  r.get(
    `${base}/:anexoUid`,
    {
      config: { permission: [o.recurso, 'ler'] },
      schema: { tags, summary: 'Consulta um anexo (o arquivo em url)', params: um, response: ok(anexo) },
    },
    async (req) => {
      const [a] = await listarAnexos(app.db, await visivel(app.db, req.contexto, req.params.uid), req.params.anexoUid);
      if (!a) throw AppError.notFound();
      return reply.ok(a);
    },
  );

  r.post(
    base,
    {
      config: { permission: [o.recurso, 'alterar'] },
      schema: {
        tags,
        summary: 'Anexa um arquivo ao registro (multipart: file, descricao)',
        description: `Até 10 MB (413 acima). Tipos aceitos: ${EXTENSOES_PERMITIDAS.join(', ')} (400 para os demais). Baixe em url (/api/download/anexo/{uid}).`,
        consumes: ['multipart/form-data'],
        params: pai,
        response: created(anexo),
      },
    },
    async (req, res) => {
      const ctx = req.contexto;
      const chave = await visivel(app.db, ctx, req.params.uid);
      const upload = await lerUpload(req, { maxBytes: ANEXO_MAX_BYTES });
      const tipoConteudo = tipoDoAnexo(upload);
      const descricao = upload.campos.descricao?.trim().slice(0, descricaoMax) || null;
      const uid = await app.db.transaction(async (tx) => {
        await o.podeAlterar?.(tx, ctx, req.params.uid);
        const arquivoUid = await salvarArquivo(app, tx, {
          tipo: TIPO_ARQUIVO_ANEXO,
          embarcadorUid: chave.embarcadorUid,
          criadoPor: ctx.usuarioUid,
          upload: { ...upload, tipoConteudo },
        });
        const nome = upload.nome.slice(0, 255);
        await tx.insert(anexos).values({ uid: arquivoUid, ...chave, arquivoUid, nome, descricao, criadoPor: ctx.usuarioUid });
        await registrarAuditoria(tx, ctx, o.recurso, req.params.uid, 'anexar', null, {
          anexoUid: arquivoUid,
          nome,
          tamanho: upload.dados.length,
        });
        return arquivoUid;
      });
      const [a] = await listarAnexos(app.db, chave, uid);
      return res.status(201).send(reply.saved(a));
    },
  );

  r.delete(
    `${base}/:anexoUid`,
    {
      config: { permission: [o.recurso, 'alterar'] },
      schema: { tags, summary: 'Exclui um anexo (e o arquivo)', params: um, response: okEmpty },
    },
    async (req) => {
      const ctx = req.contexto;
      const chave = await visivel(app.db, ctx, req.params.uid);
      await app.db.transaction(async (tx) => {
        const [a] = await tx
          .select()
          .from(anexos)
          .where(
            and(
              eq(anexos.uid, req.params.anexoUid),
              eq(anexos.embarcadorUid, chave.embarcadorUid),
              eq(anexos.entidade, entidade),
              eq(anexos.entidadeUid, chave.entidadeUid),
            ),
          )
          .for('update');
        if (!a) throw AppError.notFound();
        await o.podeAlterar?.(tx, ctx, req.params.uid);
        await tx.delete(anexos).where(eq(anexos.uid, a.uid));
        await removerArquivo(app, tx, a.arquivoUid);
        await registrarAuditoria(tx, ctx, o.recurso, req.params.uid, 'excluir-anexo', { anexoUid: a.uid, nome: a.nome }, null);
      });
      return reply.deleted();
    },
  );
}
