import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importacaoQuery, importacaoResultado, pessoaOpcao, pessoasListaQuery, z } from '@fretio/core';
import { registerResource } from '../../framework/register.ts';
import { ok, reply } from '../../framework/schemas.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload } from '../arquivos/service.ts';
import { type Importador, importar, mensagemImportacao } from './importacao.ts';
import { type Coluna, lerPlanilha, modeloCsv, modeloXlsx } from './planilha.ts';
import { listaSelecao } from './repository.ts';
import { pessoasResource } from './resource.ts';
import { COLUNAS_PESSOA, importadorPessoas, rotuloPessoa } from './service.ts';

// People: the framework's CRUD, the search-as-you-type list, and the CSV/XLSX import with its template.
const tags = ['Pessoa'];
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const modeloQuery = z.object({ formato: z.enum(['xlsx', 'csv']).default('xlsx').describe('xlsx (padrão) ou csv') });

export const ctxOf = (req: { ctx: RequestContext | null }) => {
  if (!req.ctx) throw AppError.unauthenticated();
  return req.ctx;
};

/** POST {base}/importar and GET {base}/modelo for a register (pessoas, produtos). */
export function rotasImportacao<V extends Record<string, unknown>>(
  app: FastifyInstance,
  o: { base: string; recurso: string; tags: string[]; nome: string; colunas: Coluna[]; importador: Importador<V> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const campos = o.colunas.map((c) => `${c.campo}${c.obrigatoria ? ' (obrigatório)' : ''}`).join(', ');
  r.post(
    `/api/v1/${o.base}/importar`,
    {
      config: { permission: [o.recurso, 'criar'] },
      schema: {
        tags: o.tags,
        summary: `Importa ${o.nome} de um arquivo CSV ou XLSX (multipart, campo file)`,
        description:
          `Primeira linha: cabeçalho com os campos ${campos}. Cada linha passa pelo mesmo schema e pelas mesmas regras da API; ` +
          'repetidos no arquivo ou já cadastrados são erros da linha. Tudo numa transação: com apenasValidas=false, qualquer linha ' +
          'com erro faz nada ser gravado (success=false, HTTP 200, relatório em data); com apenasValidas=true grava as válidas. ' +
          `Modelo: GET /api/v1/${o.base}/modelo.`,
        consumes: ['multipart/form-data'],
        querystring: importacaoQuery,
        response: ok(importacaoResultado),
      },
    },
    async (req) => {
      const ctx = ctxOf(req);
      exigirEmbarcador(ctx);
      const upload = await lerUpload(req);
      const linhas = await lerPlanilha(upload, o.colunas);
      const apenasValidas = req.query.apenasValidas === 'true' || req.query.apenasValidas === '1';
      const resultado = await importar(app.db, ctx, o.importador, linhas, apenasValidas);
      const success = resultado.invalidas === 0 || (apenasValidas && resultado.salvas > 0);
      return { success, message: mensagemImportacao(resultado, apenasValidas), data: resultado };
    },
  );

  r.get(
    `/api/v1/${o.base}/modelo`,
    {
      config: { permission: [o.recurso, 'ler'] },
      schema: {
        tags: o.tags,
        summary: `Modelo de planilha para importar ${o.nome} (XLSX; ?formato=csv para CSV)`,
        querystring: modeloQuery,
        produces: [XLSX, 'text/csv'],
      },
    },
    async (req, res) => {
      const nome = `modelo-${o.base}`;
      if (req.query.formato === 'csv') {
        return res
          .header('content-type', 'text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="${nome}.csv"`)
          .send(modeloCsv(o.colunas));
      }
      const buf = await modeloXlsx(o.base, o.colunas);
      return res.header('content-type', XLSX).header('content-disposition', `attachment; filename="${nome}.xlsx"`).send(buf);
    },
  );
}

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
      const rows = await listaSelecao(app.db, exigirEmbarcador(ctxOf(req)), req.query.q, req.query.papel);
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
