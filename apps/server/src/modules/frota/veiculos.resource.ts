import { eq } from 'drizzle-orm';
import { normalizarPlaca, veiculo, veiculoInput } from '@fretio/core';
import { tiposVeiculo, veiculos } from '../../db/schema/index.ts';
import { defineResource, filhoDe } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirPodeAlterarTransportador } from '../transportadores/propriedade.ts';
import { transportadorVisivelPorUid } from '../transportadores/repository.ts';
import { comCapacidades, validarVeiculo } from './service.ts';
import { selecaoVeiculos } from './selecoes.ts';

const PLACA_DUPLICADA = 'Já existe um veículo deste transportador com esta placa.';
const RENAVAM_DUPLICADO = 'Já existe um veículo deste transportador com este RENAVAM.';
registerUniqueConstraint('veiculos_placa_uq', 'placa', PLACA_DUPLICADA);
registerUniqueConstraint('veiculos_renavam_uq', 'renavam', RENAVAM_DUPLICADO);

/** A carrier's vehicles (/transportadores/{uid}/veiculos): visible when the carrier is, 404 otherwise. */
export const veiculosResource = defineResource({
  nome: 'Veículo',
  path: '/transportadores/:uid/veiculos',
  recurso: 'transportadores',
  table: veiculos,
  uid: veiculos.uid,
  scope: filhoDe(veiculos.transportadorUid, 'transportadorUid', transportadorVisivelPorUid),
  item: veiculo,
  input: veiculoInput,
  unicos: { placa: PLACA_DUPLICADA, renavam: RENAVAM_DUPLICADO },
  operations: ['list', 'get', 'create', 'update'],
  select: {
    uid: veiculos.uid,
    transportadorUid: veiculos.transportadorUid,
    placa: veiculos.placa,
    renavam: veiculos.renavam,
    tipoVeiculoUid: veiculos.tipoVeiculoUid,
    tipoVeiculoNome: tiposVeiculo.nome,
    capacidadeKg: veiculos.capacidadeKg,
    capacidadeM3: veiculos.capacidadeM3,
    ano: veiculos.ano,
    proprietario: veiculos.proprietario,
    ufLicenciamento: veiculos.ufLicenciamento,
    ativo: veiculos.ativo,
    criadoEm: veiculos.criadoEm,
    atualizadoEm: veiculos.atualizadoEm,
  },
  from: (q) => q.innerJoin(tiposVeiculo, eq(tiposVeiculo.uid, veiculos.tipoVeiculoUid)),
  sortable: {
    placa: veiculos.placa,
    tipoVeiculoNome: tiposVeiculo.nome,
    capacidadeKg: veiculos.capacidadeKg,
    ano: veiculos.ano,
    proprietario: veiculos.proprietario,
    ativo: veiculos.ativo,
    criadoEm: veiculos.criadoEm,
  },
  defaultSort: 'placa',
  filters: {
    placa: { column: veiculos.placa, kind: 'text', normalize: normalizarPlaca },
    renavam: { column: veiculos.renavam, kind: 'text' },
    tipoVeiculoUid: { column: veiculos.tipoVeiculoUid, kind: 'uid' },
    proprietario: { column: veiculos.proprietario, kind: 'exact' },
    ufLicenciamento: { column: veiculos.ufLicenciamento, kind: 'exact' },
    ano: { column: veiculos.ano, kind: 'int', range: true },
    ativo: { column: veiculos.ativo, kind: 'bool' },
  },
  toItem: comCapacidades,
  hooks: {
    // The carrier's own fleet: written only by its owner (403 for other linked shippers).
    async validate(tx, ctx, values, existing) {
      await exigirPodeAlterarTransportador(tx, ctx, String(values.transportadorUid ?? existing?.transportadorUid));
      await validarVeiculo(tx, ctx, values, existing);
    },
  },
  selecoes: [selecaoVeiculos],
});
