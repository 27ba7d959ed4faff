import { and, asc, eq, getTableColumns, or } from 'drizzle-orm';
import { produto, produtoInput, produtoOpcao, produtosListaQuery } from '@fretio/core';
import { produtos } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';
import { comecaCom, contem } from '../../framework/sql.ts';
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
  selecoes: [
    {
      path: '/produtos/list',
      summary: 'Produtos ativos para seleção com busca (até 20)',
      description: "q: código começando pelo termo OU descrição contendo o termo (sem acentos/maiúsculas). label 'CODIGO - Descrição'.",
      query: produtosListaQuery,
      item: produtoOpcao,
      limite: 20,
      colunas: { uid: produtos.uid, codigo: produtos.codigo, descricao: produtos.descricao, ncm: produtos.ncm, unidade: produtos.unidade },
      where: (_ctx, q) => {
        const termo = q.q?.trim();
        return and(eq(produtos.ativo, true), termo ? or(comecaCom(produtos.codigo, termo), contem(produtos.descricao, termo)) : undefined);
      },
      orderBy: [asc(produtos.descricao), asc(produtos.uid)],
      opcao: (p) => ({ value: p.uid, label: `${p.codigo} - ${p.descricao}`, codigo: p.codigo, descricao: p.descricao, ncm: p.ncm, unidade: p.unidade }),
    },
  ],
});
