import { and, asc, eq, gt, isNull, or, sql } from 'drizzle-orm';
import { TIPO_USUARIO, USUARIO_STATUS } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { apiTokens, embarcadores, papeis, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';

// The queries sign-in and every request's context need: small, indexed, one round trip each.
export function identidadeRepository(db: Db) {
  // Every request runs this query: it is built once and prepared under a name, so neither drizzle
  // (building the SQL cost ~0.5 ms of CPU per request) nor PostgreSQL (parse and plan) redo it.
  let preparada: ReturnType<typeof prepararContexto> | undefined;
  const consultaContexto = () => {
    preparada ??= prepararContexto(db);
    return preparada;
  };
  return {
    async usuarioPorLogin(login: string) {
      const [u] = await db.select().from(usuarios).where(eq(usuarios.login, login)).limit(1);
      return u ?? null;
    },
    /** The session version of an active user; null when the user is gone or not active. */
    async sessaoVersao(uid: string): Promise<number | null> {
      const [u] = await db.select({ v: usuarios.sessaoVersao }).from(usuarios).where(and(eq(usuarios.uid, uid), eq(usuarios.statusUsuario, USUARIO_STATUS.ATIVO)));
      return u?.v ?? null;
    },
    /** Every session issued before this call stops working (sessions carry the version they began with). */
    async revogarSessoes(uid: string) {
      await db.update(usuarios).set({ sessaoVersao: sql`${usuarios.sessaoVersao} + 1` }).where(eq(usuarios.uid, uid));
    },
    async registrarLogin(uid: string) {
      await db.update(usuarios).set({ ultimoLogin: sql`now()` }).where(eq(usuarios.uid, uid));
    },
    async pertenceAoEmbarcador(usuarioUid: string, embarcadorUid: string) {
      const [u] = await db.select({ tipo: usuarios.tipoUsuario }).from(usuarios).where(eq(usuarios.uid, usuarioUid));
      if (u?.tipo === TIPO_USUARIO.ADMIN) {
        return (await db.select({ uid: embarcadores.uid }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid))).length > 0;
      }
      const rows = await db
        .select({ uid: usuarioEmbarcador.uid })
        .from(usuarioEmbarcador)
        .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid), eq(usuarioEmbarcador.ativo, true)));
      return rows.length > 0;
    },
    /** The shipper a session starts in: the last one used, else the first by name. */
    async embarcadorInicial(usuarioUid: string): Promise<string | null> {
      const [u] = await db.select({ ultimo: usuarios.ultimoEmbarcadorUid }).from(usuarios).where(eq(usuarios.uid, usuarioUid));
      if (u?.ultimo && (await this.pertenceAoEmbarcador(usuarioUid, u.ultimo))) return u.ultimo;
      const [m] = await db
        .select({ uid: usuarioEmbarcador.embarcadorUid })
        .from(usuarioEmbarcador)
        .innerJoin(embarcadores, eq(embarcadores.uid, usuarioEmbarcador.embarcadorUid))
        .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.ativo, true)))
        .orderBy(asc(embarcadores.nome))
        .limit(1);
      return m?.uid ?? null;
    },
    async lembrarEmbarcador(usuarioUid: string, embarcadorUid: string) {
      await db.update(usuarios).set({ ultimoEmbarcadorUid: embarcadorUid }).where(eq(usuarios.uid, usuarioUid));
    },
    async apiTokenValido(hash: string) {
      const [t] = await db
        .select({ uid: apiTokens.uid, usuarioUid: apiTokens.usuarioUid, embarcadorUid: apiTokens.embarcadorUid })
        .from(apiTokens)
        .where(and(eq(apiTokens.hash, hash), isNull(apiTokens.revogadoEm), or(isNull(apiTokens.expiraEm), gt(apiTokens.expiraEm, sql`now()`))))
        .limit(1);
      if (!t) return null;
      // Last use is kept to the minute: no write on every call.
      await db
        .update(apiTokens)
        .set({ ultimoUso: sql`now()` })
        .where(and(eq(apiTokens.uid, t.uid), or(isNull(apiTokens.ultimoUso), sql`${apiTokens.ultimoUso} < now() - interval '1 minute'`)));
      return t;
    },
    /** User, membership in the requested shipper and its role's permissions, in one query. */
    async contexto(usuarioUid: string, embarcadorUid: string | null) {
      const [row] = await consultaContexto().execute({ usuarioUid, embarcadorUid });
      if (!row) return null;
      const admin = row.tipoUsuario === TIPO_USUARIO.ADMIN;
      const ativo = row.membro ?? (admin ? row.embarcadorExiste : null);
      return {
        usuarioUid: row.usuarioUid,
        login: row.login,
        nome: row.nome,
        tipoUsuario: row.tipoUsuario,
        transportadorUid: row.transportadorUid,
        sessaoVersao: row.sessaoVersao,
        embarcadorUid: ativo ?? null,
        permissoes: (row.permissoes ?? {}) as Record<string, ('ler' | 'criar' | 'alterar' | 'excluir' | 'aprovar')[]>,
      };
    },
  };
}

function prepararContexto(db: Db) {
  const embarcadorUid = sql`${sql.placeholder('embarcadorUid')}::uuid`;
  return db
    .select({
      usuarioUid: usuarios.uid,
      login: usuarios.login,
      nome: usuarios.nome,
      tipoUsuario: usuarios.tipoUsuario,
      transportadorUid: usuarios.transportadorUid,
      sessaoVersao: usuarios.sessaoVersao,
      membro: usuarioEmbarcador.embarcadorUid,
      permissoes: papeis.permissoes,
      embarcadorExiste: embarcadores.uid,
    })
    .from(usuarios)
    .leftJoin(
      usuarioEmbarcador,
      and(eq(usuarioEmbarcador.usuarioUid, usuarios.uid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid), eq(usuarioEmbarcador.ativo, true)),
    )
    .leftJoin(papeis, eq(papeis.uid, usuarioEmbarcador.papelUid))
    .leftJoin(embarcadores, eq(embarcadores.uid, embarcadorUid))
    .where(and(eq(usuarios.uid, sql.placeholder('usuarioUid')), eq(usuarios.statusUsuario, USUARIO_STATUS.ATIVO)))
    .limit(1)
    .prepare('fretio_contexto');
}
