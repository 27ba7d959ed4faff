import { chamadaWebservice } from '@fretio/core';
import { historicoWebservice } from '../../db/schema/index.ts';
import { defineResource, doEmbarcador } from '../../framework/resource.ts';

// Every call made to an outside web service for the active shipper (written by the integrations, e.g.
// the SEFAZ capture): read-only. Writers keep request and response bodies bounded (service.ts).
export const historicoWebserviceResource = defineResource({
  nome: 'Chamada de web service',
  path: '/historico-webservice',
  recurso: 'historico-webservice',
  table: historicoWebservice,
  uid: historicoWebservice.uid,
  scope: doEmbarcador(historicoWebservice.embarcadorUid),
  item: chamadaWebservice,
  input: chamadaWebservice.pick({}),
  operations: ['list', 'get'],
  sortable: { criadoEm: historicoWebservice.criadoEm, servico: historicoWebservice.servico, duracaoMs: historicoWebservice.duracaoMs },
  defaultSort: 'criadoEm',
  defaultOrder: 'DESC',
  filters: {
    servico: { column: historicoWebservice.servico, kind: 'exact' },
    ambiente: { column: historicoWebservice.ambiente, kind: 'exact' },
    cStat: { column: historicoWebservice.cStat, kind: 'exact' },
    sucesso: { column: historicoWebservice.sucesso, kind: 'bool' },
    criadoEm: { column: historicoWebservice.criadoEm, kind: 'date', range: true },
  },
});
