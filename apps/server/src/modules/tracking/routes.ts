import { and, asc, count, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { STATUS_RASTREIO_VALORES, type StatusRastreio, rastreioDetalhe, rastreioLista, rastreioPublico, recalcularPrazoInput, recalcularPrazoResposta, z } from '@fretio/core';
import { arquivos, embarcadores, eventosOcorrencia, nfes, ocorrencias, rastreios } from '../../db/schema/index.ts';
import { listar, obter } from '../../framework/crud.ts';
import { parseList } from '../../framework/list-query.ts';
import { listQuerySchema, ok, reply, zUidParam } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { eventosOcorrenciaResource, eventoParaItem, colunasEvento, fromEvento } from '../eventos-ocorrencia/resource.ts';
import { ehTransportador } from '../nfes/escopo.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { colunasRastreio, filtrosSemStatus, fromRastreio, rastreioParaItem, statusSql, trackingResource } from './resource.ts';
import { recalcularPrazoEntrega } from './tarefa.ts';

const TAGS = ['Tracking'];
/** Public tokens are 32 base64url characters; anything else is refused before touching the database. */
const TOKEN = /^[A-Za-z0-9_-]{32}$/;

/** Notes per tracking status for the list's filters (scope, ftr_, period; not `status`), every status present. */
async function contarPorStatus(db: Db, ctx: RequestContext, q: Record<string, unknown>) {
  const d = trackingResource;
  const { status: _s, ...semStatus } = q;
  const parsed = parseList(semStatus, { filters: d.filters, sortable: d.sortable, defaultSort: d.defaultSort as string, tieBreaker: d.uid });
  const rows = await fromRastreio(db.select({ status: statusSql, n: count() }).from(nfes).$dynamic())
    .where(and(d.scope.where(ctx), parsed.where, filtrosSemStatus(semStatus)))
    .groupBy(sql`1`);
  const contagens = Object.fromEntries(STATUS_RASTREIO_VALORES.map((s) => [s, 0])) as Record<StatusRastreio, number>;
  for (const r of rows as { status: StatusRastreio; n: number }[]) contagens[r.status] = Number(r.n);
  return contagens;
}

/** Events of the scope whose carrier code has no de-para yet (eventos-ocorrencia filter P). */
async function contarSemDepara(db: Db, ctx: RequestContext) {
  const [r] = await db
    .select({ n: count() })
    .from(eventosOcorrencia)
    .where(and(eventosOcorrenciaResource.scope.where(ctx), isNull(eventosOcorrencia.ocorrenciaUid)));
  return Number(r?.n ?? 0);
}

export default async function trackingRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    '/api/v1/tracking',
    {
      config: { permission: ['tracking', 'ler'] },
      schema: {
        tags: TAGS,
        summary: 'Lista o rastreamento das NF-es (atrasadas primeiro) com as contagens por status da torre de controle',
        description:
          `Ordenável por: ${Object.keys(trackingResource.sortable).join(', ')}. Filtros ftr_ desconhecidos respondem 400. ` +
          'contagens: NF-es por status com os mesmos filtros (menos status), uma aba por status; semDepara: eventos sem de-para.',
        querystring: listQuerySchema(Object.keys(trackingResource.filters), [], trackingResource.listQuery),
        response: ok(rastreioLista),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const q = req.query as Record<string, unknown>;
      const pagina = await listar(app.db, trackingResource, ctx, q);
      const contagens = await contarPorStatus(app.db, ctx, q);
      const semDepara = await contarSemDepara(app.db, ctx);
      return reply.ok({ ...(pagina as z.infer<typeof rastreioLista>), contagens, semDepara });
    },
  );

  r.get(
    '/api/v1/tracking/:uid',
    {
      config: { permission: ['tracking', 'ler'] },
      schema: {
        tags: TAGS,
        summary: 'Rastreamento de uma NF-e: previsão, status, dias de atraso, link público e a linha do tempo dos eventos',
        params: z.object({ uid: zUidParam }),
        response: ok(rastreioDetalhe),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      // A read only: the tracking row is written with the note (import, virtual note) and by its events.
      const item = await obter(app.db, trackingResource, ctx, req.params.uid);
      const eventos = await fromEvento(app.db.select(colunasEvento).from(eventosOcorrencia).$dynamic())
        .where(and(eq(eventosOcorrencia.nfeUid, req.params.uid), eventosOcorrenciaResource.scope.where(ctx)))
        .orderBy(asc(eventosOcorrencia.dataHora));
      return reply.ok({ ...(item as z.infer<typeof rastreioDetalhe>), eventos: eventos.map(eventoParaItem) });
    },
  );

  r.post(
    '/api/v1/tracking/recalcular-prazo-entrega',
    {
      config: { permission: ['tracking', 'alterar'] },
      schema: {
        tags: TAGS,
        summary: 'Recalcula a previsão de entrega das NF-es do filtro (tarefa na fila; acompanhe em fila-tarefas/{uid})',
        description: 'Depois de mudar prazos de entrega ou feriados. Sem filtro: todas as NF-es do embarcador ativo.',
        body: recalcularPrazoInput,
        response: ok(recalcularPrazoResposta),
      },
    },
    async (req) => {
      const ctx = req.contexto;
      const embarcadorUid = exigirEmbarcador(ctx);
      if (ehTransportador(ctx)) throw AppError.forbidden();
      const b = req.body;
      if (b.transportadorUid && !(await transportadorVinculado.existe(app.db, ctx, b.transportadorUid)))
        throw AppError.field('transportadorUid', 'Transportador não encontrado');
      if (b.dataInicio && b.dataFim && b.dataFim < b.dataInicio) throw AppError.field('dataFim', 'A data final deve ser igual ou posterior à inicial');
      const uid = await criarTarefa(app.db, { embarcadorUid, usuarioUid: ctx.usuarioUid }, recalcularPrazoEntrega, {
        nfeUids: b.nfeUids,
        transportadorUid: b.transportadorUid ?? null,
        dataInicio: b.dataInicio ?? null,
        dataFim: b.dataFim ?? null,
      });
      return reply.ok({ uid }, 'Recálculo iniciado.');
    },
  );

  r.get(
    '/api/public/rastreio/:token',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: TAGS,
        summary: 'Página pública de rastreamento (sem login): status, previsão e eventos de uma NF-e, nada mais',
        params: z.object({ token: z.string().max(64) }),
        response: ok(rastreioPublico),
      },
    },
    async (req) => {
      if (!TOKEN.test(req.params.token)) throw AppError.notFound();
      const [linha] = await app.db
        .select({ nfeUid: rastreios.nfeUid, embarcadorNome: embarcadores.nome, logo: embarcadores.logoArquivoUid })
        .from(rastreios)
        .innerJoin(embarcadores, eq(embarcadores.uid, rastreios.embarcadorUid))
        .where(eq(rastreios.token, req.params.token));
      if (!linha) throw AppError.notFound();
      const [r] = await fromRastreio(app.db.select(colunasRastreio).from(nfes).$dynamic()).where(eq(nfes.uid, linha.nfeUid));
      // biome-ignore lint/suspicious/noExplicitAny: the tracking row
      const t = rastreioParaItem(r as any);
      // Only what a customer may see: no values, no names of people, no remarks (they may hold names).
      const eventos = await app.db
        .select({ dataHora: eventosOcorrencia.dataHora, descricao: ocorrencias.descricao })
        .from(eventosOcorrencia)
        .innerJoin(ocorrencias, eq(ocorrencias.uid, eventosOcorrencia.ocorrenciaUid))
        .where(eq(eventosOcorrencia.nfeUid, linha.nfeUid))
        .orderBy(asc(eventosOcorrencia.dataHora));
      const destino = [t.destinatarioMunicipio, t.destinatarioUf].filter(Boolean).join('/') || null;
      return reply.ok({
        embarcadorNome: linha.embarcadorNome,
        logoUrl: linha.logo ? `/api/public/rastreio/${req.params.token}/logo` : null,
        numero: t.numero,
        serie: t.serie,
        emissao: t.emissao,
        destino,
        transportadorNome: t.transportadorNome,
        status: t.status,
        statusNome: t.statusNome,
        dataPrevista: t.dataPrevista,
        dataEntrega: t.dataEntrega,
        eventos,
      });
    },
  );

  // The shipper's logo for the public page: only through a valid token, only that shipper's logo (an image).
  r.get(
    '/api/public/rastreio/:token/logo',
    {
      config: { public: true, rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: { tags: TAGS, summary: 'Logotipo do embarcador na página pública de rastreamento (pelo mesmo link)', params: z.object({ token: z.string().max(64) }) },
    },
    async (req, res) => {
      if (!TOKEN.test(req.params.token)) throw AppError.notFound();
      const [a] = await app.db
        .select({ chave: arquivos.chave, tipoConteudo: arquivos.tipoConteudo, tamanho: arquivos.tamanho })
        .from(rastreios)
        .innerJoin(embarcadores, eq(embarcadores.uid, rastreios.embarcadorUid))
        .innerJoin(arquivos, and(eq(arquivos.uid, embarcadores.logoArquivoUid), eq(arquivos.tipo, 'logo')))
        .where(eq(rastreios.token, req.params.token));
      if (!a?.tipoConteudo.startsWith('image/')) throw AppError.notFound();
      return res
        .header('content-type', a.tipoConteudo)
        .header('content-length', a.tamanho)
        .header('cache-control', 'public, max-age=3600')
        .header('content-security-policy', "default-src 'none'; sandbox")
        .header('x-content-type-options', 'nosniff')
        .send(app.storage.get(a.chave));
    },
  );
}
