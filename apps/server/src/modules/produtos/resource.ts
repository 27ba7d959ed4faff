import { getTableColumns } from 'drizzle-orm';
import { produto, produtoInput } from '@fretio/core';
import { produtos } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { PRODUTO_DUPLICADO, toItemProduto, validarProduto, valoresProduto } from './service.ts';

registerUniqueConstraint('produtos_codigo_uq', 'codigo', PRODUTO_DUPLICADO);

const { embarcadorUid: _e, ...colunas } = getTableColumns(produtos);

/** Products of the active shipper; deleting one referenced elsewhere answers 409 'Registro em uso'. */
export const produtosResource = defineResource({
  nome: 'Produto',
  path: '/produtos',
  recurso: 'produtos',
  table: produtos,
  uid: produtos.uid,
  scope: doEmbarcador(produtos.embarcadorUid),
  item: produto,
  input: produtoInput,
  select: colunas,
  sortable: {
    codigo: produtos.codigo,
    descricao: produtos.descricao,
    ncm: produtos.ncm,
    unidade: produtos.unidade,
    pesoBrutoKg: produtos.pesoBrutoKg,
    valorUnitario: produtos.valorUnitario,
    ativo: produtos.ativo,
    criadoEm: produtos.criadoEm,
  },
  defaultSort: 'descricao',
  filters: {
    codigo: { column: produtos.codigo, kind: 'text' },
    descricao: { column: produtos.descricao, kind: 'text' },
    ncm: { column: produtos.ncm, kind: 'text' },
    unidade: { column: produtos.unidade, kind: 'exact' },
    ean: { column: produtos.ean, kind: 'exact' },
    pesoBrutoKg: { column: produtos.pesoBrutoKg, kind: 'number', range: true },
    valorUnitario: { column: produtos.valorUnitario, kind: 'number', range: true },
    ativo: { column: produtos.ativo, kind: 'bool' },
    criadoEm: { column: produtos.criadoEm, kind: 'date', range: true },
  },
  toValues: (input) => valoresProduto(input),
  toItem: toItemProduto,
  hooks: { validate: validarProduto },
});
