import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { pessoaOpcao, pessoasListaQuery, z } from '@fretio/core';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { rotasImportacao } from '../../framework/importacao/rotas.ts';
import { listaSelecao } from './repository.ts';
import { pessoasResource } from './resource.ts';
import { COLUNAS_PESSOA, importadorPessoas, rotuloPessoa } from './service.ts';

// People: the framework's CRUD, the search-as-you-type list, and the CSV/XLSX import with its template.
const tags = ['Pessoa'];


export default async function pessoasRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  registerResource(app, pessoasResource);

  r.get(
    '/api/v1/pessoas/list',
    {
      config: { permission: ['pessoas', 'ler'] },
      schema: {
        tags,
        summary: 'Pessoas ativas para seleção com busca (até 20)',
        description:
          'q com 1-2 letras: nomes começando pelo termo; com 3+: primeiro os nomes começando pelo termo, depois nome ou nome fantasia ' +
          'contendo o termo (sem acentos nem maiúsculas); só dígitos/pontuação: documento começando pelos dígitos (e, com 3+ dígitos, ' +
          "nomes que os contêm). Sem q: os primeiros em ordem alfabética. label 'Nome - 00.000.000/0000-00'.",
        querystring: pessoasListaQuery,
        response: ok(z.array(pessoaOpcao)),
      },
    },
    async (req) => {
      const rows = await listaSelecao(app.db, exigirEmbarcador(req.contexto), req.query.q, req.query.papel);
      return reply.ok(rows.map((p) => ({ value: p.uid, label: rotuloPessoa(p), nome: p.nome, documento: p.documento, uf: p.uf })));
    },
  );

  rotasImportacao(app, {
    base: 'pessoas',
    recurso: 'pessoas',
    tags,
    nome: 'pessoas',
    colunas: COLUNAS_PESSOA,
    importador: importadorPessoas,
  });
}
