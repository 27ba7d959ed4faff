import { and, asc, eq, getTableColumns, ilike, or } from 'drizzle-orm';
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
import { ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, transportadores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { escapeLike } from '../../framework/sql.ts';
import { transportadorVinculado, transportadorVisivelPorUid } from '../transportadores/repository.ts';
import { ocorrenciaDoEmbarcador, resolverSemDepara } from './repository.ts';

const CODIGO_DUPLICADO = 'Já existe uma ocorrência com este código.';
const DEPARA_DUPLICADO = 'Este transportador já tem de-para para este código.';
registerUniqueConstraint('ocorrencias_codigo_uq', 'codigo', CODIGO_DUPLICADO);
registerUniqueConstraint('ocorrencias_depara_codigo_uq', 'codigoTransportador', DEPARA_DUPLICADO);

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
      description: 'q: parte do código ou da descrição; acao: só as de uma ação (ocorrencias/acoes).',
      query: z.object({ q: z.string().trim().max(100).optional(), acao: z.coerce.number().int().optional() }),
      item: ocorrenciaOpcao,
      colunas: { uid: ocorrencias.uid, codigo: ocorrencias.codigo, descricao: ocorrencias.descricao, acao: ocorrencias.acao },
      where: (_ctx, q) => {
        const termo = q.q ? `%${escapeLike(q.q)}%` : null;
        return and(
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
      summary: "De-para de um transportador para seleção (label 'código do transportador → CODIGO - Descrição'; sem transportadorUid, de todos)",
      query: z.object({ transportadorUid: z.string().optional() }),
      item: ocorrenciaDeparaOpcao,
      limite: 1000,
      // Own read: the spec's message for a malformed carrier and 404 for one the caller does not see.
      async consulta(db, ctx, q, limite) {
        const uid = q.transportadorUid as string | undefined;
        if (uid !== undefined && !UID_REGEX.test(uid)) throw AppError.field('transportadorUid', MSG.transportadorNaoInformado);
        if (uid && !(await transportadorVisivelPorUid(db, ctx, uid))) throw AppError.notFound();
        return db
          .select({ uid: ocorrenciasDepara.uid, codigoTransportador: ocorrenciasDepara.codigoTransportador, ocorrenciaUid: ocorrencias.uid, codigo: ocorrencias.codigo, descricao: ocorrencias.descricao })
          .from(ocorrenciasDepara)
          .innerJoin(ocorrencias, eq(ocorrencias.uid, ocorrenciasDepara.ocorrenciaUid))
          .where(and(eq(ocorrenciasDepara.embarcadorUid, exigirEmbarcador(ctx)), uid ? eq(ocorrenciasDepara.transportadorUid, uid) : undefined))
          .orderBy(asc(ocorrenciasDepara.codigoTransportador))
          .limit(limite);
      },
      opcao: (d) => ({ value: d.uid, label: `${d.codigoTransportador} → ${d.codigo} - ${d.descricao}`, codigoTransportador: d.codigoTransportador, ocorrenciaUid: d.ocorrenciaUid }),
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
