import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import { prioridade, prioridadeInput, tabelaRota, tabelaRotaInput, type z } from '@fretio/core';
import { prioridades, rotas, tabelaFreteRotas, tiposVeiculo } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import {
  colunasNomesLocais,
  filtrosOrigemDestino,
  itemComLocais,
  juntarNomesLocais,
  validarOrigemDestino,
  valoresComLocais,
} from '../regioes/local-ref.ts';
import { antesDeAlterar, depoisDeAlterar, filhoDaTabela, proximaOrdem, tabelaDe } from './comum.ts';
import { n2 } from './itens.ts';
import { tabelaParaAlterar, tocarTabela } from './repository.ts';

const COLUNAS_LOCAL = ['Tipo', 'Uf', 'Ibge', 'RegiaoUid', 'CepDe', 'CepAte'] as const;
const numeroTexto = (v: unknown) => (v === null || v === undefined ? null : String(v));

/**
 * /tabelasfrete/{uid}/rotas: the routes of a table (the engine's Rota): origin → destination, deadline
 * in business days, minimum freight, distance, vehicle type. With rotaUid the places and distance
 * default to the registered route's.
 */
export const tabelaRotasResource = defineResource({
  nome: 'Rota da tabela de frete',
  path: '/tabelasfrete/:uid/rotas',
  recurso: 'tabelasfrete',
  table: tabelaFreteRotas,
  uid: tabelaFreteRotas.uid,
  scope: filhoDaTabela(tabelaFreteRotas.tabelaFreteUid),
  item: tabelaRota,
  input: tabelaRotaInput as unknown as z.ZodObject,
  select: {
    ...getTableColumns(tabelaFreteRotas),
    rotaNome: rotas.nome,
    quantidadeRegras: sql<number>`(select count(*)::int from regras rg where rg.tabela_rota_uid = "tabela_frete_rotas"."uid")`.mapWith(
      Number,
    ),
    ...colunasNomesLocais,
  },
  from: (q) => juntarNomesLocais(q.leftJoin(rotas, eq(rotas.uid, tabelaFreteRotas.rotaUid)), tabelaFreteRotas),
  toItem: (row) => ({
    ...itemComLocais(row),
    freteMinimo: n2(row.freteMinimo),
    distanciaKm: n2(row.distanciaKm),
    fatorCubagem: n2(row.fatorCubagem),
  }),
  toValues: (input) => ({
    ...valoresComLocais(input),
    freteMinimo: numeroTexto(input.freteMinimo),
    distanciaKm: numeroTexto(input.distanciaKm),
    fatorCubagem: numeroTexto(input.fatorCubagem),
  }),
  sortable: {
    ordem: tabelaFreteRotas.ordem,
    prazoDiasUteis: tabelaFreteRotas.prazoDiasUteis,
    freteMinimo: tabelaFreteRotas.freteMinimo,
    origemUf: tabelaFreteRotas.origemUf,
    destinoUf: tabelaFreteRotas.destinoUf,
    criadoEm: tabelaFreteRotas.criadoEm,
  },
  defaultSort: 'ordem',
  filters: {
    rotaUid: { column: tabelaFreteRotas.rotaUid, kind: 'uid' },
    ...filtrosOrigemDestino(tabelaFreteRotas),
    tipoVeiculoUid: { column: tabelaFreteRotas.tipoVeiculoUid, kind: 'uid' },
    prazoDiasUteis: { column: tabelaFreteRotas.prazoDiasUteis, kind: 'int', range: true },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      const t = await antesDeAlterar(tx, values, existing);
      const embarcadorUid = exigirEmbarcador(ctx);
      if (values.rotaUid) {
        const [r] = await tx
          .select()
          .from(rotas)
          .where(and(eq(rotas.uid, values.rotaUid as string), eq(rotas.embarcadorUid, embarcadorUid)));
        if (!r) throw AppError.field('rotaUid', 'Rota não encontrada no cadastro');
        for (const p of ['origem', 'destino'] as const) {
          if (values[`${p}Tipo`]) continue;
          for (const c of COLUNAS_LOCAL) values[`${p}${c}`] = r[`${p}${c}`];
        }
        values.distanciaKm ??= r.distanciaKm;
      }
      await validarOrigemDestino(tx, embarcadorUid, values);
      if (values.tipoVeiculoUid) {
        const [tv] = await tx
          .select({ uid: tiposVeiculo.uid })
          .from(tiposVeiculo)
          .where(
            and(
              eq(tiposVeiculo.uid, values.tipoVeiculoUid as string),
              or(isNull(tiposVeiculo.embarcadorUid), eq(tiposVeiculo.embarcadorUid, embarcadorUid)),
            ),
          );
        if (!tv) throw AppError.field('tipoVeiculoUid', 'Tipo de veículo não encontrado');
      }
      const mesma = COLUNAS_LOCAL.flatMap((c) => [`origem${c}`, `destino${c}`]).map(
        (k) => sql`${sql.identifier(k.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`))} is not distinct from ${values[k] ?? null}`,
      );
      const [dup] = await tx
        .select({ uid: tabelaFreteRotas.uid })
        .from(tabelaFreteRotas)
        .where(
          and(
            eq(tabelaFreteRotas.tabelaFreteUid, t.uid),
            ...mesma,
            sql`${tabelaFreteRotas.tipoVeiculoUid} is not distinct from ${values.tipoVeiculoUid ?? null}`,
            existing ? ne(tabelaFreteRotas.uid, existing.uid as string) : undefined,
          ),
        )
        .limit(1);
      if (dup) {
        const msg = 'A tabela já tem uma rota com esta origem, destino e tipo de veículo.';
        throw AppError.conflict(msg, [{ field: 'destino', message: msg }]);
      }
      if (!existing) values.ordem = await proximaOrdem(tx, 'tabela_frete_rotas', sql`tabela_frete_uid = ${t.uid}`);
    },
    afterWrite: (tx, ctx, row) => depoisDeAlterar(tx, ctx, row.tabelaFreteUid as string),
    async beforeDelete(tx, _ctx, existing) {
      await tabelaParaAlterar(tx, tabelaDe({}, existing));
      await tocarTabela(tx, existing.tabelaFreteUid as string);
    },
  },
});

/**
 * /tabelasfrete/{uid}/prioridades: the table's priority on a lane (origin and/or destination; empty
 * = any). The calculator ranks equal totals and deadlines by priority, lower first: the most specific
 * matching entry, else the table's own prioridade.
 */
export const prioridadesResource = defineResource({
  nome: 'Prioridade da tabela de frete',
  path: '/tabelasfrete/:uid/prioridades',
  recurso: 'tabelasfrete',
  table: prioridades,
  uid: prioridades.uid,
  scope: filhoDaTabela(prioridades.tabelaFreteUid),
  item: prioridade,
  input: prioridadeInput,
  select: { ...getTableColumns(prioridades), ...colunasNomesLocais },
  from: (q) => juntarNomesLocais(q, prioridades),
  toItem: itemComLocais,
  toValues: valoresComLocais,
  sortable: { prioridade: prioridades.prioridade, criadoEm: prioridades.criadoEm },
  defaultSort: 'prioridade',
  filters: { prioridade: { column: prioridades.prioridade, kind: 'int', range: true } },
  hooks: {
    async validate(tx, ctx, values, existing) {
      await antesDeAlterar(tx, values, existing, { derivadaPode: true });
      await validarOrigemDestino(tx, exigirEmbarcador(ctx), values);
    },
    afterWrite: (tx, ctx, row) => depoisDeAlterar(tx, ctx, row.tabelaFreteUid as string),
    async beforeDelete(tx, _ctx, existing) {
      await tabelaParaAlterar(tx, tabelaDe({}, existing));
      await tocarTabela(tx, existing.tabelaFreteUid as string);
    },
  },
});
