import { sql } from 'drizzle-orm';
import { TIPO_USUARIO, grupoNotificacao, grupoNotificacaoInput } from '@fretio/core';
import { notificacaoGrupos, notificacaoParametros } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { arrayDeUuids } from '../../framework/sql.ts';

// Notification groups (grupo-notificacoes): a named set of the shipper's own users that parameters
// point to. Members must be active shipper users of the active shipper (never carrier users).
registerUniqueConstraint('notificacao_grupos_nome_uq', 'nome', 'Já existe um grupo de notificação com este nome.');
export const RECURSO_NOTIFICACOES = 'notificacoes';

/** Uids of `uids` that are not active shipper users with an active membership in the shipper. */
export async function usuariosForaDoEmbarcador(tx: DbOrTx, embarcadorUid: string, uids: string[]) {
  if (!uids.length) return [];
  const res = (await tx.execute(sql`
    select x.uid from unnest(${arrayDeUuids(uids)}) as x(uid)
    where not exists (select 1 from usuarios u join usuario_embarcador ue on ue.usuario_uid = u.uid
                      where u.uid = x.uid and ue.embarcador_uid = ${embarcadorUid} and ue.ativo
                        and u.tipo_usuario <> ${TIPO_USUARIO.TRANSPORTADOR})`)) as unknown as { rows: { uid: string }[] };
  return res.rows.map((r) => r.uid);
}

const membros = sql<{ uid: string; nome: string }[]>`coalesce((select json_agg(json_build_object('uid', u.uid, 'nome', u.nome) order by u.nome)
  from usuarios u where u.uid = any(${notificacaoGrupos.usuarioUids})), '[]'::json)`;

export const gruposNotificacaoResource = defineResource({
  nome: 'Grupo de notificação',
  path: '/grupo-notificacoes',
  recurso: RECURSO_NOTIFICACOES,
  table: notificacaoGrupos,
  uid: notificacaoGrupos.uid,
  scope: doEmbarcador(notificacaoGrupos.embarcadorUid),
  item: grupoNotificacao,
  input: grupoNotificacaoInput,
  select: {
    uid: notificacaoGrupos.uid,
    nome: notificacaoGrupos.nome,
    descricao: notificacaoGrupos.descricao,
    ativo: notificacaoGrupos.ativo,
    usuarioUids: notificacaoGrupos.usuarioUids,
    usuarios: membros.as('usuarios'),
    criadoEm: notificacaoGrupos.criadoEm,
    atualizadoEm: notificacaoGrupos.atualizadoEm,
  },
  toItem: (row) => ({ ...row, usuarios: typeof row.usuarios === 'string' ? JSON.parse(row.usuarios) : row.usuarios }),
  sortable: { nome: notificacaoGrupos.nome, ativo: notificacaoGrupos.ativo, criadoEm: notificacaoGrupos.criadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: notificacaoGrupos.nome, kind: 'text' },
    ativo: { column: notificacaoGrupos.ativo, kind: 'bool' },
  },
  hooks: {
    async validate(tx, ctx, values) {
      const fora = await usuariosForaDoEmbarcador(tx, ctx.embarcadorUid as string, (values.usuarioUids as string[] | undefined) ?? []);
      if (fora.length) throw AppError.field('usuarioUids', `Usuário não encontrado no embarcador: ${fora.join(', ')}`);
    },
    async beforeDelete(tx, _ctx, existing) {
      const [uso] = (await tx
        .select({ n: sql<number>`count(*)::int` })
        .from(notificacaoParametros)
        .where(sql`${existing.uid}::uuid = any(${notificacaoParametros.grupoUids})`)) as { n: number }[];
      if (Number(uso?.n)) throw AppError.conflict('O grupo é usado em parâmetros de notificação: retire-o deles antes de excluir.', undefined, 'EM_USO');
    },
  },
});
