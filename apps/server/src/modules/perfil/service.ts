import type { FastifyInstance } from 'fastify';
import { type Perfil, TIPO_USUARIO, todasPermissoes } from '@fretio/core';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { AppError } from '../../lib/errors.ts';
import { urlDownload } from '../arquivos/service.ts';
import { perfilRepository } from './repository.ts';

/** The profile context of spec §3 for the signed-in user and the active shipper. */
export async function montarPerfil(app: FastifyInstance, ctx: RequestContext): Promise<Perfil> {
  const repo = perfilRepository(app.db);
  const u = await repo.usuario(ctx.usuarioUid);
  if (!u) throw AppError.unauthenticated();
  const admin = u.tipoUsuario === TIPO_USUARIO.ADMIN;
  const membros = await repo.embarcadoresDoUsuario(u.uid);
  const lista = admin ? await repo.todosEmbarcadores() : membros.map(({ uid, nome }) => ({ uid, nome }));
  const ativo = lista.find((e) => e.uid === ctx.embarcadorUid) ?? null;
  const membroAtivo = membros.find((m) => m.uid === ctx.embarcadorUid);
  const transportador = await repo.transportador(u.transportadorUid, u.unidadeTransportadorUid);
  const foto = urlDownload('foto', u.fotoArquivoUid);
  return {
    uid: u.uid,
    login: u.login,
    foto,
    tipoUsuario: u.tipoUsuario,
    statusUsuario: u.statusUsuario,
    nome: u.nome,
    apelido: u.apelido,
    ultimoLogin: u.ultimoLogin,
    loggedin: true,
    imagemPerfil: { url: foto },
    embarcador: ativo ? { ...ativo, unidade: await repo.unidadeEmbarcador(membroAtivo?.unidadeUid ?? null) } : null,
    transportador,
    embarcadores: lista,
    transportadores: transportador ? [{ uid: transportador.uid, nome: transportador.nome }] : [],
    embarcadorAtivo: ativo,
    signin: 'exists',
    permissoes: admin ? todasPermissoes() : ((membroAtivo?.permissoes ?? {}) as Perfil['permissoes']),
    administrador: admin,
  };
}
