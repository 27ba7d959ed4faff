import { type Acao, TIPO_USUARIO } from '@fretio/core';
import { centrosCusto } from '../modules/centros-custo/resource.tsx';
import { departamentos } from '../modules/departamentos/resource.tsx';
import { apiTokens } from '../modules/api-token/resource.tsx';
import { auditoriaSistema } from '../modules/auditoria-sistema/resource.tsx';
import {
  embarcadores,
  meuEmbarcador,
  preUsuarios,
  transportadoresVinculados,
  unidadesEmbarcador,
} from '../modules/embarcadores/resource.tsx';
import { papeis } from '../modules/papeis/resource.tsx';
import { autonomos, transportadores, unidadesTransportador, usuariosTransportador } from '../modules/transportadores/resource.tsx';
import { usuariosEmbarcador } from '../modules/usuarios/resource.tsx';
import { calculadora } from '../modules/calculadora/resource.tsx';
import { pisosAntt } from '../modules/calculadora/pisos-antt.tsx';
import { bi, meuDesempenho, relatorios } from '../modules/bi/resource.tsx';
import { componentes, mapasComponente, mapasComponentePorTransportador } from '../modules/componentes/resource.tsx';
import { faixasCep } from '../modules/faixascep/resource.tsx';
import { feriados } from '../modules/feriados/resource.tsx';
import { modais } from '../modules/modais/resource.tsx';
import { prazosEntrega } from '../modules/prazosentrega/resource.tsx';
import { regiaoLocais, regioes } from '../modules/regioes/resource.tsx';
import { rotas } from '../modules/rotas/resource.tsx';
import { tabelaFreteEditor, tabelasFrete } from '../modules/tabelasfrete/resource.tsx';
import { pessoas } from '../modules/pessoas/resource.tsx';
import { ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara } from '../modules/ocorrencias/resource.tsx';
import { eventosOcorrencia, tracking, trackingDetalhe } from '../modules/rastreio/resource.tsx';
import { produtos } from '../modules/produtos/resource.tsx';
import { setores } from '../modules/setor/resource.tsx';
import { zonas } from '../modules/zona/resource.tsx';
import { frota, motoristas, tiposVeiculo, veiculos } from '../modules/frota/resource.tsx';
import { bancos, configuracoes, iss, parametros, tributoGeral, tributos } from '../modules/configuracoes/resource.tsx';
import { solicitacaoNfes, solicitacaoProdutos, solicitacoesFrete } from '../modules/solicitacoesfrete/resource.tsx';
import { cotacaoNfes, cotacaoProdutos, cotacaoTransportadores, cotacoesFrete } from '../modules/cotacoesfrete/resource.tsx';
import { ordemAnexos, ordemHistorico, ordemNfes, ordemProdutos, ordensColeta } from '../modules/ordenscoleta/resource.tsx';
import { embarqueDetalhe, embarqueHistorico, embarqueNfes, embarqueProdutos, embarques } from '../modules/embarque/resource.tsx';
import { filaTarefas } from '../modules/fila-tarefas/resource.tsx';
import { pedidos } from '../modules/pedidos/resource.tsx';
import { planejamentoCarga } from '../modules/planejamento-carga/resource.tsx';
import { logs } from '../modules/logs/resource.tsx';
import { historicoWebservice } from '../modules/historico-webservice/resource.tsx';
import { atualizacoes } from '../modules/atualizacoes/resource.tsx';
import { nfeDetalhe, nfes } from '../modules/nfes/resource.tsx';
import { nfesVirtuais } from '../modules/nfe-virtual/resource.tsx';
import { cteDetalhe, ctes } from '../modules/ctes/resource.tsx';
import { auditorias, condicoesPagamento, toleranciasAuditoria } from '../modules/auditorias/resource.tsx';
import { gruposNotificacao, parametrosNotificacao } from '../modules/notificacoes/resource.tsx';
import { contaCorrente, faturas, saldosTransportador } from '../modules/faturas/resource.tsx';
import { rpas, tabelasRpa } from '../modules/rpa/resource.tsx';
import { preFaturas, preFaturasTransportador } from '../modules/faturas/PreFaturas.tsx';
import { MENU_GROUPS, type MenuGroup, type ResourceDef } from './types.ts';

// Every resource screen of the app. Adding a screen = declaring a ResourceDef in
// src/modules/<name>/resource.tsx and listing it here: menu, route, list and form follow.
export const RESOURCES: ResourceDef[] = [
  // Simple registers of the shipper.
  centrosCusto, departamentos,
  // Shippers, carriers, access (roles, API tokens) and the audit trail; sub-collections in tab order.
  embarcadores, meuEmbarcador, unidadesEmbarcador, usuariosEmbarcador, transportadoresVinculados, preUsuarios,
  transportadores, unidadesTransportador, usuariosTransportador, autonomos,
  papeis, apiTokens, auditoriaSistema,
  // Master data (Cadastros; drivers and vehicles are tabs of a carrier) and the shipper's settings and taxes (Administração).
  pessoas, produtos, setores, zonas, tiposVeiculo, frota, motoristas, veiculos,
  configuracoes, parametros, tributos, tributoGeral, iss, bancos,
  // Freight pricing (menu Fretes), then the screens reached from them (table editor, region locations, component maps).
  tabelasFrete, calculadora, pisosAntt, regioes, faixasCep, feriados, modais, componentes, prazosEntrega, rotas,
  mapasComponentePorTransportador, tabelaFreteEditor, regiaoLocais, mapasComponente,
  // Freight procurement (menu Operação): requests and spot quotations with their cargo, NF-es and carriers (tabs).
  solicitacoesFrete, solicitacaoProdutos, solicitacaoNfes, cotacoesFrete, cotacaoTransportadores, cotacaoProdutos, cotacaoNfes, ordensColeta, ordemProdutos, ordemNfes, ordemAnexos, ordemHistorico,
  embarques, embarqueDetalhe, embarqueNfes, embarqueProdutos, embarqueHistorico,
  // Orders and load planning (menu Operação).
  pedidos, planejamentoCarga,
  // Occurrences (menu Operação): the kinds, the carriers' codes mapped to them, the codes still unmapped.
  ocorrencias, ocorrenciasDepara, ocorrenciasSemDepara, eventosOcorrencia, tracking, trackingDetalhe,
  // Operations: the task queue, integration logs, web-service history, the product's updates.
  filaTarefas, logs, historicoWebservice, atualizacoes,
  // Freight audit and settlement.
  auditorias, toleranciasAuditoria, condicoesPagamento, preFaturas, preFaturasTransportador, faturas, contaCorrente, saldosTransportador, rpas, tabelasRpa,
  // Fiscal documents (menu Documentos), then the pages of one document.
  nfes, ctes, nfesVirtuais, nfeDetalhe, cteDetalhe,
  // Notifications (menu Administração): groups of users and which kinds go to them.
  gruposNotificacao, parametrosNotificacao,
  // Reports and BI (menu Operação); the dashboard is the start page.
  relatorios, bi, meuDesempenho,
];

export type { ResourceDef } from './types.ts';

const byKey = new Map(RESOURCES.map((r) => [r.key, r]));
if (byKey.size !== RESOURCES.length) throw new Error('Chave de recurso repetida no registro');

export const resourceByKey = (key: string) => byKey.get(key);

/** '/embarcadores/:uid/unidades' + {uid} → '/embarcadores/123/unidades'. */
export function fillPath(path: string, params: Record<string, string | undefined>): string {
  return path.replace(/:(\w+)/g, (_m, name: string) => encodeURIComponent(params[name] ?? ''));
}

/** May the operation be offered? The API must offer it and the role must allow it. */
export function permite(def: ResourceDef, pode: (recurso: string, acao: Acao) => boolean, acao: Acao): boolean {
  if (acao !== 'ler' && def.operations && !def.operations.includes(acao as 'criar')) return false;
  return pode(def.recurso, acao);
}

/** A screen's description in the words of who reads it: a carrier's user gets the carrier's side. */
export const descricaoPara = (def: Pick<ResourceDef, 'description' | 'descricaoTransportador'>, tipoUsuario?: number) =>
  (tipoUsuario === TIPO_USUARIO.TRANSPORTADOR ? def.descricaoTransportador : undefined) ?? def.description;

/** Menu entries the user may open, grouped by area in MENU_GROUPS order. */
export function menuTree(pode: (recurso: string, acao: Acao) => boolean, tipoUsuario?: number) {
  const doTipo = (r: ResourceDef) => !r.tiposUsuario || (tipoUsuario !== undefined && r.tiposUsuario.includes(tipoUsuario));
  const visiveis = RESOURCES.filter((r) => r.menu !== false && pode(r.recurso, 'ler') && doTipo(r));
  return MENU_GROUPS.map((group: MenuGroup) => ({ group, items: visiveis.filter((r) => r.group === group) })).filter(
    (g) => g.items.length > 0,
  );
}
