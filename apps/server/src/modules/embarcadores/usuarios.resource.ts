import { and, eq } from 'drizzle-orm';
import { usuarioEmbarcador as usuarioItem, usuarioEmbarcadorInput } from '@fretio/core';
import { papeis, unidadesEmbarcador, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { embarcadorAtivoEh } from './parent.ts';

// Users of a shipper are memberships (usuario_embarcador) shown with the user's data; the uid is the
// user's. List, get and delete (removes the membership) come from the framework; create and update
// are in usuarios.routes.ts because they touch two tables and send e-mail.
export const usuariosEmbarcadorResource = defineResource({
  nome: 'Usuário do embarcador',
  path: '/embarcadores/:uid/usuarios',
  recurso: 'usuarios',
  table: usuarioEmbarcador,
  uid: usuarioEmbarcador.usuarioUid,
  scope: filhoDe(usuarioEmbarcador.embarcadorUid, 'embarcadorUid', embarcadorAtivoEh),
  item: usuarioItem,
  input: usuarioEmbarcadorInput,
  operations: ['list', 'get', 'delete'],
  select: {
    uid: usuarios.uid,
    login: usuarios.login,
    nome: usuarios.nome,
    apelido: usuarios.apelido,
    tipoUsuario: usuarios.tipoUsuario,
    statusUsuario: usuarios.statusUsuario,
    ultimoLogin: usuarios.ultimoLogin,
    papelUid: usuarioEmbarcador.papelUid,
    papelNome: papeis.nome,
    unidadeUid: usuarioEmbarcador.unidadeUid,
    unidadeNome: unidadesEmbarcador.nome,
    ativo: usuarioEmbarcador.ativo,
    criadoEm: usuarioEmbarcador.criadoEm,
  },
  from: (q) =>
    q
      .innerJoin(usuarios, eq(usuarios.uid, usuarioEmbarcador.usuarioUid))
      .leftJoin(papeis, eq(papeis.uid, usuarioEmbarcador.papelUid))
      .leftJoin(unidadesEmbarcador, and(eq(unidadesEmbarcador.uid, usuarioEmbarcador.unidadeUid))),
  sortable: { nome: usuarios.nome, login: usuarios.login, statusUsuario: usuarios.statusUsuario, ultimoLogin: usuarios.ultimoLogin, papelNome: papeis.nome },
  defaultSort: 'nome',
  filters: {
    nome: { column: usuarios.nome, kind: 'text' },
    login: { column: usuarios.login, kind: 'text' },
    statusUsuario: { column: usuarios.statusUsuario, kind: 'int' },
    tipoUsuario: { column: usuarios.tipoUsuario, kind: 'int' },
    papelUid: { column: usuarioEmbarcador.papelUid, kind: 'uid' },
    ativo: { column: usuarioEmbarcador.ativo, kind: 'bool' },
  },
  hooks: {
    async beforeDelete(_tx, ctx, row) {
      if (row.uid === ctx.usuarioUid) {
        throw AppError.conflict('Você não pode remover o seu próprio acesso.');
      }
    },
  },
});
