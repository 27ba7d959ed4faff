import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { embarcadores, papeis, transportadores, unidadesEmbarcador, unidadesTransportador, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';

// Reads behind GET /api/v1/perfil.
export function perfilRepository(db: Db) {
  return {
    async usuario(uid: string) {
      const [u] = await db.select().from(usuarios).where(eq(usuarios.uid, uid)).limit(1);
      return u ?? null;
    },
    async embarcadoresDoUsuario(usuarioUid: string) {
      return db
        .select({ uid: embarcadores.uid, nome: embarcadores.nome, unidadeUid: usuarioEmbarcador.unidadeUid, permissoes: papeis.permissoes })
        .from(usuarioEmbarcador)
        .innerJoin(embarcadores, eq(embarcadores.uid, usuarioEmbarcador.embarcadorUid))
        .leftJoin(papeis, eq(papeis.uid, usuarioEmbarcador.papelUid))
        .where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.ativo, true)))
        .orderBy(asc(embarcadores.nome));
    },
    async todosEmbarcadores() {
      return db.select({ uid: embarcadores.uid, nome: embarcadores.nome }).from(embarcadores).orderBy(asc(embarcadores.nome));
    },
    async unidadeEmbarcador(uid: string | null) {
      if (!uid) return null;
      const [u] = await db
        .select({ uid: unidadesEmbarcador.uid, apelido: unidadesEmbarcador.apelido, nome: unidadesEmbarcador.nome, documento: unidadesEmbarcador.documento })
        .from(unidadesEmbarcador)
        .where(eq(unidadesEmbarcador.uid, uid));
      return u ?? null;
    },
    async transportador(uid: string | null, unidadeUid: string | null) {
      if (!uid) return null;
      const [t] = await db.select({ uid: transportadores.uid, nome: transportadores.nome }).from(transportadores).where(eq(transportadores.uid, uid));
      if (!t) return null;
      const [u] = unidadeUid
        ? await db
            .select({ uid: unidadesTransportador.uid, apelido: unidadesTransportador.apelido, nome: unidadesTransportador.nome, documento: unidadesTransportador.documento })
            .from(unidadesTransportador)
            .where(eq(unidadesTransportador.uid, unidadeUid))
        : [];
      return { ...t, unidade: u ?? null };
    },
  };
}
