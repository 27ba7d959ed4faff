import { and, asc, eq, getTableColumns, isNull, or } from 'drizzle-orm';
import { zona, zonaInput, zonaListaQuery, zonaOpcao } from '@fretio/core';
import { zonas } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { codigoOuNomeContem } from '../../framework/sql.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

registerUniqueConstraint('zonas_codigo_uq', 'codigo', 'Já existe uma zona com este código.');
registerUniqueConstraint('zonas_nome_uq', 'nome', 'Já existe uma zona com este nome.');

const { embarcadorUid: _e, ...colunas } = getTableColumns(zonas);

/** Delivery zones of the active shipper: a text description of what they cover and an optional UF. */
export const zonasResource = defineResource({
  nome: 'Zona',
  path: '/zona',
  recurso: 'zona',
  table: zonas,
  uid: zonas.uid,
  scope: doEmbarcador(zonas.embarcadorUid),
  item: zona,
  input: zonaInput,
  select: colunas,
  sortable: { codigo: zonas.codigo, nome: zonas.nome, uf: zonas.uf, ativo: zonas.ativo, criadoEm: zonas.criadoEm },
  defaultSort: 'nome',
  filters: {
    codigo: { column: zonas.codigo, kind: 'text' },
    nome: { column: zonas.nome, kind: 'text' },
    descricao: { column: zonas.descricao, kind: 'text' },
    uf: { column: zonas.uf, kind: 'exact' },
    ativo: { column: zonas.ativo, kind: 'bool' },
    criadoEm: { column: zonas.criadoEm, kind: 'date', range: true },
  },
  selecoes: [
    {
      path: '/zona/list',
      summary: "Zonas ativas para seleção (label 'CODIGO - Nome')",
      query: zonaListaQuery,
      item: zonaOpcao,
      colunas: { uid: zonas.uid, codigo: zonas.codigo, nome: zonas.nome, uf: zonas.uf },
      where: (_ctx, q) =>
        and(
          eq(zonas.ativo, true),
          codigoOuNomeContem(zonas.codigo, zonas.nome, q.q),
          q.uf ? or(eq(zonas.uf, q.uf), isNull(zonas.uf)) : undefined,
        ),
      orderBy: [asc(zonas.nome), asc(zonas.uid)],
      opcao: (s) => ({ value: s.uid, label: `${s.codigo} - ${s.nome}`, codigo: s.codigo, nome: s.nome, uf: s.uf }),
    },
  ],
});
