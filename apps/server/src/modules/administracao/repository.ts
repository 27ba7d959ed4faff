import { and, asc, eq, sql } from 'drizzle-orm';
import { TIPO_USUARIO } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import {
  embarcadores, estados, parametrosEmbarcador, pessoas, transportadores, unidadesEmbarcador, unidadesTransportador, usuarioEmbarcador,
} from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { transportadorVisivel } from '../transportadores/repository.ts';

// What our records know about a CNPJ, limited to what the caller may see; the shipper's parameters.

export type CadastroCnpj = {
  tipo: 'pessoa' | 'transportador' | 'embarcador' | 'unidade' | 'unidadeTransportador';
  uid: string;
  nome: string;
  nomeFantasia: string | null;
  email: string | null;
  telefone: string | null;
  cep: string | null;
  uf: string | null;
  municipioIbge: string | null;
};

const nulos = { nomeFantasia: sql<null>`null`, email: sql<null>`null`, telefone: sql<null>`null` };

export async function cadastrosPorCnpj(db: Db, ctx: RequestContext, cnpj: string): Promise<CadastroCnpj[]> {
  const emb = ctx.embarcadorUid;
  const transportador = ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR;
  const consultas: Promise<Omit<CadastroCnpj, 'tipo'>[]>[] = [];
  const tipos: CadastroCnpj['tipo'][] = [];
  const add = (tipo: CadastroCnpj['tipo'], q: Promise<Omit<CadastroCnpj, 'tipo'>[]>) => {
    tipos.push(tipo);
    consultas.push(q);
  };
  if (emb && !transportador) {
    add('pessoa', db.select({
      uid: pessoas.uid, nome: pessoas.nome, nomeFantasia: pessoas.nomeFantasia, email: pessoas.email, telefone: pessoas.telefone,
      cep: pessoas.cep, uf: pessoas.uf, municipioIbge: pessoas.municipioIbge,
    }).from(pessoas).where(and(eq(pessoas.embarcadorUid, emb), eq(pessoas.documento, cnpj))));
    add('unidade', db.select({
      uid: unidadesEmbarcador.uid, nome: unidadesEmbarcador.nome, ...nulos, cep: unidadesEmbarcador.cep, uf: unidadesEmbarcador.uf, municipioIbge: unidadesEmbarcador.municipioIbge,
    }).from(unidadesEmbarcador).where(and(eq(unidadesEmbarcador.embarcadorUid, emb), eq(unidadesEmbarcador.documento, cnpj))));
  }
  if (!transportador) {
    // The shippers the user belongs to (any of them, not only the active one).
    add('embarcador', db.select({
      uid: embarcadores.uid, nome: embarcadores.nome, nomeFantasia: embarcadores.nomeFantasia, email: embarcadores.email, telefone: embarcadores.telefone,
      cep: embarcadores.cep, uf: embarcadores.uf, municipioIbge: embarcadores.municipioIbge,
    }).from(embarcadores).where(and(
      eq(embarcadores.cnpj, cnpj),
      ctx.tipoUsuario === TIPO_USUARIO.ADMIN ? undefined
        : sql`${embarcadores.uid} in (select ${usuarioEmbarcador.embarcadorUid} from ${usuarioEmbarcador} where ${usuarioEmbarcador.usuarioUid} = ${ctx.usuarioUid} and ${usuarioEmbarcador.ativo})`,
    )));
  }
  // Carriers are one register for the whole system (shipper users look them up to link them, as in
  // transportadores/consulta-cnpj); a carrier user sees only its own.
  add('transportador', db.select({
    uid: transportadores.uid, nome: transportadores.nome, nomeFantasia: transportadores.nomeFantasia, email: transportadores.email, telefone: transportadores.telefone,
    cep: transportadores.cep, uf: transportadores.uf, municipioIbge: transportadores.municipioIbge,
  }).from(transportadores).where(and(eq(transportadores.cnpj, cnpj), transportador ? eq(transportadores.uid, ctx.transportadorUid ?? sql`null`) : undefined)));
  if (emb || ctx.transportadorUid) {
    add('unidadeTransportador', db.select({
      uid: unidadesTransportador.uid, nome: unidadesTransportador.nome, ...nulos, cep: unidadesTransportador.cep, uf: unidadesTransportador.uf, municipioIbge: unidadesTransportador.municipioIbge,
    }).from(unidadesTransportador).where(and(eq(unidadesTransportador.documento, cnpj), transportadorVisivel(ctx, unidadesTransportador.transportadorUid))));
  }
  const resultados = await Promise.all(consultas);
  return resultados.flatMap((rows, i) => rows.map((r) => ({ ...r, tipo: tipos[i] })));
}

export const listarUfs = (db: Db) => db.select().from(estados).orderBy(asc(estados.sigla));

export const parametrosDoEmbarcador = (db: DbOrTx, embarcadorUid: string) =>
  db.select().from(parametrosEmbarcador).where(eq(parametrosEmbarcador.embarcadorUid, embarcadorUid));
