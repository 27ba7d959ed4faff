import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../framework/register.ts';
import { rotasImportacao } from '../../framework/importacao/rotas.ts';
import { produtosResource } from './resource.ts';
import { COLUNAS_PRODUTO, importadorProdutos } from './service.ts';

// Products: the framework's CRUD and selection list (resource.ts), and the CSV/XLSX import with its template.
const tags = ['Produto'];

export default async function produtosRoutes(app: FastifyInstance) {
  registerResource(app, produtosResource);

  rotasImportacao(app, {
    base: 'produtos',
    recurso: 'produtos',
    tags,
    nome: 'produtos',
    colunas: COLUNAS_PRODUTO,
    importador: importadorProdutos,
  });
}
