import { eq, getTableColumns } from 'drizzle-orm';
import { prazoEntrega, prazoEntregaInput } from '@fretio/core';
import { prazosEntrega, transportadores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
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

/** Delivery deadlines (business days) by carrier and origin → destination (each a LocalRef). */
export const prazosEntregaResource = defineResource({
  nome: 'Prazo de entrega',
  path: '/prazosentrega',
  recurso: 'prazosentrega',
  table: prazosEntrega,
  uid: prazosEntrega.uid,
  scope: doEmbarcador(prazosEntrega.embarcadorUid),
  item: prazoEntrega,
  input: prazoEntregaInput,
  select: { ...getTableColumns(prazosEntrega), transportadorNome: transportadores.nome, ...colunasNomesLocais },
  from: (q) => juntarNomesLocais(q.innerJoin(transportadores, eq(transportadores.uid, prazosEntrega.transportadorUid)), prazosEntrega),
  toItem: itemComLocais,
  toValues: valoresComLocais,
  sortable: {
    prazoDiasUteis: prazosEntrega.prazoDiasUteis,
    transportadorNome: transportadores.nome,
    origemUf: prazosEntrega.origemUf,
    destinoUf: prazosEntrega.destinoUf,
    criadoEm: prazosEntrega.criadoEm,
  },
  defaultSort: 'transportadorNome',
  filters: {
    transportadorUid: { column: prazosEntrega.transportadorUid, kind: 'uid' },
    transportadorNome: { column: transportadores.nome, kind: 'text' },
    ...filtrosOrigemDestino(prazosEntrega),
    prazoDiasUteis: { column: prazosEntrega.prazoDiasUteis, kind: 'int', range: true },
    ativo: { column: prazosEntrega.ativo, kind: 'bool' },
  },
  refs: { transportadorUid: transportadorVinculado },
  hooks: {
    async validate(tx, ctx, values, existing) {
      const embarcadorUid = exigirEmbarcador(ctx);
      const row = { ...existing, ...values };
      await validarOrigemDestino(tx, embarcadorUid, row);
    },
  },
});
