import { eq, getTableColumns } from 'drizzle-orm';
import { rota, rotaInput } from '@fretio/core';
import { rotas, transportadores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { numeroOuNulo } from '../../lib/numeros.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { selecaoRotas } from './selecoes.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import {
  colunasNomesLocais,
  filtrosOrigemDestino,
  itemComLocais,
  juntarNomesLocais,
  validarOrigemDestino,
  valoresComLocais,
} from '../regioes/local-ref.ts';
import { transportadorVinculado } from '../transportadores/repository.ts';

registerUniqueConstraint('rotas_nome_uq', 'nome', 'Já existe uma rota com este nome.');


/** The shipper's route register: origin → destination (UF, municipality, region or CEP range), distance, carrier. */
export const rotasResource = defineResource({
  nome: 'Rota',
  path: '/rotas',
  recurso: 'rotas',
  table: rotas,
  uid: rotas.uid,
  scope: doEmbarcador(rotas.embarcadorUid),
  item: rota,
  input: rotaInput,
  select: { ...getTableColumns(rotas), transportadorNome: transportadores.nome, ...colunasNomesLocais },
  from: (q) => juntarNomesLocais(q.leftJoin(transportadores, eq(transportadores.uid, rotas.transportadorUid)), rotas),
  toItem: (row) => ({ ...itemComLocais(row), distanciaKm: numeroOuNulo(row.distanciaKm) }),
  toValues: (input) => {
    const v = valoresComLocais(input);
    return { ...v, distanciaKm: input.distanciaKm === null || input.distanciaKm === undefined ? null : String(input.distanciaKm) };
  },
  sortable: {
    nome: rotas.nome,
    distanciaKm: rotas.distanciaKm,
    transportadorNome: transportadores.nome,
    ativo: rotas.ativo,
    criadoEm: rotas.criadoEm,
  },
  defaultSort: 'nome',
  filters: {
    nome: { column: rotas.nome, kind: 'text' },
    transportadorUid: { column: rotas.transportadorUid, kind: 'uid' },
    ...filtrosOrigemDestino(rotas),
    distanciaKm: { column: rotas.distanciaKm, kind: 'number', range: true },
    ativo: { column: rotas.ativo, kind: 'bool' },
  },
  refs: { transportadorUid: transportadorVinculado },
  hooks: {
    async validate(tx, ctx, values, existing) {
      const embarcadorUid = exigirEmbarcador(ctx);
      const row = { ...existing, ...values };
      await validarOrigemDestino(tx, embarcadorUid, row);
    },
  },
  selecoes: [selecaoRotas],
});
