import { sql } from 'drizzle-orm';
import { motorista, motoristaInput } from '@fretio/core';
import { motoristas } from '../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { dadosPessoaisVisiveis, ehEmbarcador, exigirPodeAlterarTransportador } from '../transportadores/propriedade.ts';
import { transportadorVisivelPorUid } from '../transportadores/repository.ts';
import { mascararMotorista } from './dados-pessoais.ts';
import { cnhVencidaSql } from './repository.ts';
import { selecaoMotoristas } from './selecoes.ts';

const CPF_DUPLICADO = 'Já existe um motorista deste transportador com este CPF.';
const CNH_DUPLICADA = 'Já existe um motorista deste transportador com esta CNH.';
registerUniqueConstraint('motoristas_cpf_uq', 'cpf', CPF_DUPLICADO);
registerUniqueConstraint('motoristas_cnh_uq', 'cnhNumero', CNH_DUPLICADA);

/**
 * A carrier's drivers (/transportadores/{uid}/motoristas): visible when the carrier is (the carriers
 * module's check), 404 otherwise. The framework serves list and get; create and update are in
 * routes.ts (their reply warns about an expired CNH). Only the carrier's owner writes them; CPF, CNH and
 * phone are personal data, masked for other shippers (dados-pessoais.ts) and never matched by their filters.
 */
export const motoristasResource = defineResource({
  nome: 'Motorista',
  path: '/transportadores/:uid/motoristas',
  recurso: 'transportadores',
  table: motoristas,
  uid: motoristas.uid,
  scope: filhoDe(motoristas.transportadorUid, 'transportadorUid', transportadorVisivelPorUid),
  item: motorista,
  input: motoristaInput,
  unicos: { cpf: CPF_DUPLICADO, cnhNumero: CNH_DUPLICADA },
  operations: ['list', 'get'],
  // CPF, CNH and phone only where ctx may read them (transportadores/propriedade.ts); masked otherwise.
  select: (ctx) => ({
    uid: motoristas.uid,
    transportadorUid: motoristas.transportadorUid,
    nome: motoristas.nome,
    cpf: motoristas.cpf,
    cnhNumero: motoristas.cnhNumero,
    cnhCategoria: motoristas.cnhCategoria,
    cnhValidade: motoristas.cnhValidade,
    cnhVencida: cnhVencidaSql,
    telefone: motoristas.telefone,
    cadastradoPorEmbarcadorUid: motoristas.cadastradoPorEmbarcadorUid,
    ativo: motoristas.ativo,
    criadoEm: motoristas.criadoEm,
    atualizadoEm: motoristas.atualizadoEm,
    dadosVisiveis: sql<boolean>`${dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid) ?? sql`true`}`,
  }),
  toItem: ({ dadosVisiveis, ...m }) => (dadosVisiveis ? m : mascararMotorista(m as Parameters<typeof mascararMotorista>[0])),
  sortable: {
    nome: motoristas.nome,
    cnhCategoria: motoristas.cnhCategoria,
    cnhValidade: motoristas.cnhValidade,
    ativo: motoristas.ativo,
    criadoEm: motoristas.criadoEm,
  },
  defaultSort: 'nome',
  filters: {
    nome: { column: motoristas.nome, kind: 'text' },
    cpf: { column: motoristas.cpf, kind: 'text' },
    cnhNumero: { column: motoristas.cnhNumero, kind: 'text' },
    cnhCategoria: { column: motoristas.cnhCategoria, kind: 'exact' },
    cnhValidade: { column: motoristas.cnhValidade, kind: 'date', range: true },
    cnhVencida: { column: cnhVencidaSql, kind: 'bool' },
    ativo: { column: motoristas.ativo, kind: 'bool' },
  },
  // Filtering by a personal field only reaches the rows whose data ctx may read: no guessing a CPF by filter.
  // No sorting by cpf either: the order of masked rows among drivers one registered oneself would reveal
  // the hidden digits (a binary search with made-up CPFs).
  listWhere: (q, ctx) =>
    q.ftr_cpf || q.ftr_cnhNumero ? dadosPessoaisVisiveis(ctx, motoristas.transportadorUid, motoristas.cadastradoPorEmbarcadorUid) : undefined,
  hooks: {
    async validate(tx, ctx, values, existing) {
      await exigirPodeAlterarTransportador(tx, ctx, String(values.transportadorUid ?? existing?.transportadorUid));
      if (!existing) values.cadastradoPorEmbarcadorUid = ehEmbarcador(ctx) ? ctx.embarcadorUid : null;
    },
  },
  selecoes: [selecaoMotoristas],
});
