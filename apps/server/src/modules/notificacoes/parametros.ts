import { sql } from 'drizzle-orm';
import { parametroNotificacao, parametroNotificacaoInput, tipoNotificacao } from '@fretio/core';
import { notificacaoGrupos, notificacaoParametros } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { RECURSO_NOTIFICACOES } from './grupos.ts';
import { arrayDeUuids } from '../../framework/sql.ts';

// Notification parameters (parametro-notificacao): per shipper and kind, which groups receive it and
// through which channels. Carrier kinds take no groups (they go to the carrier's users).
registerUniqueConstraint('notificacao_parametros_tipo_uq', 'tipo', 'Este tipo de notificação já está configurado.');

const grupos = sql<{ uid: string; nome: string }[]>`coalesce((select json_agg(json_build_object('uid', g.uid, 'nome', g.nome) order by g.nome)
  from notificacao_grupos g where g.uid = any(${notificacaoParametros.grupoUids})), '[]'::json)`;

export const parametrosNotificacaoResource = defineResource({
  nome: 'Parâmetro de notificação',
  path: '/parametro-notificacao',
  recurso: RECURSO_NOTIFICACOES,
  table: notificacaoParametros,
  uid: notificacaoParametros.uid,
  scope: doEmbarcador(notificacaoParametros.embarcadorUid),
  item: parametroNotificacao,
  input: parametroNotificacaoInput,
  select: {
    uid: notificacaoParametros.uid,
    tipo: notificacaoParametros.tipo,
    grupoUids: notificacaoParametros.grupoUids,
    grupos: grupos.as('grupos'),
    app: notificacaoParametros.app,
    email: notificacaoParametros.email,
    ativo: notificacaoParametros.ativo,
    criadoEm: notificacaoParametros.criadoEm,
    atualizadoEm: notificacaoParametros.atualizadoEm,
  },
  toItem: (row) => {
    const def = tipoNotificacao(row.tipo as string);
    return {
      ...row,
      grupos: typeof row.grupos === 'string' ? JSON.parse(row.grupos) : row.grupos,
      tipoLabel: def?.label ?? String(row.tipo),
      destino: def?.destino ?? 'embarcador',
    };
  },
  sortable: { tipo: notificacaoParametros.tipo, ativo: notificacaoParametros.ativo, criadoEm: notificacaoParametros.criadoEm },
  defaultSort: 'tipo',
  filters: {
    tipo: { column: notificacaoParametros.tipo, kind: 'exact' },
    app: { column: notificacaoParametros.app, kind: 'bool' },
    email: { column: notificacaoParametros.email, kind: 'bool' },
    ativo: { column: notificacaoParametros.ativo, kind: 'bool' },
  },
  hooks: {
    async validate(tx, ctx, values) {
      const uids = (values.grupoUids as string[] | undefined) ?? [];
      if (!uids.length) return;
      if (tipoNotificacao(values.tipo as string)?.destino === 'transportador') {
        throw AppError.field('grupoUids', 'Notificações para transportadoras vão aos usuários da transportadora; não informe grupos.');
      }
      const achados = await tx
        .select({ uid: notificacaoGrupos.uid })
        .from(notificacaoGrupos)
        .where(sql`${notificacaoGrupos.embarcadorUid} = ${ctx.embarcadorUid} and ${notificacaoGrupos.uid} = any(${arrayDeUuids(uids)})`);
      const faltam = uids.filter((u) => !achados.some((a) => a.uid === u));
      if (faltam.length) throw AppError.field('grupoUids', `Grupo de notificação não encontrado: ${faltam.join(', ')}`);
    },
  },
});
