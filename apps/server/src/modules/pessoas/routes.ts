import type { FastifyInstance } from 'fastify';
import { registerResource } from '../../framework/register.ts';
import { rotasImportacao } from '../../framework/importacao/rotas.ts';
import { pessoasResource } from './resource.ts';
import { COLUNAS_PESSOA, importadorPessoas } from './service.ts';

// People: the framework's CRUD and search-as-you-type list (resource.ts), and the CSV/XLSX import with its template.
const tags = ['Pessoa'];


export default async function pessoasRoutes(app: FastifyInstance) {
  registerResource(app, pessoasResource);

  rotasImportacao(app, {
    base: 'pessoas',
    recurso: 'pessoas',
    tags,
    nome: 'pessoas',
    colunas: COLUNAS_PESSOA,
    importador: importadorPessoas,
  });
}
