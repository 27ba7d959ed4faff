import { sql } from 'drizzle-orm';
import { tipoVeiculo, tipoVeiculoInput } from '@fretio/core';
import { tiposVeiculo } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { tipoVisivel } from './repository.ts';
import { comCapacidades, validarTipoVeiculo } from './service.ts';
import { selecoesTiposVeiculo } from './selecoes.ts';

registerUniqueConstraint('tipos_veiculo_nome_uq', 'nome', 'Já existe um tipo de veículo com este nome.');

const global = sql<boolean>`(${tiposVeiculo.embarcadorUid} is null)`;

/**
 * Vehicle types: the global catalogue (seeded by migration, read-only to shippers: PUT answers 403)
 * plus the active shipper's own types (created here). Another shipper's type answers 404.
 */
export const tiposVeiculoResource = defineResource({
  nome: 'Tipo de veículo',
  path: '/tiposveiculo',
  recurso: 'tiposveiculo',
  table: tiposVeiculo,
  uid: tiposVeiculo.uid,
  scope: { where: (ctx) => tipoVisivel(ctx), values: (ctx) => ({ embarcadorUid: exigirEmbarcador(ctx) }) },
  item: tipoVeiculo,
  input: tipoVeiculoInput,
  operations: ['list', 'get', 'create', 'update'],
  select: {
    uid: tiposVeiculo.uid,
    nome: tiposVeiculo.nome,
    capacidadeKg: tiposVeiculo.capacidadeKg,
    capacidadeM3: tiposVeiculo.capacidadeM3,
    eixos: tiposVeiculo.eixos,
    tipoCarroceria: tiposVeiculo.tipoCarroceria,
    global,
    ativo: tiposVeiculo.ativo,
    criadoEm: tiposVeiculo.criadoEm,
    atualizadoEm: tiposVeiculo.atualizadoEm,
  },
  sortable: {
    nome: tiposVeiculo.nome,
    capacidadeKg: tiposVeiculo.capacidadeKg,
    capacidadeM3: tiposVeiculo.capacidadeM3,
    eixos: tiposVeiculo.eixos,
    tipoCarroceria: tiposVeiculo.tipoCarroceria,
    ativo: tiposVeiculo.ativo,
    criadoEm: tiposVeiculo.criadoEm,
  },
  defaultSort: 'capacidadeKg',
  filters: {
    nome: { column: tiposVeiculo.nome, kind: 'text' },
    tipoCarroceria: { column: tiposVeiculo.tipoCarroceria, kind: 'exact' },
    eixos: { column: tiposVeiculo.eixos, kind: 'int', range: true },
    capacidadeKg: { column: tiposVeiculo.capacidadeKg, kind: 'number', range: true },
    global: { column: global, kind: 'bool' },
    ativo: { column: tiposVeiculo.ativo, kind: 'bool' },
  },
  toItem: comCapacidades,
  hooks: { validate: validarTipoVeiculo },
  selecoes: selecoesTiposVeiculo,
});
