import { and, asc, eq, getTableColumns } from 'drizzle-orm';
import { setor, setorInput, setorOpcao, setorZonaListaQuery } from '@fretio/core';
import { setores } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { codigoOuNomeContem } from '../../framework/sql.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('setores_codigo_uq', 'codigo', 'Já existe um setor com este código.');
registerUniqueConstraint('setores_nome_uq', 'nome', 'Já existe um setor com este nome.');

const { embarcadorUid: _e, ...colunas } = getTableColumns(setores);

/** Sectors of the active shipper (/setor, singular as the client calls it). */
export const setoresResource = defineResource({
  nome: 'Setor',
  path: '/setor',
  recurso: 'setor',
  table: setores,
  uid: setores.uid,
  scope: doEmbarcador(setores.embarcadorUid),
  item: setor,
  input: setorInput,
  select: colunas,
  sortable: { codigo: setores.codigo, nome: setores.nome, ativo: setores.ativo, criadoEm: setores.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: setores.codigo, kind: 'text' },
    nome: { column: setores.nome, kind: 'text' },
    descricao: { column: setores.descricao, kind: 'text' },
    ativo: { column: setores.ativo, kind: 'bool' },
    criadoEm: { column: setores.criadoEm, kind: 'date', range: true },
  },
  selecoes: [
    {
      path: '/setor/list',
      summary: "Setores ativos para seleção (label 'CODIGO - Nome')",
      query: setorZonaListaQuery,
      item: setorOpcao,
      colunas: { uid: setores.uid, codigo: setores.codigo, nome: setores.nome },
      where: (_ctx, q) => and(eq(setores.ativo, true), codigoOuNomeContem(setores.codigo, setores.nome, q.q)),
      orderBy: [asc(setores.nome), asc(setores.uid)],
      opcao: (s) => ({ value: s.uid, label: `${s.codigo} - ${s.nome}`, codigo: s.codigo, nome: s.nome }),
    },
  ],
});
