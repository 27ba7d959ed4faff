import { and, asc, eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, embarcador, embarcadorInput, todasPermissoes, z } from '@fretio/core';
import { centrosCusto, embarcadores, papeis, unidadesEmbarcador, usuarioEmbarcador } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { type Scope, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { urlDownload } from '../arquivos/service.ts';

registerUniqueConstraint('embarcadores_cnpj_uq', 'cnpj', 'Já existe um embarcador com este CNPJ.');

/** A user sees the shippers they belong to; the system administrator sees all. */
const doUsuario: Scope = {
  where: (ctx: RequestContext) =>
    ctx.tipoUsuario === TIPO_USUARIO.ADMIN
      ? undefined
      : sql`${embarcadores.uid} in (select ${usuarioEmbarcador.embarcadorUid} from ${usuarioEmbarcador} where ${usuarioEmbarcador.usuarioUid} = ${ctx.usuarioUid} and ${usuarioEmbarcador.ativo})`,
  values: () => ({}),
};

export const embarcadoresResource = defineResource({
  nome: 'Embarcador',
  path: '/cadastros/embarcadores',
  recurso: 'embarcadores',
  table: embarcadores,
  uid: embarcadores.uid,
  scope: doUsuario,
  item: embarcador,
  input: embarcadorInput,
  sortable: { nome: embarcadores.nome, id: embarcadores.id, cnpj: embarcadores.cnpj, uf: embarcadores.uf, criadoEm: embarcadores.criadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: embarcadores.nome, kind: 'text' },
    cnpj: { column: embarcadores.cnpj, kind: 'text' },
    uf: { column: embarcadores.uf, kind: 'exact' },
    ativo: { column: embarcadores.ativo, kind: 'bool' },
  },
  toItem: (row) => ({ ...row, logoUrl: urlDownload('logo', row.logoArquivoUid as string | null) }),
  hooks: {
    // The creator administers the new shipper from the start.
    async afterWrite(tx, ctx, row, op) {
      if (op !== 'create') return;
      const [papel] = await tx.insert(papeis).values({ embarcadorUid: row.uid as string, nome: 'Administrador', descricao: 'Acesso total', permissoes: todasPermissoes() }).returning();
      await tx.insert(usuarioEmbarcador).values({ usuarioUid: ctx.usuarioUid, embarcadorUid: row.uid as string, papelUid: papel.uid });
    },
    // A shipper with other members or with records is in use; the active one cannot be removed.
    async beforeDelete(tx, ctx, row) {
      if (row.uid === ctx.embarcadorUid) throw AppError.conflict('Não é possível excluir o embarcador ativo.');
      const uid = row.uid as string;
      const [{ n }] = await tx.select({
        n: sql<number>`(select count(*) from ${usuarioEmbarcador} where ${usuarioEmbarcador.embarcadorUid} = ${uid} and ${usuarioEmbarcador.usuarioUid} <> ${ctx.usuarioUid})
          + (select count(*) from ${unidadesEmbarcador} where ${unidadesEmbarcador.embarcadorUid} = ${uid})
          + (select count(*) from ${centrosCusto} where ${centrosCusto.embarcadorUid} = ${uid})`.mapWith(Number),
      }).from(sql`(select 1) x`);
      if (n > 0) throw AppError.conflict('Registro em uso');
      await tx.delete(usuarioEmbarcador).where(and(eq(usuarioEmbarcador.embarcadorUid, uid), eq(usuarioEmbarcador.usuarioUid, ctx.usuarioUid)));
    },
  },
  selecoes: [
    {
      path: '/embarcadores/listaselecao',
      summary: 'Embarcadores do usuário, para seleção',
      // Any signed-in user: the list is the user's own memberships (every shipper for a system administrator).
      permission: null,
      item: z.object({ uid: z.string(), nome: z.string(), value: z.string(), label: z.string() }),
      limite: 1000,
      colunas: { uid: embarcadores.uid, nome: embarcadores.nome },
      escopoDoRecurso: false,
      where: (ctx) =>
        ctx.tipoUsuario === TIPO_USUARIO.ADMIN
          ? undefined
          : sql`${embarcadores.uid} in (select ${usuarioEmbarcador.embarcadorUid} from ${usuarioEmbarcador} where ${usuarioEmbarcador.usuarioUid} = ${ctx.usuarioUid} and ${usuarioEmbarcador.ativo})`,
      orderBy: [asc(embarcadores.nome)],
      opcao: (e) => ({ ...e, value: e.uid, label: e.nome }),
    },
  ],
});
