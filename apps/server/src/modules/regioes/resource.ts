import { and, asc, eq, getTableColumns, inArray, ne, sql } from 'drizzle-orm';
import { type LocalRef, opcaoSelecao, regiao, regiaoInput, regiaoListaInput, regiaoLocal, regiaoLocalInput, z } from '@fretio/core';
import { municipios, regiaoLocais, regioes } from '../../db/schema/index.ts';
import { type DbOrTx, defineResource, doEmbarcador, filhoDe } from '../../framework/resource.ts';
import { contem } from '../../framework/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { localItem, validarLocais } from './local-ref.ts';

registerUniqueConstraint('regioes_nome_uq', 'nome', 'Já existe uma região com este nome.');

/** Regions of the active shipper: named sets of UFs, municipalities and CEP ranges. */
export const regioesResource = defineResource({
  nome: 'Região',
  path: '/regioes',
  recurso: 'regioes',
  table: regioes,
  uid: regioes.uid,
  scope: doEmbarcador(regioes.embarcadorUid),
  item: regiao,
  input: regiaoInput,
  select: {
    ...getTableColumns(regioes),
    quantidadeLocais: sql<number>`(select count(*)::int from regiao_locais rl where rl.regiao_uid = "regioes"."uid")`.mapWith(Number),
  },
  sortable: { nome: regioes.nome, ativo: regioes.ativo, criadoEm: regioes.criadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: regioes.nome, kind: 'text' },
    descricao: { column: regioes.descricao, kind: 'text' },
    ativo: { column: regioes.ativo, kind: 'bool' },
  },
  selecoes: [
    {
      path: '/regioes/lista',
      method: 'POST',
      summary: 'Regiões para seleção (até 500), ativas por padrão',
      description: 'Corpo opcional: {nome (parte, sem acentos), ativo (padrão true), uids}.',
      query: regiaoListaInput,
      item: opcaoSelecao.extend({ uid: z.string(), nome: z.string(), ativo: z.boolean() }),
      colunas: { uid: regioes.uid, nome: regioes.nome, ativo: regioes.ativo },
      where: (_ctx, { nome, ativo, uids }) =>
        and(
          ativo === false ? undefined : eq(regioes.ativo, true),
          nome ? contem(regioes.nome, nome) : undefined,
          uids?.length ? inArray(regioes.uid, uids) : undefined,
        ),
      orderBy: [asc(regioes.nome)],
      opcao: (r) => ({ ...r, value: r.uid, label: r.nome }),
    },
  ],
});

export async function regiaoVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const rows = await db
    .select({ uid: regioes.uid })
    .from(regioes)
    .where(and(eq(regioes.uid, uid), eq(regioes.embarcadorUid, exigirEmbarcador(ctx))))
    .limit(1);
  return rows.length > 0;
}

const paraLocal = (row: Record<string, unknown>): LocalRef => {
  if (row.tipo === 'UF') return { tipo: 'UF', uf: row.uf as string };
  if (row.tipo === 'MUNICIPIO') return { tipo: 'MUNICIPIO', ibge: row.ibge as string };
  return { tipo: 'FAIXA_CEP', de: row.cepDe as string, ate: row.cepAte as string };
};

/** /regioes/{uid}/locais: the places of a region ({tipo:'UF',uf} | {tipo:'MUNICIPIO',ibge} | {tipo:'FAIXA_CEP',de,ate}). */
export const regiaoLocaisResource = defineResource({
  nome: 'Local da região',
  path: '/regioes/:uid/locais',
  recurso: 'regioes',
  table: regiaoLocais,
  uid: regiaoLocais.uid,
  scope: filhoDe(regiaoLocais.regiaoUid, 'regiaoUid', regiaoVisivel),
  item: regiaoLocal,
  input: regiaoLocalInput as unknown as z.ZodObject,
  select: { ...getTableColumns(regiaoLocais), municipioNome: municipios.nome, municipioUf: municipios.uf },
  from: (q) => q.leftJoin(municipios, eq(municipios.ibge, regiaoLocais.ibge)),
  toItem: (row) => {
    const ref = paraLocal(row);
    const nomes = row.municipioNome
      ? {
          regioes: new Map(),
          municipios: new Map([[row.ibge as string, { nome: row.municipioNome as string, uf: row.municipioUf as string }]]),
        }
      : undefined;
    return { uid: row.uid, regiaoUid: row.regiaoUid, ...localItem(ref, nomes), criadoEm: row.criadoEm, atualizadoEm: row.atualizadoEm };
  },
  toValues: (input) => {
    const ref = input as unknown as LocalRef;
    return {
      tipo: ref.tipo,
      uf: ref.tipo === 'UF' ? ref.uf.trim().toUpperCase() : null,
      ibge: ref.tipo === 'MUNICIPIO' ? ref.ibge.trim() : null,
      cepDe: ref.tipo === 'FAIXA_CEP' ? ref.de.replace(/\D/g, '') : null,
      cepAte: ref.tipo === 'FAIXA_CEP' ? ref.ate.replace(/\D/g, '') : null,
    };
  },
  sortable: {
    tipo: regiaoLocais.tipo,
    uf: regiaoLocais.uf,
    ibge: regiaoLocais.ibge,
    cepDe: regiaoLocais.cepDe,
    criadoEm: regiaoLocais.criadoEm,
  },
  defaultSort: 'criadoEm',
  filters: {
    tipo: { column: regiaoLocais.tipo, kind: 'exact' },
    uf: { column: regiaoLocais.uf, kind: 'exact' },
    ibge: { column: regiaoLocais.ibge, kind: 'exact' },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      const ref = paraLocal(values);
      await validarLocais(tx, exigirEmbarcador(ctx), [{ campo: '', ref }]).catch((e: AppError) => {
        throw AppError.validation(
          (e.errors ?? []).map((x) => ({ ...x, field: x.field.replace(/^\./, '') })),
          e.message,
        );
      });
      const regiaoUid = (values.regiaoUid ?? existing?.regiaoUid) as string;
      const same = await tx
        .select({ uid: regiaoLocais.uid })
        .from(regiaoLocais)
        .where(
          and(
            eq(regiaoLocais.regiaoUid, regiaoUid),
            eq(regiaoLocais.tipo, ref.tipo),
            sql`${regiaoLocais.uf} is not distinct from ${values.uf}`,
            sql`${regiaoLocais.ibge} is not distinct from ${values.ibge}`,
            sql`${regiaoLocais.cepDe} is not distinct from ${values.cepDe}`,
            sql`${regiaoLocais.cepAte} is not distinct from ${values.cepAte}`,
            existing ? ne(regiaoLocais.uid, existing.uid as string) : undefined,
          ),
        )
        .limit(1);
      if (same.length)
        throw AppError.conflict('Este local já pertence à região.', [{ field: 'tipo', message: 'Este local já pertence à região.' }]);
    },
    async afterWrite(tx, _ctx, row) {
      await tx
        .update(regioes)
        .set({ atualizadoEm: sql`now()` as unknown as string })
        .where(eq(regioes.uid, row.regiaoUid as string));
    },
  },
});
