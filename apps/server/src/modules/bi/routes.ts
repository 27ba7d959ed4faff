import { asc, eq, sql } from 'drizzle-orm';
import {
  RELATORIOS, type NomeRelatorio, biConfigInput, dashboardResposta, envelope, exportarRelatorioInput, filtroBi, filtroRelatorio,
  TIPO_USUARIO, linhaRelatorio, listaDe, tarefaCriada, z,
} from '@fretio/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { biConfiguracoes, embarcadorTransportador, embarcadores, transportadores } from '../../db/schema/index.ts';
import { errorResponses, ok } from '../../framework/schemas.ts';
import { criarTarefa } from '../../framework/tarefas/index.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { dashboard } from './dashboard.ts';
import { DATASETS, scorecard } from './datasets.ts';
import { exportarRelatorio } from './exportar.ts';
import { GRAFICOS, descreverFiltrosBi, planilhaGrafico } from './graficos.ts';
import { conexaoLeitura } from './leitura.ts';
import { paginaRelatorio } from './relatorios.ts';
import { DATASETS_RESUMO, biCotacoesResumo, biFreteResumo, biTrackingResumo } from './resumo.ts';
import { escopo } from './sql.ts';

// Reports (POST with filters, paged JSON; XLSX as a task), BI datasets, the carrier scorecard and the
// dashboard. Every read goes through the read connection (a replica when DATABASE_READ_URL is set).

const tagsRel = ['Relatórios'];
const tagsBi = ['BI e painel'];
const qualquer = z.record(z.string(), z.unknown());

export default async function biRoutes(app: FastifyInstance) {
  const leitura = await conexaoLeitura(app);
  const r = app.withTypeProvider<ZodTypeProvider>();

  for (const [nome, def] of Object.entries(RELATORIOS) as [NomeRelatorio, (typeof RELATORIOS)[NomeRelatorio]][]) {
    r.post(`/api/v1/${def.caminho}`, {
      config: { permission: ['relatorios', 'ler'] },
      schema: {
        tags: tagsRel, summary: `Relatório: ${def.titulo}`,
        description: `${def.descricao} Colunas: ${def.colunas.map((c) => `${c.campo} (${c.rotulo})`).join(', ')}.`,
        body: filtroRelatorio, response: { 200: envelope(listaDe(linhaRelatorio)), ...errorResponses },
      },
    }, async (req) => ({ success: true as const, message: '', data: await paginaRelatorio(leitura, nome, escopo(req.ctx, req.body), req.body) }));
  }

  r.post('/api/v1/relatorios/exportar', {
    config: { permission: ['relatorios', 'ler'] },
    schema: {
      tags: tagsRel, summary: 'Exporta um relatório para XLSX, CSV ou PDF (formato) numa tarefa da fila',
      description: 'Responde data.uid da tarefa; o arquivo sai em GET /api/download/tarefa/{uid}. Cabeçalho = rótulos da tela.',
      body: exportarRelatorioInput, response: ok(tarefaCriada),
    },
  }, async (req) => {
    if (!req.ctx) throw AppError.unauthenticated();
    const filtros = req.body.filtros ?? {};
    const formato = req.body.formato ?? 'xlsx';
    const uid = await criarTarefa(app.db, req.ctx, exportarRelatorio, { relatorio: req.body.relatorio, filtros, escopo: escopo(req.ctx, filtros), formato }, [{ nome: RELATORIOS[req.body.relatorio].titulo }]);
    return { success: true, message: 'Exportação iniciada.', data: { uid } };
  });

  for (const [caminho, d] of Object.entries(DATASETS)) {
    r.get(`/api/v1/bi-test/${caminho}`, {
      config: { permission: ['bi', 'ler'] },
      schema: { tags: tagsBi, summary: `BI: ${d.nome}`, description: `Fórmula: ${d.formula}.`, querystring: filtroBi, response: ok(z.array(qualquer)) },
    }, async (req) => ({ success: true as const, message: '', data: (await (DATASETS_RESUMO[caminho] ?? d.consulta)(leitura, escopo(req.ctx, req.query), req.query)) as Record<string, unknown>[] }));
  }

  r.post('/api/v1/bi/frete', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'BI: gasto com frete (CT-e) por mês, transportador e UF; % sobre o valor da mercadoria', body: filtroBi, response: ok(qualquer) },
  }, async (req) => ({ success: true as const, message: '', data: await biFreteResumo(leitura, escopo(req.ctx, req.body), req.body) }));

  // Each dashboard chart's data as XLSX: a small table, written in the request (no queue task).
  for (const [nome, g] of Object.entries(GRAFICOS)) {
    r.get(`/api/v1/bi/graficos/${nome}/xlsx`, {
      config: { permission: ['bi', 'ler'] },
      schema: {
        tags: tagsBi, summary: `Dados do gráfico "${g.titulo}" do painel em XLSX`,
        description: `Colunas: ${g.colunas.map((c) => c.rotulo).join(', ')}. Valores em R$ como números com formato de moeda; datas DD/MM/AAAA.`,
        querystring: filtroBi, produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
      },
    }, async (req, res) => {
      const e = escopo(req.ctx, req.query);
      // The carrier's name only when the shipper links it (a uid of anyone else's names nothing).
      const [t] = e.transportadorUid
        ? await app.db.select({ nome: sql<string>`coalesce(${transportadores.nomeFantasia}, ${transportadores.nome})` }).from(transportadores)
          .innerJoin(embarcadorTransportador, eq(embarcadorTransportador.transportadorUid, transportadores.uid))
          .where(sql`${transportadores.uid} = ${e.transportadorUid} and ${embarcadorTransportador.embarcadorUid} = ${e.embarcadorUid}`)
        : [];
      const dados = await planilhaGrafico(g, await g.dados(leitura, e, req.query), descreverFiltrosBi(req.query, t?.nome ?? null));
      return res
        .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
        .header('content-disposition', `attachment; filename="${nome}.xlsx"`)
        .header('cache-control', 'private, no-store')
        .send(dados);
    });
  }

  r.post('/api/v1/bi/cotacoes', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'BI: cotações por mês: convites, respostas, taxa de resposta, finalizadas, valor aprovado', body: filtroBi, response: ok(z.array(qualquer)) },
  }, async (req) => ({ success: true as const, message: '', data: await biCotacoesResumo(leitura, escopo(req.ctx, req.body), req.body) }));

  r.post('/api/v1/bi/transportadora', {
    config: { permission: ['bi', 'ler'] },
    schema: {
      tags: tagsBi, summary: 'BI: scorecard dos transportadores (no prazo, atraso, precisão do faturamento, divergência, frete/kg, cotações, ocorrências)',
      body: filtroBi, response: ok(z.array(qualquer)),
    },
  }, async (req) => ({ success: true as const, message: '', data: await scorecard(leitura, escopo(req.ctx, req.body), req.body, { resumo: true }) }));

  // The carrier's own scorecard: a carrier user, one row per shipper that links its carrier, only its numbers
  // (the scorecard of bi/transportadora held to its carrier in each shipper). Any signed-in user may ask;
  // a shipper's user is refused (its scorecard is bi/transportadora).
  r.get('/api/v1/bi/transportadora/meu-desempenho', {
    schema: {
      tags: tagsBi,
      summary: 'BI: o scorecard do próprio transportador (usuário transportador) em cada embarcador que o vincula',
      description: 'Uma linha por embarcador: embarcadorUid, embarcadorNome e as colunas de bi/transportadora, só do transportador do usuário.',
      querystring: filtroBi, response: ok(z.array(qualquer)),
    },
  }, async (req) => {
    const ctx = req.contexto;
    if (ctx.tipoUsuario !== TIPO_USUARIO.TRANSPORTADOR || !ctx.transportadorUid) throw AppError.forbidden();
    const proprio = ctx.transportadorUid;
    const vinculos = await app.db.select({ uid: embarcadores.uid, nome: embarcadores.nome }).from(embarcadorTransportador)
      .innerJoin(embarcadores, eq(embarcadores.uid, embarcadorTransportador.embarcadorUid))
      .where(eq(embarcadorTransportador.transportadorUid, proprio)).orderBy(asc(embarcadores.nome));
    const data: Record<string, unknown>[] = [];
    for (const v of vinculos) {
      const [linha] = await scorecard(leitura, { embarcadorUid: v.uid, transportadorUid: proprio }, req.query, { resumo: true });
      if (linha) data.push({ embarcadorUid: v.uid, embarcadorNome: v.nome, ...linha });
    }
    return { success: true as const, message: '', data };
  });

  r.post('/api/v1/bi/tracking', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'BI: entregas por situação (fretes), médias (media) e ocorrências por tipo (ocorrencias), num objeto', body: filtroBi, response: ok(qualquer) },
  }, async (req) => ({ success: true as const, message: '', data: await biTrackingResumo(leitura, escopo(req.ctx, req.body), req.body) }));

  r.get('/api/v1/bi', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'Filtros salvos do painel do usuário (null se nunca salvou)', response: ok(biConfigInput.nullable()) },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    const [row] = await app.db.select({ config: biConfiguracoes.config }).from(biConfiguracoes)
      .where(sql`${biConfiguracoes.embarcadorUid} = ${embarcadorUid} and ${biConfiguracoes.usuarioUid} = ${req.contexto.usuarioUid}`);
    return { success: true as const, message: '', data: (row?.config as z.infer<typeof biConfigInput>) ?? null };
  });

  r.post('/api/v1/bi', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'Salva os filtros do painel do usuário', body: biConfigInput, response: ok(biConfigInput) },
  }, async (req) => {
    const embarcadorUid = exigirEmbarcador(req.ctx);
    await app.db.insert(biConfiguracoes).values({ embarcadorUid, usuarioUid: req.contexto.usuarioUid, config: req.body })
      .onConflictDoUpdate({ target: [biConfiguracoes.embarcadorUid, biConfiguracoes.usuarioUid], set: { config: req.body, atualizadoEm: sql`now()` } });
    return { success: true as const, message: 'Filtros salvos.', data: req.body };
  });

  r.get('/api/v1/dashboard', {
    config: { permission: ['bi', 'ler'] },
    schema: { tags: tagsBi, summary: 'Painel: contaFrete, conhecimentos, notasFiscais, divergencias e indicadores por transportador e região', querystring: filtroBi, response: ok(dashboardResposta) },
  }, async (req) => ({ success: true as const, message: '', data: await dashboard(leitura, escopo(req.ctx, req.query), req.query) }));
}
