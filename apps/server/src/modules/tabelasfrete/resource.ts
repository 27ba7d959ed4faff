import { and, eq, getTableColumns, gt, gte, isNull, lt, lte, or, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import { type AjusteBaseInput, FILTROS_VIGENCIA, tabelaFrete, tabelaFreteInput, tabelaFreteUpdate, z } from '@fretio/core';
import { exigirTransicao } from '../../framework/acoes.ts';
import { modais, tabelasFrete, transportadores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { removerAnexosDe } from '../anexos/service.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';
import { STATUS_ATIVO, tabelaItem } from './itens.ts';
import { exigirTabelaValida } from './comum.ts';
import { derivadasDe, exigirBaseValida } from './derivacao.ts';
import { acoesTabelaFrete } from './acoes.ts';
import { exigirAprovador, exigirAtivavel } from './ativacao.ts';
import { TABELA_HISTORICA, type TabelaRow } from './repository.ts';

export const ENTIDADE_ANEXO = 'tabelasfrete';

/** ftr_vigencia (default 'vigente'), against today in America/Sao_Paulo. */
export function condicaoVigencia(v: string | undefined) {
  const hoje = hojeSaoPaulo();
  switch (v ?? 'vigente') {
    case 'futura':
      return gt(tabelasFrete.vigenciaInicio, hoje);
    case 'expirada':
      return lt(tabelasFrete.vigenciaFim, hoje);
    case 'todas':
      return undefined;
    default:
      return and(lte(tabelasFrete.vigenciaInicio, hoje), or(isNull(tabelasFrete.vigenciaFim), gte(tabelasFrete.vigenciaFim, hoje)));
  }
}

/**
 * Freight rate tables of the active shipper. List and get are custom routes (routes.ts: validity
 * filter, par=cmp,full); create/update/delete are the framework's with these rules: the carrier must
 * serve the shipper, status changes follow STATUS.tabelaFrete (409), activating runs the engine's
 * validation of the whole table (400), a historic version is read-only (409).
 */
export function criarTabelasFreteResource(app: FastifyInstance) {
  return defineResource({
    nome: 'Tabela de frete',
    path: '/tabelasfrete',
    recurso: 'tabelasfrete',
    table: tabelasFrete,
    uid: tabelasFrete.uid,
    scope: doEmbarcador(tabelasFrete.embarcadorUid),
    item: tabelaFrete,
    input: tabelaFreteInput,
    updateInput: tabelaFreteUpdate,
    operations: ['create', 'update', 'delete'],
    select: {
      ...getTableColumns(tabelasFrete),
      transportadorNome: transportadores.nome,
      modalNome: modais.nome,
      quantidadeRotas:
        sql<number>`(select count(*)::int from tabela_frete_rotas tr where tr.tabela_frete_uid = "tabelas_frete"."uid")`.mapWith(Number),
      submetidoPorNome: sql<string | null>`(select u.nome from usuarios u where u.uid = "tabelas_frete"."submetido_por")`,
      aprovadoPorNome: sql<string | null>`(select u.nome from usuarios u where u.uid = "tabelas_frete"."aprovado_por")`,
      tabelaBaseNome: sql<string | null>`(select b.nome from tabelas_frete b where b.uid = "tabelas_frete"."tabela_base_uid")`,
    },
    from: (q) =>
      q
        .innerJoin(transportadores, eq(transportadores.uid, tabelasFrete.transportadorUid))
        .leftJoin(modais, eq(modais.uid, tabelasFrete.modalUid)),
    toItem: tabelaItem,
    toValues: (input) => ({
      ...input,
      // Derived table: omitted keeps (PUT); the engine's AjusteComponente shape without nulls.
      ajustesBase:
        input.ajustesBase === undefined
          ? undefined
          : (input.ajustesBase as AjusteBaseInput[]).map((a) => ({
              componente: a.componente,
              tipo: a.tipo,
              valor: a.valor,
              ...(a.rotaUid ? { rotaUid: a.rotaUid } : {}),
              ...(a.destinatarios?.length ? { destinatarios: a.destinatarios } : {}),
            })),
      fatorCubagem: input.fatorCubagem === null || input.fatorCubagem === undefined ? null : String(input.fatorCubagem),
      densidadeIsencaoCubagem:
        input.densidadeIsencaoCubagem === null || input.densidadeIsencaoCubagem === undefined ? null : String(input.densidadeIsencaoCubagem),
    }),
    sortable: {
      nome: tabelasFrete.nome,
      transportadorNome: transportadores.nome,
      vigenciaInicio: tabelasFrete.vigenciaInicio,
      vigenciaFim: tabelasFrete.vigenciaFim,
      status: tabelasFrete.status,
      prioridade: tabelasFrete.prioridade,
      versao: tabelasFrete.versao,
      criadoEm: tabelasFrete.criadoEm,
      atualizadoEm: tabelasFrete.atualizadoEm,
    },
    defaultSort: 'nome',
    filters: {
      nome: { column: tabelasFrete.nome, kind: 'text' },
      transportadorUid: { column: tabelasFrete.transportadorUid, kind: 'uid' },
      transportadorNome: { column: transportadores.nome, kind: 'text' },
      modalUid: { column: tabelasFrete.modalUid, kind: 'uid' },
      status: { column: tabelasFrete.status, kind: 'int' },
      historica: { column: tabelasFrete.historica, kind: 'bool' },
      vigenciaInicio: { column: tabelasFrete.vigenciaInicio, kind: 'date', range: true },
      vigenciaFim: { column: tabelasFrete.vigenciaFim, kind: 'date', range: true },
      tabelaOrigemUid: { column: tabelasFrete.tabelaOrigemUid, kind: 'uid' },
    },
    listQuery: {
      ftr_vigencia: z
        .enum(FILTROS_VIGENCIA)
        .optional()
        .describe("Vigência em America/Sao_Paulo: 'vigente' (padrão), 'futura', 'expirada' ou 'todas'"),
    },
    listWhere: (q) => condicaoVigencia(q.vigencia as string | undefined),
    refs: { transportadorUid: transportadorVinculado },
    actions: acoesTabelaFrete,
    hooks: {
      async validate(tx, ctx, values, existing) {
        const embarcadorUid = exigirEmbarcador(ctx);
        if (existing?.historica) throw AppError.conflict(TABELA_HISTORICA);
        let fatorModal: string | null = null;
        if (values.modalUid) {
          const [m] = await tx
            .select({ fator: modais.fatorCubagemPadrao })
            .from(modais)
            .where(
              and(eq(modais.uid, values.modalUid as string), or(isNull(modais.embarcadorUid), eq(modais.embarcadorUid, embarcadorUid))),
            );
          if (!m) throw AppError.field('modalUid', 'Modal não encontrado');
          fatorModal = m.fator;
        }
        values.fatorCubagem ??= fatorModal ?? '300';
        if (values.tabelaBaseUid && values.tabelaBaseUid !== existing?.tabelaBaseUid)
          await exigirBaseValida(tx, embarcadorUid, (existing?.uid as string) ?? null, values.tabelaBaseUid as string);
        if (values.tabelaBaseUid === null && !existing) values.ajustesBase = null;
        // Maker–checker: whoever creates the table submits it; activating it is the approval.
        if (!existing) values.submetidoPor = ctx.usuarioUid;
        if (!existing && values.status === STATUS_ATIVO) await exigirAprovador(tx, ctx, { submetidoPor: ctx.usuarioUid });
        if (existing) {
          if (values.status === undefined || values.status === null) delete values.status;
          else if (values.status !== existing.status) {
            exigirTransicao('tabelaFrete', existing.status as number, values.status as number);
          }
          values.revisao = sql`${tabelasFrete.revisao} + 1`;
          if (values.status === STATUS_ATIVO && existing.status !== STATUS_ATIVO) {
            await exigirAtivavel(tx, ctx, { ...(existing as TabelaRow), fatorCubagem: values.fatorCubagem as string });
            await exigirAprovador(tx, ctx, existing);
            values.aprovadoPor = ctx.usuarioUid;
            values.aprovadoEm = sql`now()`;
          }
        }
      },
      async afterWrite(tx, ctx, row) {
        // An active derived table stays valid as a whole (its adjustments against the base's routes).
        if (row.tabelaBaseUid && row.status === STATUS_ATIVO)
          await exigirTabelaValida(tx, ctx, row.uid as string, 'A tabela está ativa e ficaria com erros');
      },
      async beforeDelete(tx, ctx, existing) {
        if (existing.historica) throw AppError.conflict(TABELA_HISTORICA);
        const derivadas = await derivadasDe(tx, [existing.uid as string]);
        if (derivadas.length)
          throw AppError.conflict(`A tabela é base da tabela derivada "${derivadas[0].nome}": desvincule-a antes de excluir`);
        await removerAnexosDe(app, tx, {
          embarcadorUid: exigirEmbarcador(ctx),
          entidade: ENTIDADE_ANEXO,
          entidadeUid: existing.uid as string,
        });
      },
    },
  });
}
