import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type OrdemColeta, embarque, ordemColeta, statusLabel, z } from '@fretio/core';
import { embarques, ordensColeta } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { obter, reler } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import type { Tx } from '../../framework/resource.ts';
import { created, ok, reply, uidParams } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { registerAnexos } from '../anexos/routes.ts';
import { criarEmbarqueResource } from '../embarque/resource.ts';
import { cargaResources } from '../solicitacoesfrete/carga.ts';
import { registerHistorico } from '../solicitacoesfrete/historico.ts';
import { ORDEM, RECURSO_ORDEM, exigirUsuarioEmbarcador, ordemParaAlterar, ordemVisivel } from './acesso.ts';
import { pdfDaOrdem } from './pdf.ts';
import { criarOrdensResource } from './resource.ts';

registerUniqueConstraint('carga_nfes_ordem_coleta_chave_uq', 'chave', 'Esta NF-e já está na ordem de coleta.');

const tags = ['Ordem de coleta'];

export default async function ordensColetaRoutes(app: FastifyInstance) {
  const def = criarOrdensResource(app);
  registerResource(app, def);
  const dono = {
    parentPath: '/ordenscoleta/:uid',
    recurso: RECURSO_ORDEM,
    parentVisible: ordemVisivel,
    podeAlterar: async (tx: Tx, ctx: RequestContext, uid: string) => void (await ordemParaAlterar(tx, ctx, uid)),
  };
  for (const d of cargaResources({ ...dono, chave: 'ordemColetaUid' })) registerResource(app, d);
  registerAnexos(app, { ...dono, entidade: RECURSO_ORDEM, tag: 'Ordem de coleta' });
  registerHistorico(app, { ...dono, tag: 'Ordem de coleta' });
  const embarqueDef = criarEmbarqueResource();
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/ordenscoleta/:uid/embarque',
    {
      config: { permission: [RECURSO_ORDEM, 'ler'] },
      schema: { tags, summary: 'O embarque de onde veio a ordem de coleta (404 se não há)', params: uidParams, response: ok(embarque) },
    },
    async (req) => {
      const ctx = req.contexto;
      exigirUsuarioEmbarcador(ctx);
      const [o] = await app.db
        .select({ embarqueUid: ordensColeta.embarqueUid })
        .from(ordensColeta)
        .where(and(eq(ordensColeta.uid, req.params.uid), eq(ordensColeta.embarcadorUid, exigirEmbarcador(ctx))));
      if (!o) throw AppError.notFound();
      if (!o.embarqueUid) throw AppError.notFound('A ordem de coleta não tem embarque.');
      return reply.ok((await obter(app.db, embarqueDef, ctx, o.embarqueUid)) as never);
    },
  );

  r.get(
    '/api/v1/ordenscoleta/:uid/pdf',
    {
      config: { permission: [RECURSO_ORDEM, 'ler'] },
      schema: { tags, summary: 'A ordem de coleta para imprimir (PDF)', params: uidParams, produces: ['application/pdf'] },
    },
    async (req, res) => {
      const ctx = req.contexto;
      const o = (await obter(app.db, def, ctx, req.params.uid)) as OrdemColeta;
      const pdf = await pdfDaOrdem(app.db, o, exigirEmbarcador(ctx));
      return res
        .header('content-type', 'application/pdf')
        .header('content-disposition', `inline; filename="ordem-coleta-${o.numero}.pdf"`)
        .header('cache-control', 'private, no-store')
        .send(pdf);
    },
  );

  r.post(
    '/api/v1/embarque/:uid/gerar-ordem-coleta',
    {
      config: { permission: [RECURSO_ORDEM, 'criar'] },
      schema: {
        tags: ['Embarque'],
        summary: 'Cria uma ordem de coleta (Rascunho) do embarque: transportador, origem/destino, tipo de veículo e NF-es',
        description: "O embarque precisa estar 'Aberto' ou 'Embarcado' (409); um embarque gera uma ordem por vez (409 enquanto houver uma não cancelada/recusada).",
        params: uidParams,
        body: z.object({}).optional(),
        response: created(ordemColeta),
      },
    },
    async (req, res) => {
      const ctx = req.contexto;
      exigirUsuarioEmbarcador(ctx);
      const embarcadorUid = exigirEmbarcador(ctx);
      const item = await app.db.transaction(async (tx) => {
        const [e] = await tx
          .select()
          .from(embarques)
          .where(and(eq(embarques.uid, req.params.uid), eq(embarques.embarcadorUid, embarcadorUid)))
          .for('update');
        if (!e) throw AppError.notFound();
        if (e.status !== 1 && e.status !== 2) {
          throw AppError.conflict(`O embarque está '${statusLabel('embarque', e.status)}': não gera ordem de coleta.`);
        }
        const [ja] = await tx
          .select({ numero: ordensColeta.numero })
          .from(ordensColeta)
          .where(and(eq(ordensColeta.embarqueUid, e.uid), sql`${ordensColeta.status} not in (${ORDEM.RECUSADA}, ${ORDEM.CANCELADA})`))
          .limit(1);
        if (ja) throw AppError.conflict(`O embarque já tem a ordem de coleta nº ${ja.numero}.`, undefined, 'DUPLICADO');
        const [o] = await tx
          .insert(ordensColeta)
          .values({
            embarcadorUid,
            embarqueUid: e.uid,
            cotacaoUid: e.cotacaoUid,
            transportadorUid: e.transportadorUid,
            origemCep: e.origemCep,
            origemMunicipioIbge: e.origemMunicipioIbge,
            destinoCep: e.destinoCep,
            destinoMunicipioIbge: e.destinoMunicipioIbge,
            tipoVeiculoUid: e.tipoVeiculoUid,
            dataColetaDesejada: e.dataEmbarque,
            observacao: e.observacao,
            criadoPor: ctx.usuarioUid,
          })
          .returning({ uid: ordensColeta.uid });
        await tx.execute(sql`insert into carga_nfes (ordem_coleta_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado)
          select ${o.uid}, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes, frete_esperado from carga_nfes where embarque_uid = ${e.uid} order by criado_em`);
        await tx.execute(sql`insert into carga_produtos (ordem_coleta_uid, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
          select ${o.uid}, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor from carga_produtos where embarque_uid = ${e.uid} order by criado_em`);
        const novo = await reler(tx, def, ctx, o.uid);
        await registrarAuditoria(tx, ctx, RECURSO_ORDEM, o.uid, 'criar', null, { ...(novo as object), embarqueUid: e.uid });
        return novo as OrdemColeta;
      });
      return res.status(201).send(reply.saved(item));
    },
  );
}
