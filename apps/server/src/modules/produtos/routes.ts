import { and, asc, eq, or } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { produtoOpcao, produtosListaQuery, z } from '@fretio/core';
import { produtos } from '../../db/schema/index.ts';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { rotasImportacao } from '../../framework/importacao/rotas.ts';
import { produtosResource } from './resource.ts';
import { COLUNAS_PRODUTO, importadorProdutos } from './service.ts';
import { comecaCom, contem } from '../../framework/sql.ts';

// Products: the framework's CRUD, the selection list, and the CSV/XLSX import with its template.
const tags = ['Produto'];

export default async function produtosRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, produtosResource);

  r.get(
    '/api/v1/produtos/list',
    {
      config: { permission: ['produtos', 'ler'] },
      schema: {
        tags,
        summary: 'Produtos ativos para seleção com busca (até 20)',
        description: "q: código começando pelo termo OU descrição contendo o termo (sem acentos/maiúsculas). label 'CODIGO - Descrição'.",
        querystring: produtosListaQuery,
        response: ok(z.array(produtoOpcao)),
      },
    },
    async (req) => {
      const termo = req.query.q?.trim();
      const busca = termo
        ? or(
            comecaCom(produtos.codigo, termo),
            contem(produtos.descricao, termo),
          )
        : undefined;
      const rows = await app.db
        .select({ uid: produtos.uid, codigo: produtos.codigo, descricao: produtos.descricao, ncm: produtos.ncm, unidade: produtos.unidade })
        .from(produtos)
        .where(and(eq(produtos.embarcadorUid, exigirEmbarcador(req.contexto)), eq(produtos.ativo, true), busca))
        .orderBy(asc(produtos.descricao), asc(produtos.uid))
        .limit(20);
      return reply.ok(
        rows.map((p) => ({
          value: p.uid,
          label: `${p.codigo} - ${p.descricao}`,
          codigo: p.codigo,
          descricao: p.descricao,
          ncm: p.ncm,
          unidade: p.unidade,
        })),
      );
    },
  );

  rotasImportacao(app, {
    base: 'produtos',
    recurso: 'produtos',
    tags,
    nome: 'produtos',
    colunas: COLUNAS_PRODUTO,
    importador: importadorProdutos,
  });
}
