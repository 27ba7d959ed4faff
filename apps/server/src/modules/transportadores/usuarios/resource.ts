import { and, eq } from 'drizzle-orm';
import { TIPO_USUARIO, usuarioTransportador, usuarioTransportadorInput, usuarioTransportadorUpdate } from '@fretio/core';
import { unidadesTransportador, usuarios } from '../../../db/schema/index.ts';
import { defineResource } from '../../../framework/resource.ts';
import { transportadorVisivelPorUid } from '../repository.ts';
import { usuariosVisiveis, validarUsuarioTransportador, vincularAoEmbarcadorAtivo } from './service.ts';

/**
 * A carrier's users (/transportadores/{uid}/usuarios). The framework serves list, get and update;
 * create (activation e-mail after commit) and delete (inactivate, not erase) are in routes.ts and
 * reuse this declaration. The password hash is never selected. A linked shipper that does not maintain
 * the carrier sees only the users that serve it (their logins are personal data) and changes none.
 */
export const usuariosTransportadorResource = defineResource({
  nome: 'Usuário do transportador',
  path: '/transportadores/:uid/usuarios',
  recurso: 'transportadores',
  table: usuarios,
  uid: usuarios.uid,
  scope: {
    where: (ctx, parentUid) =>
      and(eq(usuarios.transportadorUid, parentUid as string), eq(usuarios.tipoUsuario, TIPO_USUARIO.TRANSPORTADOR), usuariosVisiveis(ctx, parentUid as string)),
    values: (_ctx, parentUid) => ({ transportadorUid: parentUid, tipoUsuario: TIPO_USUARIO.TRANSPORTADOR }),
    parentVisible: transportadorVisivelPorUid,
  },
  item: usuarioTransportador,
  input: usuarioTransportadorInput,
  updateInput: usuarioTransportadorUpdate,
  operations: ['list', 'get', 'update'],
  select: {
    uid: usuarios.uid,
    login: usuarios.login,
    nome: usuarios.nome,
    apelido: usuarios.apelido,
    tipoUsuario: usuarios.tipoUsuario,
    statusUsuario: usuarios.statusUsuario,
    transportadorUid: usuarios.transportadorUid,
    unidadeTransportadorUid: usuarios.unidadeTransportadorUid,
    unidadeTransportadorNome: unidadesTransportador.nome,
    ultimoLogin: usuarios.ultimoLogin,
    criadoEm: usuarios.criadoEm,
    atualizadoEm: usuarios.atualizadoEm,
  },
  from: (q) => q.leftJoin(unidadesTransportador, eq(unidadesTransportador.uid, usuarios.unidadeTransportadorUid)),
  sortable: {
    nome: usuarios.nome,
    login: usuarios.login,
    statusUsuario: usuarios.statusUsuario,
    ultimoLogin: usuarios.ultimoLogin,
    criadoEm: usuarios.criadoEm,
  },
  defaultSort: 'nome',
  filters: {
    nome: { column: usuarios.nome, kind: 'text' },
    login: { column: usuarios.login, kind: 'text' },
    statusUsuario: { column: usuarios.statusUsuario, kind: 'int' },
    unidadeTransportadorUid: { column: usuarios.unidadeTransportadorUid, kind: 'uid' },
  },
  hooks: {
    validate: validarUsuarioTransportador,
    async afterWrite(tx, ctx, row, op) {
      if (op === 'create') await vincularAoEmbarcadorAtivo(tx, ctx, String(row.uid));
    },
  },
});
