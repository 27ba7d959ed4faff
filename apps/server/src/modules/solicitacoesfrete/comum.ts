import { type SQL, type SQLWrapper, eq, sql } from 'drizzle-orm';
import { alias, type PgColumn } from 'drizzle-orm/pg-core';
import { municipios, pessoas, tiposVeiculo } from '../../db/schema/index.ts';
import type { FromBuilder } from '../../framework/resource.ts';
import { numeros } from './carga.ts';

// The columns a request and a quotation share in their item: places with names, parties, vehicle
// type and the cargo totals (from the NF-es when there are any, else from the product lines).

const munO = alias(municipios, 'mun_origem');
const munD = alias(municipios, 'mun_destino');
const rem = alias(pessoas, 'remetente');
const dest = alias(pessoas, 'destinatario');

type Tabela = {
  origemMunicipioIbge: PgColumn;
  destinoMunicipioIbge: PgColumn;
  remetenteUid: PgColumn;
  destinatarioUid: PgColumn;
  tipoVeiculoUid: PgColumn;
  uid: PgColumn;
};

function totais(dono: 'solicitacao_uid' | 'cotacao_uid', uid: SQLWrapper) {
  const soma = (col: string) =>
    sql`coalesce((select sum(n.${sql.raw(col)}) from carga_nfes n where n.${sql.raw(dono)} = ${uid}), (select sum(p.${sql.raw(col)}) from carga_produtos p where p.${sql.raw(dono)} = ${uid}), 0)`;
  return {
    pesoTotalKg: soma('peso_kg') as SQL<string>,
    volumeTotalM3: soma('volume_m_3') as SQL<string>,
    valorTotal: soma('valor') as SQL<string>,
    quantidadeNfes: sql<number>`(select count(*)::int from carga_nfes n where n.${sql.raw(dono)} = ${uid})`.mapWith(Number),
  };
}

export function colunasComuns(t: Tabela, dono: 'solicitacao_uid' | 'cotacao_uid') {
  return {
    origemMunicipioNome: munO.nome,
    origemUf: munO.uf,
    destinoMunicipioNome: munD.nome,
    destinoUf: munD.uf,
    remetenteNome: rem.nome,
    destinatarioNome: dest.nome,
    tipoVeiculoNome: tiposVeiculo.nome,
    ...totais(dono, t.uid),
  };
}

export function joinsComuns(q: FromBuilder, t: Tabela): FromBuilder {
  return q
    .leftJoin(munO, eq(munO.ibge, t.origemMunicipioIbge))
    .leftJoin(munD, eq(munD.ibge, t.destinoMunicipioIbge))
    .leftJoin(rem, eq(rem.uid, t.remetenteUid))
    .leftJoin(dest, eq(dest.uid, t.destinatarioUid))
    .leftJoin(tiposVeiculo, eq(tiposVeiculo.uid, t.tipoVeiculoUid));
}

export const itemComum = (r: Record<string, unknown>) => numeros(r, ['pesoTotalKg', 'volumeTotalM3', 'valorTotal']);
