import { and, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { type CotacaoFrete, cotacaoFrete } from '@fretio/core';
import { cotacoesFrete, solicitacoesFrete } from '../../db/schema/index.ts';
import { exigirTransicao } from '../../framework/acoes.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { listar, obter, reler } from '../../framework/crud.ts';
import { registerResource } from '../../framework/register.ts';
import { created, listQuerySchema, ok, okList, reply, uidParams, zUidParam } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import type { Tx } from '../../framework/resource.ts';
import { registerAnexos } from '../anexos/routes.ts';
import { cargaResources } from '../solicitacoesfrete/carga.ts';
import { moverSolicitacao } from '../solicitacoesfrete/efeitos.ts';
import { registerHistorico } from '../solicitacoesfrete/historico.ts';
import { SOLICITACAO } from '../solicitacoesfrete/resource.ts';
import { RECURSO_COTACAO, cotacaoParaAlterar, cotacaoVisivel, exigirUsuarioEmbarcador } from './acesso.ts';
import { criarCotacoesResource, itemPara } from './resource.ts';
import transportadoresCotacaoRoutes from './transportadores.ts';
import { iniciarFechamentoPorPrazo } from './prazo.ts';
import { z } from '@fretio/core';

const tags = ['Cotação de frete'];

export default async function cotacoesRoutes(app: FastifyInstance) {
  const def = criarCotacoesResource(app);
  registerResource(app, def);
  const dono = {
    parentPath: '/cotacoesfrete/:uid',
    recurso: RECURSO_COTACAO,
    parentVisible: cotacaoVisivel,
    podeAlterar: async (tx: Tx, ctx: RequestContext, uid: string) => void (await cotacaoParaAlterar(tx, ctx, uid)),
  };
  for (const d of cargaResources({ ...dono, chave: 'cotacaoUid' })) registerResource(app, d);
  registerAnexos(app, { ...dono, entidade: RECURSO_COTACAO, tag: 'Cotação de frete' });
  registerHistorico(app, { ...dono, tag: 'Cotação de frete' });
  await app.register(transportadoresCotacaoRoutes);
  iniciarFechamentoPorPrazo(app);

  const r = app.withTypeProvider<ZodTypeProvider>();
  const rangeNames = Object.entries(def.filters)
    .filter(([, f]) => f.range)
    .map(([k]) => k);

  r.get(
    '/api/v1/cotacoesfrete',
    {
      config: { permission: [RECURSO_COTACAO, 'ler'] },
      schema: {
        tags,
        summary: 'Lista cotações de frete (usuários de transportadoras: só as que receberam convite)',
        description: `Ordenável por: ${Object.keys(def.sortable).join(', ')}. Filtros ftr_ desconhecidos respondem 400.`,
        querystring: listQuerySchema(Object.keys(def.filters), rangeNames),
        response: okList(cotacaoFrete),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const l = (await listar(app.db, def, ctx, req.query as Record<string, unknown>)) as { data: CotacaoFrete[]; totalRecords: number };
      return reply.ok({ data: l.data.map((i) => itemPara(ctx, i)), totalRecords: l.totalRecords });
    },
  );

  r.get(
    '/api/v1/cotacoesfrete/:uid',
    {
      config: { permission: [RECURSO_COTACAO, 'ler'] },
      schema: { tags, summary: 'Consulta uma cotação de frete', params: uidParams, response: ok(cotacaoFrete) },
    },
    async (req) => reply.ok(itemPara(req.contexto, (await obter(app.db, def, req.contexto, req.params.uid)) as CotacaoFrete)),
  );

  r.post(
    '/api/v1/cotacoesfrete/from-solicitacao/:solicitacaoUid',
    {
      config: { permission: [RECURSO_COTACAO, 'criar'] },
      schema: {
        tags,
        summary: 'Cria uma cotação a partir de uma solicitação de frete (copia locais, carga e NF-es)',
        description: "A solicitação passa a 'Cotação' (409 se o status dela não permite).",
        params: z.object({ solicitacaoUid: zUidParam }),
        response: created(cotacaoFrete),
      },
    },
    async (req, res) => {
      const ctx = req.contexto;
      exigirUsuarioEmbarcador(ctx);
      const embarcadorUid = exigirEmbarcador(ctx);
      const item = await app.db.transaction(async (tx) => {
        const [s] = await tx
          .select()
          .from(solicitacoesFrete)
          .where(and(eq(solicitacoesFrete.uid, req.params.solicitacaoUid), eq(solicitacoesFrete.embarcadorUid, embarcadorUid)))
          .for('update');
        if (!s) throw AppError.notFound();
        if (s.status !== SOLICITACAO.COTACAO) exigirTransicao('solicitacaoFrete', s.status, SOLICITACAO.COTACAO);
        const [c] = await tx
          .insert(cotacoesFrete)
          .values({
            embarcadorUid,
            solicitacaoUid: s.uid,
            origemCep: s.origemCep,
            origemMunicipioIbge: s.origemMunicipioIbge,
            destinoCep: s.destinoCep,
            destinoMunicipioIbge: s.destinoMunicipioIbge,
            remetenteUid: s.remetenteUid,
            destinatarioUid: s.destinatarioUid,
            dataColetaDesejada: s.dataColetaDesejada,
            tipoVeiculoUid: s.tipoVeiculoUid,
            observacao: s.observacao,
            criadoPor: ctx.usuarioUid,
          })
          .returning({ uid: cotacoesFrete.uid });
        await tx.execute(sql`insert into carga_produtos (cotacao_uid, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor)
          select ${c.uid}, produto_uid, descricao, quantidade, peso_kg, volume_m_3, valor from carga_produtos where solicitacao_uid = ${s.uid} order by criado_em`);
        await tx.execute(sql`insert into carga_nfes (cotacao_uid, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes)
          select ${c.uid}, nfe_uid, chave, numero, serie, emitente_cnpj, valor, peso_kg, volume_m_3, volumes from carga_nfes where solicitacao_uid = ${s.uid} order by criado_em`);
        if (s.status !== SOLICITACAO.COTACAO) {
          await moverSolicitacao(tx, ctx, s.uid, { de: [s.status], para: SOLICITACAO.COTACAO, justificativa: null, origem: { cotacaoUid: c.uid } });
        }
        const novo = await reler(tx, def, ctx, c.uid);
        await registrarAuditoria(tx, ctx, RECURSO_COTACAO, c.uid, 'criar', null, { ...(novo as object), solicitacaoUid: s.uid });
        return novo as CotacaoFrete;
      });
      return res.status(201).send(reply.saved(item));
    },
  );
}
