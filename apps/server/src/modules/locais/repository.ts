import { and, asc, eq, inArray, or, sql } from 'drizzle-orm';
import { TIPO_USUARIO, municipioItem, z } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import {
  embarcadorTransportador, embarcadores, estados, faixasCepUf, municipios, paises, pessoas, transportadores,
  unidadesEmbarcador, unidadesTransportador,
} from '../../db/schema/index.ts';
import { type ResourceDef, global } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

// Queries over the reference data of places and over our own records that carry a CEP.
type Col = typeof municipios.nome | typeof paises.nome;
const contem = (col: Col, q: string) =>
  sql`f_norm(${col}) like '%' || f_norm(${q.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;
const comecaCom = (col: Col, q: string) =>
  sql`f_norm(${col}) like f_norm(${q.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`;

export const rotuloMunicipio = (m: { nome: string; uf: string; ibge: string }) => `${m.nome}, ${m.uf} - ${m.ibge}`;

/** municipios as a list declaration (not registered: the route has no permission, only a session). */
export const municipiosDef: ResourceDef = {
  nome: 'Município',
  path: '/locais/municipios',
  recurso: 'locais',
  table: municipios,
  uid: municipios.ibge,
  scope: global,
  item: municipioItem,
  input: z.object({}),
  sortable: { nome: municipios.nome, uf: municipios.uf, ibge: municipios.ibge },
  defaultSort: 'nome',
  filters: {
    uf: { column: municipios.uf, kind: 'exact' },
    nome: { column: municipios.nome, kind: 'text' },
    ibge: { column: municipios.ibge, kind: 'exact' },
  },
  operations: ['list'],
  toItem: (r) => ({ ibge: r.ibge, nome: r.nome, uf: r.uf, label: rotuloMunicipio(r as { nome: string; uf: string; ibge: string }) }),
};

export const listarEstados = (db: Db) => db.select().from(estados).orderBy(asc(estados.nome));

export const listarPaises = (db: Db, q?: string) => {
  const where = q ? or(contem(paises.nome, q), eq(paises.sigla, q.toUpperCase()), eq(paises.codigo, q.padStart(4, '0'))) : undefined;
  // Brazil first, then by name.
  return db.select().from(paises).where(where).orderBy(sql`${paises.codigo} <> '1058'`, asc(paises.nome));
};

/** Search-as-you-type: names starting with q first, then containing it; or an IBGE code prefix. */
export function buscarMunicipios(db: Db, opts: { q?: string; uf?: string; limite: number }) {
  const q = opts.q?.trim() ?? '';
  const porCodigo = /^\d+$/.test(q);
  const filtro = !q ? undefined : porCodigo ? sql`${municipios.ibge} like ${`${q}%`}` : contem(municipios.nome, q);
  return db
    .select()
    .from(municipios)
    .where(and(opts.uf ? eq(municipios.uf, opts.uf) : undefined, filtro))
    .orderBy(...(q && !porCodigo ? [sql`(${comecaCom(municipios.nome, q)}) desc`] : []), asc(municipios.nome), asc(municipios.uf))
    .limit(opts.limite);
}

export async function municipioPorIbge(db: Db, ibge: string) {
  const [m] = await db.select().from(municipios).where(eq(municipios.ibge, ibge)).limit(1);
  return m ?? null;
}

/** The UF whose Correios range holds the CEP (8 digits), or null. */
export async function ufDaFaixa(db: Db, cep: string): Promise<string | null> {
  const [f] = await db
    .select({ uf: faixasCepUf.uf })
    .from(faixasCepUf)
    .where(and(sql`${faixasCepUf.cepInicio} <= ${cep}`, sql`${faixasCepUf.cepFim} >= ${cep}`))
    .limit(1);
  return f?.uf ?? null;
}

export type EnderecoRegistro = {
  uf: string | null;
  municipioIbge: string | null;
  logradouro: string | null;
  bairro: string | null;
  atualizadoEm: string;
};

/**
 * What the caller's own records say about a CEP: the active shipper's people, units and own record,
 * its carriers and their units (a carrier user: only its own carrier and units). Never other tenants' data.
 */
export async function enderecosDoCadastro(db: Db, ctx: RequestContext, cep: string): Promise<EnderecoRegistro[]> {
  const consultas: Promise<EnderecoRegistro[]>[] = [];
  const vazio = { logradouro: sql<null>`null`, bairro: sql<null>`null` };
  // A carrier user sees its own carrier only, not the records of the shippers it serves.
  const emb = ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR ? null : ctx.embarcadorUid;
  if (emb) {
    consultas.push(
      db.select({ uf: pessoas.uf, municipioIbge: pessoas.municipioIbge, logradouro: pessoas.logradouro, bairro: pessoas.bairro, atualizadoEm: pessoas.atualizadoEm })
        .from(pessoas).where(and(eq(pessoas.embarcadorUid, emb), eq(pessoas.cep, cep))).limit(20),
      db.select({ uf: unidadesEmbarcador.uf, municipioIbge: unidadesEmbarcador.municipioIbge, ...vazio, atualizadoEm: unidadesEmbarcador.atualizadoEm })
        .from(unidadesEmbarcador).where(and(eq(unidadesEmbarcador.embarcadorUid, emb), eq(unidadesEmbarcador.cep, cep))).limit(20),
      db.select({ uf: embarcadores.uf, municipioIbge: embarcadores.municipioIbge, ...vazio, atualizadoEm: embarcadores.atualizadoEm })
        .from(embarcadores).where(and(eq(embarcadores.uid, emb), eq(embarcadores.cep, cep))),
    );
  }
  const meus = emb
    ? db.select({ uid: embarcadorTransportador.transportadorUid }).from(embarcadorTransportador).where(eq(embarcadorTransportador.embarcadorUid, emb))
    : null;
  const doTransportador = (col: typeof transportadores.uid | typeof unidadesTransportador.transportadorUid) =>
    or(meus ? inArray(col, meus) : undefined, ctx.transportadorUid ? eq(col, ctx.transportadorUid) : undefined);
  if (emb || ctx.transportadorUid) {
    consultas.push(
      db.select({ uf: transportadores.uf, municipioIbge: transportadores.municipioIbge, ...vazio, atualizadoEm: transportadores.atualizadoEm })
        .from(transportadores).where(and(eq(transportadores.cep, cep), doTransportador(transportadores.uid))).limit(20),
      db.select({ uf: unidadesTransportador.uf, municipioIbge: unidadesTransportador.municipioIbge, ...vazio, atualizadoEm: unidadesTransportador.atualizadoEm })
        .from(unidadesTransportador).where(and(eq(unidadesTransportador.cep, cep), doTransportador(unidadesTransportador.transportadorUid))).limit(20),
    );
  }
  return (await Promise.all(consultas)).flat();
}
