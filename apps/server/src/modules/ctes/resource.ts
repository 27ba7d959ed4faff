import { type SQL, and, sql } from 'drizzle-orm';
import { SITUACAO_CTE_VALORES, cte, z } from '@fretio/core';
import { cteNfes, ctes } from '../../db/schema/index.ts';
import { TRANSICAO_INVALIDA, acaoDeStatus } from '../../framework/acoes.ts';
import { AppError } from '../../lib/errors.ts';
import { defineResource } from '../../framework/resource.ts';
import { escopoDocumento } from '../nfes/escopo.ts';
import { colunasCte, cteParaItem, fromCte, ondeSituacao } from './repository.ts';

// documentos/ctes: list (situacao '00' = selection list of invoices), GET {uid} in routes.ts (with
// components and linked notes), PUT {uid}/status through the status machine of packages/core.

export const ctesResource = defineResource({
  nome: 'CT-e',
  path: '/documentos/ctes',
  recurso: 'ctes',
  table: ctes,
  uid: ctes.uid,
  scope: escopoDocumento(ctes.embarcadorUid, ctes.transportadorUid),
  item: cte,
  input: z.object({}),
  operations: ['list'],
  select: colunasCte,
  from: fromCte,
  toItem: cteParaItem,
  sortable: {
    emissao: ctes.emissao,
    numero: ctes.numero,
    chave: ctes.chave,
    valorPrestacao: ctes.valorPrestacao,
    emitenteNome: ctes.emitenteNome,
    status: ctes.status,
    criadoEm: ctes.criadoEm,
  },
  defaultSort: 'emissao',
  defaultOrder: 'DESC',
  filters: {
    chave: { column: ctes.chave, kind: 'exact', normalize: (v) => v.replace(/\s/g, '') },
    numero: { column: ctes.numero, kind: 'int' },
    serie: { column: ctes.serie, kind: 'int' },
    modelo: { column: ctes.modelo, kind: 'int' },
    emissao: { column: ctes.emissao, kind: 'date', range: true },
    cfop: { column: ctes.cfop, kind: 'exact' },
    tipoCte: { column: ctes.tipoCte, kind: 'int' },
    status: { column: ctes.status, kind: 'int' },
    cancelado: { column: ctes.cancelado, kind: 'bool' },
    emitenteNome: { column: ctes.emitenteNome, kind: 'text' },
    emitenteDocumento: { column: ctes.emitenteDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    tomadorDocumento: { column: ctes.tomadorDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    origemUf: { column: ctes.origemUf, kind: 'exact', normalize: (v) => v.toUpperCase() },
    destinoUf: { column: ctes.destinoUf, kind: 'exact', normalize: (v) => v.toUpperCase() },
    transportadorUid: { column: ctes.transportadorUid, kind: 'uid' },
    faturaUid: { column: ctes.faturaUid, kind: 'uid' },
    chaveValida: { column: ctes.chaveValida, kind: 'bool' },
    assinaturaValida: { column: ctes.assinaturaValida, kind: 'bool' },
    valorPrestacao: { column: ctes.valorPrestacao, kind: 'number', range: true },
  },
  periodo: { campo: ctes.emissao, descricao: 'Emissão' },
  listQuery: {
    situacao: z.enum(SITUACAO_CTE_VALORES, { error: 'Situação inválida' }).optional().describe("'00' disponível para fatura (autorizado, não cancelado, sem fatura), '01' faturado, '02' cancelado, '03' sem autorização"),
    chaveNfe: z.string().regex(/^[0-9A-Z]{44}$/, 'Chave inválida').optional().describe('Só os CT-e que citam esta NF-e'),
    semNfe: z.enum(['true', 'false']).optional().describe('true: só CT-e sem NF-e importada vinculada'),
  },
  listWhere: (query) => {
    const conds: SQL[] = [];
    if (typeof query.situacao === 'string') conds.push(ondeSituacao(query.situacao));
    if (typeof query.chaveNfe === 'string') conds.push(sql`exists (select 1 from ${cteNfes} where ${cteNfes.cteUid} = ${ctes.uid} and ${cteNfes.embarcadorUid} = ${ctes.embarcadorUid} and ${cteNfes.chave} = ${query.chaveNfe})`);
    if (query.semNfe === 'true') conds.push(sql`not exists (select 1 from ${cteNfes} where ${cteNfes.cteUid} = ${ctes.uid} and ${cteNfes.nfeUid} is not null)`);
    return conds.length ? and(...conds) : undefined;
  },
  actions: [
    acaoDeStatus({
      maquina: 'cte',
      path: 'status',
      summary: 'Muda o status do CT-e',
      validar: async (_tx, _ctx, row, para) => {
        // A cancelled CT-e (SEFAZ event) does not come back through a manual status change.
        if (row.cancelado && para !== 5) throw AppError.conflict('CT-e cancelado na SEFAZ não muda de status.', [{ field: 'status', message: 'CT-e cancelado' }], TRANSICAO_INVALIDA);
      },
    }),
  ],
});

