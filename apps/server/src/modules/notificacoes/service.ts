import { and, eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO, type TipoNotificacao, USUARIO_STATUS, tipoNotificacao } from '@fretio/core';
import { notificacaoDisparos, notificacaoEmails, notificacaoParametros, notificacoes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { avisarEmailsPendentes } from './sinal.ts';

// The one way a module notifies (docs/ARCHITECTURE.md, "Notificações"): inside the caller's
// transaction, resolve the recipients from the shipper's parameter and groups, write one row per
// recipient and queue the e-mails in notificacao_emails. A rolled-back transaction leaves nothing;
// the dispatcher (despachante.ts) sends the committed e-mails through app.mailer (outbox).

export type Notificacao = {
  tipo: TipoNotificacao;
  embarcadorUid: string;
  /** Carrier kinds: the carrier whose users are told (required for them). */
  transportadorUid?: string | null;
  /** The record it is about (the bell opens `link`). */
  registro?: { recurso: string; uid: string; titulo: string } | null;
  mensagem: string;
  /** App path of the record's screen, e.g. '/cotacoesfrete?ftr_numero=12'. */
  link?: string | null;
  /** Users told in addition to the resolved ones (e.g. who created a task), if active in the shipper. */
  usuarios?: string[];
  /** Who caused it: not told of their own action (unless listed in `usuarios`). */
  autorUid?: string | null;
  /** With a key, a second call for the same shipper and key does nothing (periodic checks). */
  chave?: string;
};

type Destinatario = { uid: string; login: string; nome: string };
const NENHUM = { destinatarios: 0, emails: 0 };

export async function notificar(tx: DbOrTx, n: Notificacao): Promise<{ destinatarios: number; emails: number }> {
  const def = tipoNotificacao(n.tipo);
  if (!def) throw new Error(`tipo de notificação desconhecido: ${n.tipo}`);
  if (n.chave) {
    const novo = await tx.insert(notificacaoDisparos).values({ embarcadorUid: n.embarcadorUid, chave: n.chave }).onConflictDoNothing().returning();
    if (!novo.length) return NENHUM;
  }
  const [p] = await tx
    .select()
    .from(notificacaoParametros)
    .where(and(eq(notificacaoParametros.embarcadorUid, n.embarcadorUid), eq(notificacaoParametros.tipo, n.tipo)));
  // No parameter yet: the product's default channels and recipients apply.
  const canais = p ? { app: p.ativo && p.app, email: p.ativo && p.email } : { app: def.app, email: def.email };
  if (!canais.app && !canais.email) return NENHUM;

  const para = await destinatarios(tx, n, def.destino, p?.grupoUids ?? [], def.recurso, def.permissao);
  if (!para.length) return NENHUM;

  const titulo = (n.registro?.titulo ?? def.label).slice(0, 200);
  const linhas = canais.app
    ? await tx
        .insert(notificacoes)
        .values(para.map((d) => ({
          embarcadorUid: n.embarcadorUid, usuarioUid: d.uid, tipo: n.tipo, recurso: n.registro?.recurso ?? def.recurso,
          registroUid: n.registro?.uid ?? null, titulo, mensagem: n.mensagem, link: n.link ?? null,
        })))
        .returning({ uid: notificacoes.uid, usuarioUid: notificacoes.usuarioUid })
    : [];
  let emails = 0;
  if (canais.email) {
    const porUsuario = new Map(linhas.map((l) => [l.usuarioUid, l.uid]));
    const comEmail = para.filter((d) => d.login.includes('@'));
    if (comEmail.length) {
      await tx.insert(notificacaoEmails).values(comEmail.map((d) => ({
        notificacaoUid: porUsuario.get(d.uid) ?? null,
        para: d.login,
        assunto: `Fretio: ${def.label}`.slice(0, 200),
        texto: `Olá, ${d.nome}.\n\n${titulo}\n${n.mensagem}`,
        link: n.link ?? null,
      })));
      emails = comEmail.length;
      avisarEmailsPendentes();
    }
  }
  return { destinatarios: para.length, emails };
}

/**
 * Active users with an active membership in the shipper. Carrier kinds: the carrier's users. Shipper
 * kinds: the members of the parameter's active groups, or, with no group, those whose role has the
 * kind's permission (system administrators included); plus the named users; minus the author.
 */
async function destinatarios(
  tx: DbOrTx, n: Notificacao, destino: 'embarcador' | 'transportador', grupoUids: string[], recurso: string, permissao: string | null,
): Promise<Destinatario[]> {
  const extras = n.usuarios ?? [];
  const uids = (a: string[]) => sql`array[${sql.join([sql`null`, ...a.map((u) => sql`${u}`)], sql`, `)}]::uuid[]`;
  let quem: ReturnType<typeof sql>;
  if (destino === 'transportador') {
    if (!n.transportadorUid) throw new Error(`${n.tipo}: transportadorUid é obrigatório`);
    quem = sql`u.tipo_usuario = ${TIPO_USUARIO.TRANSPORTADOR} and u.transportador_uid = ${n.transportadorUid}`;
  } else {
    const porGrupo = sql`u.uid in (select unnest(g.usuario_uids) from notificacao_grupos g
      where g.embarcador_uid = ${n.embarcadorUid} and g.ativo and g.uid = any(${uids(grupoUids)}))`;
    const porPermissao = permissao
      ? sql`(u.tipo_usuario = ${TIPO_USUARIO.ADMIN} or coalesce(p.permissoes -> ${recurso}, '[]'::jsonb) ? ${permissao})`
      : sql`false`;
    quem = sql`u.tipo_usuario <> ${TIPO_USUARIO.TRANSPORTADOR} and ${grupoUids.length ? porGrupo : porPermissao}`;
  }
  const res = (await tx.execute(sql`
    select u.uid, u.login, u.nome from usuarios u
    join usuario_embarcador ue on ue.usuario_uid = u.uid and ue.embarcador_uid = ${n.embarcadorUid} and ue.ativo
    left join papeis p on p.uid = ue.papel_uid
    where u.status_usuario = ${USUARIO_STATUS.ATIVO}
      and ((${quem}) and u.uid is distinct from ${n.autorUid ?? null}::uuid or u.uid = any(${uids(extras)}))
    order by u.nome`)) as unknown as { rows: Destinatario[] };
  return res.rows;
}
