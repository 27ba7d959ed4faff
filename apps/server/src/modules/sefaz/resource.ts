import { z } from '@fretio/core';
import { sefazResumos } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';

// Summaries the SEFAZ distribution handed out (resNFe, resCTe, resEvento), read-only.
const resumo = z.object({
  uid: z.string(), servico: z.string(), cnpjInteressado: z.string(), nsu: z.string(), schema: z.string(),
  chave: z.string().nullable(), emitenteDocumento: z.string().nullable(), emitenteNome: z.string().nullable(),
  emissao: z.string().nullable(), valor: z.string().nullable(), situacao: z.string().nullable(), criadoEm: z.string(),
});

export const resumosSefazResource = defineResource({
  nome: 'Resumo da SEFAZ',
  path: '/sefaz/resumos',
  recurso: 'nfes',
  table: sefazResumos,
  uid: sefazResumos.uid,
  scope: doEmbarcador(sefazResumos.embarcadorUid),
  item: resumo,
  input: resumo.pick({}),
  operations: ['list', 'get'],
  select: {
    uid: sefazResumos.uid, servico: sefazResumos.servico, cnpjInteressado: sefazResumos.cnpjInteressado, nsu: sefazResumos.nsu,
    schema: sefazResumos.schema, chave: sefazResumos.chave, emitenteDocumento: sefazResumos.emitenteDocumento,
    emitenteNome: sefazResumos.emitenteNome, emissao: sefazResumos.emissao, valor: sefazResumos.valor, situacao: sefazResumos.situacao,
    criadoEm: sefazResumos.criadoEm,
  },
  sortable: { criadoEm: sefazResumos.criadoEm, nsu: sefazResumos.nsu },
  defaultSort: 'criadoEm',
  defaultOrder: 'DESC',
  filters: {
    servico: { column: sefazResumos.servico, kind: 'exact' },
    chave: { column: sefazResumos.chave, kind: 'exact' },
    emitenteNome: { column: sefazResumos.emitenteNome, kind: 'text' },
    criadoEm: { column: sefazResumos.criadoEm, kind: 'date', range: true },
  },
});
