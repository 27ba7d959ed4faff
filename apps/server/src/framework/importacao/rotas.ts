import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { importacaoQuery, importacaoResultado, z } from '@fretio/core';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { lerUpload } from '../../modules/arquivos/service.ts';
import { ok } from '../schemas.ts';
import { modeloCsv, modeloXlsx } from './modelo.ts';
import { type Importador, importar, mensagemImportacao } from './pipeline.ts';
import { type Coluna, lerPlanilha, rotuloDaColuna } from './planilha.ts';

// The two routes every importable register gets: POST {base}/importar and GET {base}/modelo.
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
export const modeloQuery = z.object({ formato: z.enum(['xlsx', 'csv']).default('xlsx').describe('xlsx (padrão) ou csv') });

/** POST {base}/importar and GET {base}/modelo for a register (pessoas, produtos). */
export function rotasImportacao<V extends Record<string, unknown>>(
  app: FastifyInstance,
  o: { base: string; recurso: string; tags: string[]; nome: string; colunas: Coluna[]; importador: Importador<V> },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const campos = o.colunas.map((c) => `"${rotuloDaColuna(c)}" (${c.campo}${c.obrigatoria ? ', obrigatório' : ''})`).join(', ');
  r.post(
    `/api/v1/${o.base}/importar`,
    {
      config: { permission: [o.recurso, 'criar'] },
      schema: {
        tags: o.tags,
        summary: `Importa ${o.nome} de um arquivo CSV ou XLSX (multipart, campo file)`,
        description:
          `Primeira linha: cabeçalho com os nomes das colunas ou seus códigos: ${campos}. Cada linha passa pelo mesmo schema e pelas mesmas regras da API; ` +
          'repetidos no arquivo ou já cadastrados são erros da linha. Todas as linhas são validadas antes de gravar: com apenasValidas=false, ' +
          'qualquer linha com erro faz nada ser gravado (success=false, HTTP 200, relatório em data); com apenasValidas=true grava as ' +
          'válidas, em lotes de 500 (cada lote numa transação). Arquivo lido num processo isolado: arquivo malicioso (ZIP que se expande ' +
          'demais, planilha gigante) responde 400; servidor ocupado com outras leituras responde 429. ' +
          `Modelo: GET /api/v1/${o.base}/modelo.`,
        consumes: ['multipart/form-data'],
        querystring: importacaoQuery,
        response: ok(importacaoResultado),
      },
    },
    async (req) => {
      if (!req.ctx) throw AppError.unauthenticated();
      const ctx = req.ctx;
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

