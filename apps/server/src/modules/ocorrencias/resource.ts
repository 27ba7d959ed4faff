import { and, asc, eq, getTableColumns, ilike, inArray, or, sql } from 'drizzle-orm';
import {
  ACOES_OCORRENCIA,
  MSG,
  TIPO_USUARIO,
  UID_REGEX,
  ocorrencia,
  ocorrenciaDepara,
  ocorrenciaDeparaInput,
  ocorrenciaDeparaOpcao,
  ocorrenciaInput,
  ocorrenciaOpcao,
  ocorrenciaSemDepara,
  z,
} from '@fretio/core';
import { embarcadorTransportador, embarcadores, ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, transportadores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador, temPermissao } from '../../plugins/auth/context.ts';
import { escapeLike } from '../../framework/sql.ts';
import { ehTransportador } from '../nfes/escopo.ts';
import { transportadorVinculado, transportadorVisivelPorUid } from '../transportadores/repository.ts';
import { ocorrenciaDoEmbarcador, resolverSemDepara } from './repository.ts';

const CODIGO_DUPLICADO = 'Já existe uma ocorrência com este código.';
const DEPARA_DUPLICADO = 'Este transportador já tem de-para para este código.';
registerUniqueConstraint('ocorrencias_codigo_uq', 'codigo', CODIGO_DUPLICADO);
registerUniqueConstraint('ocorrencias_depara_codigo_uq', 'codigoTransportador', DEPARA_DUPLICADO);

/**
 * The two selection lists a carrier's user reaches from its portal (the event form picks a kind; the
 * carrier may look up how the shippers map its codes). The carrier role holds `eventos-ocorrencia`, not
 * the shipper's `ocorrencias`: each list checks the permission that fits the caller (route permission null).
 */
function exigirLeituraDasListas(ctx: RequestContext) {
  const ok = ehTransportador(ctx) ? temPermissao(ctx, 'eventos-ocorrencia', 'ler') : temPermissao(ctx, 'ocorrencias', 'ler');
  if (!ok) throw AppError.forbidden();
}
/** Shippers that link the carrier (a carrier's user sees only what those shared). */
const vinculadosAo = (transportadorUid: string) =>
  sql`(select ${embarcadorTransportador.embarcadorUid} from ${embarcadorTransportador} where ${embarcadorTransportador.transportadorUid} = ${transportadorUid})`;

const ACAO_NOME = new Map(ACOES_OCORRENCIA.map((a) => [a.value as number, a.label]));
const numero = (v: unknown) => (v === null || v === undefined ? null : Number(v));

/** The shipper's catalogue of occurrence kinds (seeded with the 100 PROCEDA codes for every new shipper). */
export const ocorrenciasResource = defineResource({
  nome: 'Ocorrência',
  path: '/ocorrencias',
  recurso: 'ocorrencias',
  table: ocorrencias,
  uid: ocorrencias.uid,
  scope: doEmbarcador(ocorrencias.embarcadorUid),
  item: ocorrencia,
  input: ocorrenciaInput as unknown as z.ZodObject,
  toItem: (row) => ({ ...row, acaoNome: ACAO_NOME.get(row.acao as number) ?? '', valorCobranca: numero(row.valorCobranca) }),
  sortable: { codigo: ocorrencias.codigo, descricao: ocorrencias.descricao, acao: ocorrencias.acao, ativo: ocorrencias.ativo, criadoEm: ocorrencias.criadoEm },
  defaultSort: 'codigo',
  filters: {
    codigo: { column: ocorrencias.codigo, kind: 'exact' },
    descricao: { column: ocorrencias.descricao, kind: 'text' },
    acao: { column: ocorrencias.acao, kind: 'int' },
    ativo: { column: ocorrencias.ativo, kind: 'bool' },
    transporteAereo: { column: ocorrencias.transporteAereo, kind: 'bool' },
  },
  selecoes: [
    {
      path: '/ocorrencias/list',
      summary: "Ocorrências ativas para seleção (label 'CODIGO - Descrição')",
      description:
        'q: parte do código ou da descrição; acao: só as de uma ação (ocorrencias/acoes). Usuário de transportadora: o catálogo do embarcador ativo, se ele o vincula (o do formulário de evento no portal).',
      permission: null,
      query: z.object({ q: z.string().trim().max(100).optional(), acao: z.coerce.number().int().optional() }),
      item: ocorrenciaOpcao,
      colunas: { uid: ocorrencias.uid, codigo: ocorrencias.codigo, descricao: ocorrencias.descricao, acao: ocorrencias.acao },
      where: (ctx, q) => {
        exigirLeituraDasListas(ctx);
        const termo = q.q ? `%${escapeLike(q.q)}%` : null;
        return and(
          ehTransportador(ctx) ? inArray(ocorrencias.embarcadorUid, vinculadosAo(ctx.transportadorUid as string)) : undefined,
          eq(ocorrencias.ativo, true),
          q.acao ? eq(ocorrencias.acao, q.acao) : undefined,
          termo ? or(ilike(ocorrencias.codigo, termo), ilike(ocorrencias.descricao, termo)) : undefined,
        );
      },
      orderBy: [asc(ocorrencias.codigo)],
      opcao: (o) => ({ value: o.uid, label: `${o.codigo} - ${o.descricao}`, codigo: o.codigo, acao: o.acao }),
    },
  ],
});

/** What a shipper says about a carrier is its own: the carrier's users never write the shipper's de-para. */
function exigirDoEmbarcador(ctx: RequestContext) {
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) throw AppError.forbidden('O de-para de ocorrências é do embarcador: só os usuários dele o alteram.');
}

export const deparaSelect = {
  ...getTableColumns(ocorrenciasDepara),
  transportadorNome: transportadores.nome,
  ocorrenciaCodigo: ocorrencias.codigo,
  ocorrenciaDescricao: ocorrencias.descricao,
};

/** A carrier's own occurrence code → the shipper's kind (`ocorrencias/depara`). */
export const deparaResource = defineResource({
  nome: 'De-para de ocorrência',
  path: '/ocorrencias/depara',
  recurso: 'ocorrencias',
  table: ocorrenciasDepara,
  uid: ocorrenciasDepara.uid,
  scope: doEmbarcador(ocorrenciasDepara.embarcadorUid),
  item: ocorrenciaDepara,
  input: ocorrenciaDeparaInput,
  select: deparaSelect,
  from: (q) =>
    q.innerJoin(transportadores, eq(transportadores.uid, ocorrenciasDepara.transportadorUid)).innerJoin(ocorrencias, eq(ocorrencias.uid, ocorrenciasDepara.ocorrenciaUid)),
  sortable: {
    codigoTransportador: ocorrenciasDepara.codigoTransportador,
    transportadorNome: transportadores.nome,
    ocorrenciaCodigo: ocorrencias.codigo,
    criadoEm: ocorrenciasDepara.criadoEm,
  },
  defaultSort: 'codigoTransportador',
  filters: {
    transportadorUid: { column: ocorrenciasDepara.transportadorUid, kind: 'uid' },
    ocorrenciaUid: { column: ocorrenciasDepara.ocorrenciaUid, kind: 'uid' },
    codigoTransportador: { column: ocorrenciasDepara.codigoTransportador, kind: 'exact' },
    transportadorNome: { column: transportadores.nome, kind: 'text' },
  },
  refs: {
    transportadorUid: transportadorVinculado,
    ocorrenciaUid: { mensagem: 'Ocorrência não encontrada', existe: (tx, ctx, uid) => ocorrenciaDoEmbarcador(tx, exigirEmbarcador(ctx), uid) },
  },
  selecoes: [
    {
      path: '/ocorrencias/transportador/list',
      summary:
        "De-para de um transportador para seleção (label 'código do transportador → CODIGO - Descrição'; sem transportadorUid, de todos). Usuário de transportadora: só o do seu transportador, em cada embarcador que o vincula.",
      permission: null,
      query: z.object({ transportadorUid: z.string().optional() }),
      item: ocorrenciaDeparaOpcao,
      limite: 1000,
      // Own read: the spec's message for a malformed carrier and 404 for one the caller does not see.
      async consulta(db, ctx, q, limite) {
        exigirLeituraDasListas(ctx);
        const uid = q.transportadorUid as string | undefined;
        if (uid !== undefined && !UID_REGEX.test(uid)) throw AppError.field('transportadorUid', MSG.transportadorNaoInformado);
        const proprio = ehTransportador(ctx) ? (ctx.transportadorUid as string) : null;
        if (uid && (proprio ? uid !== proprio : !(await transportadorVisivelPorUid(db, ctx, uid)))) throw AppError.notFound();
        // A carrier's user: its own codes as every shipper that links it maps them (never another carrier's).
        const onde = proprio
          ? and(eq(ocorrenciasDepara.transportadorUid, proprio), inArray(ocorrenciasDepara.embarcadorUid, vinculadosAo(proprio)))
          : and(eq(ocorrenciasDepara.embarcadorUid, exigirEmbarcador(ctx)), uid ? eq(ocorrenciasDepara.transportadorUid, uid) : undefined);
        return db
          .select({
            uid: ocorrenciasDepara.uid,
            codigoTransportador: ocorrenciasDepara.codigoTransportador,
            ocorrenciaUid: ocorrencias.uid,
            codigo: ocorrencias.codigo,
            descricao: ocorrencias.descricao,
            embarcadorNome: sql<string>`coalesce(${embarcadores.nomeFantasia}, ${embarcadores.nome})`,
          })
          .from(ocorrenciasDepara)
          .innerJoin(ocorrencias, eq(ocorrencias.uid, ocorrenciasDepara.ocorrenciaUid))
          .innerJoin(embarcadores, eq(embarcadores.uid, ocorrenciasDepara.embarcadorUid))
          .where(onde)
          .orderBy(asc(ocorrenciasDepara.codigoTransportador), asc(embarcadores.nome))
          .limit(limite);
      },
      opcao: (d, ctx) => ({
        value: d.uid,
        label: `${d.codigoTransportador} → ${d.codigo} - ${d.descricao}${ehTransportador(ctx) ? ` (${d.embarcadorNome})` : ''}`,
        codigoTransportador: d.codigoTransportador,
        ocorrenciaUid: d.ocorrenciaUid,
        embarcadorNome: d.embarcadorNome,
      }),
    },
  ],
  hooks: {
    validate: async (_tx, ctx) => exigirDoEmbarcador(ctx),
    beforeDelete: async (_tx, ctx) => exigirDoEmbarcador(ctx),
    async afterWrite(tx, ctx, row) {
      await resolverSemDepara(tx, exigirEmbarcador(ctx), row.transportadorUid as string, row.codigoTransportador as string, row.ocorrenciaUid as string);
    },
  },
});

/**
 * Codes carriers sent that have no de-para yet. Read and discarded here; a row disappears by itself when
 * the de-para is created (its events then get their kind).
 */
export const semDeparaResource = defineResource({
  nome: 'Ocorrência sem de-para',
  path: '/ocorrencias/sem-depara',
  recurso: 'ocorrencias',
  table: ocorrenciasSemDepara,
  uid: ocorrenciasSemDepara.uid,
  scope: doEmbarcador(ocorrenciasSemDepara.embarcadorUid),
  item: ocorrenciaSemDepara,
  input: z.object({}),
  operations: ['list', 'get', 'delete'],
  sortable: {
    ultimaEm: ocorrenciasSemDepara.ultimaEm,
    quantidade: ocorrenciasSemDepara.quantidade,
    codigoTransportador: ocorrenciasSemDepara.codigoTransportador,
    cnpjTransportador: ocorrenciasSemDepara.cnpjTransportador,
  },
  defaultSort: 'ultimaEm',
  defaultOrder: 'DESC',
  filters: {
    transportadorUid: { column: ocorrenciasSemDepara.transportadorUid, kind: 'uid' },
    cnpjTransportador: { column: ocorrenciasSemDepara.cnpjTransportador, kind: 'exact' },
    codigoTransportador: { column: ocorrenciasSemDepara.codigoTransportador, kind: 'exact' },
  },
});
