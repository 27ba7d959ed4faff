import { and, eq, sql } from 'drizzle-orm';
import { nfe, nfeUpdateInput, z } from '@fretio/core';
import { cteNfes, nfes, transportadores, unidadesEmbarcador, embarcadorTransportador } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { conferirModoTransportador, escopoDocumento } from './escopo.ts';
import { colunasNfe, fromNfe, impedirExclusaoEmUso, nfeParaItem } from './repository.ts';

// documentos/nfes: the imported notes (virtual ones live in documentos/nfe-virtual). No POST: notes
// arrive through the import (POST /api/importar/documentos/import-nfe). GET {uid} is in routes.ts
// (it adds the items and the CT-es).

export const nfesListQuery = {
  par: z.enum(['transportador', 'embarcador']).optional().describe("'transportador': modo transportador (usuário de transportadora)"),
  semCte: z.enum(['true', 'false']).optional().describe('true: só NF-e que nenhum CT-e cita'),
};

export const nfesResource = defineResource({
  nome: 'NF-e',
  path: '/documentos/nfes',
  recurso: 'nfes',
  table: nfes,
  uid: nfes.uid,
  scope: escopoDocumento(nfes.embarcadorUid, nfes.transportadorUid),
  item: nfe,
  input: nfeUpdateInput,
  operations: ['list', 'update', 'delete'],
  select: colunasNfe,
  from: fromNfe,
  toItem: nfeParaItem,
  sortable: {
    emissao: nfes.emissao,
    numero: nfes.numero,
    serie: nfes.serie,
    chave: nfes.chave,
    valorTotal: nfes.valorTotal,
    pesoBruto: nfes.pesoBruto,
    emitenteNome: nfes.emitenteNome,
    destinatarioNome: nfes.destinatarioNome,
    destinatarioUf: nfes.destinatarioUf,
    criadoEm: nfes.criadoEm,
  },
  defaultSort: 'emissao',
  defaultOrder: 'DESC',
  filters: {
    chave: { column: nfes.chave, kind: 'exact', normalize: (v) => v.replace(/\s/g, '') },
    numero: { column: nfes.numero, kind: 'int' },
    serie: { column: nfes.serie, kind: 'int' },
    modelo: { column: nfes.modelo, kind: 'int' },
    emissao: { column: nfes.emissao, kind: 'date', range: true },
    emitenteNome: { column: nfes.emitenteNome, kind: 'text' },
    emitenteDocumento: { column: nfes.emitenteDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    destinatarioNome: { column: nfes.destinatarioNome, kind: 'text' },
    destinatarioDocumento: { column: nfes.destinatarioDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    destinatarioUf: { column: nfes.destinatarioUf, kind: 'exact', normalize: (v) => v.toUpperCase() },
    destinatarioMunicipioIbge: { column: nfes.destinatarioMunicipioIbge, kind: 'exact' },
    transportadorUid: { column: nfes.transportadorUid, kind: 'uid' },
    transportadorDocumento: { column: nfes.transportadorDocumento, kind: 'exact', normalize: (v) => v.replace(/[.\-/\s]/g, '') },
    unidadeEmbarcadorUid: { column: nfes.unidadeEmbarcadorUid, kind: 'uid' },
    cancelada: { column: nfes.cancelada, kind: 'bool' },
    chaveValida: { column: nfes.chaveValida, kind: 'bool' },
    assinaturaValida: { column: nfes.assinaturaValida, kind: 'bool' },
    valorTotal: { column: nfes.valorTotal, kind: 'number', range: true },
  },
  periodo: { campo: nfes.emissao, descricao: 'Emissão' },
  listQuery: nfesListQuery,
  // A million notes: deep pages read their uids from nfes_lista_emissao_idx / nfes_uf_emissao_idx alone.
  paginaEmDuasEtapas: true,
  listWhere: (query, ctx) => {
    conferirModoTransportador(query, ctx);
    const conds = [eq(nfes.virtual, false)];
    if (query.semCte === 'true') conds.push(sql`not exists (select 1 from ${cteNfes} where ${cteNfes.nfeUid} = ${nfes.uid})`);
    return and(...conds);
  },
  hooks: {
    validate: async (tx, _ctx, values, existing) => {
      if (existing?.virtual) throw AppError.notFound();
      const embarcadorUid = existing?.embarcadorUid as string;
      const erros: { field: string; message: string }[] = [];
      if (values.transportadorUid) {
        const [t] = await tx
          .select({ uid: transportadores.uid })
          .from(transportadores)
          .innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
          .where(eq(transportadores.uid, values.transportadorUid as string));
        if (!t) erros.push({ field: 'transportadorUid', message: 'Transportador não encontrado' });
      }
      if (values.unidadeEmbarcadorUid) {
        const [u] = await tx.select({ uid: unidadesEmbarcador.uid }).from(unidadesEmbarcador).where(and(eq(unidadesEmbarcador.uid, values.unidadeEmbarcadorUid as string), eq(unidadesEmbarcador.embarcadorUid, embarcadorUid)));
        if (!u) erros.push({ field: 'unidadeEmbarcadorUid', message: 'Unidade não encontrada' });
      }
      if (erros.length) throw AppError.validation(erros, erros[0].message);
    },
    beforeDelete: async (tx, _ctx, existing) => {
      if (existing.virtual) throw AppError.notFound();
      await impedirExclusaoEmUso(tx, existing.uid as string, 'esta NF-e');
    },
  },
});
