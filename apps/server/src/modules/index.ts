import type { FastifyInstance } from 'fastify';
import { registerResource } from '../framework/register.ts';
import { registrarExportacaoDeListas } from '../framework/exportacao-lista.ts';
import health from './health/module.ts';
import centrosCusto from './centros-custo/module.ts';
import departamentos from './departamentos/module.ts';
import papeis from './papeis/module.ts';
import apiToken from './api-token/module.ts';
import transportadores from './transportadores/module.ts';
import arquivos from './arquivos/module.ts';
import auditoriaSistema from './auditoria-sistema/module.ts';
import conta from './conta/module.ts';
import embarcadores from './embarcadores/module.ts';
import perfil from './perfil/module.ts';
import pessoas from './pessoas/module.ts';
import produtos from './produtos/module.ts';
import setor from './setor/module.ts';
import zona from './zona/module.ts';
import frota from './frota/module.ts';
import locais from './locais/module.ts';
import administracao from './administracao/module.ts';
import configuracoes from './configuracoes/module.ts';
import regioes from './regioes/module.ts';
import faixascep from './faixascep/module.ts';
import feriados from './feriados/module.ts';
import modais from './modais/module.ts';
import componentes from './componentes/module.ts';
import prazosentrega from './prazosentrega/module.ts';
import rotas from './rotas/module.ts';
import tabelasfrete from './tabelasfrete/module.ts';
import calculadora from './calculadora/module.ts';
import solicitacoesfrete from './solicitacoesfrete/module.ts';
import cotacoesfrete from './cotacoesfrete/module.ts';
import embarque from './embarque/module.ts';
import pedidos from './pedidos/module.ts';
import planejamentoCarga from './planejamento-carga/module.ts';
import ocorrencias from './ocorrencias/module.ts';
import eventosOcorrencia from './eventos-ocorrencia/module.ts';
import tracking from './tracking/module.ts';
import importacaoEdi from './importacao-edi/module.ts';
import nfes from './nfes/module.ts';
import ctes from './ctes/module.ts';
import nfeVirtual from './nfe-virtual/module.ts';
import filaTarefas from './fila-tarefas/module.ts';
import logs from './logs/module.ts';
import historicoWebservice from './historico-webservice/module.ts';
import atualizacoes from './atualizacoes/module.ts';
import sefaz from './sefaz/module.ts';
import auditorias from './auditorias/module.ts';
import faturamento from './faturamento/module.ts';
import rpa from './rpa/module.ts';
import notificacoes from './notificacoes/module.ts';
import bi from './bi/module.ts';
import ordenscoleta from './ordenscoleta/module.ts';

// Every module of the API; each folder's module.ts says what it gives (resources and routes).
export const MODULOS = [health, centrosCusto, departamentos, papeis, apiToken, transportadores, arquivos, auditoriaSistema, conta, embarcadores, perfil, pessoas, produtos, setor, zona, frota, locais, administracao, configuracoes, regioes, faixascep, feriados, modais, componentes, prazosentrega, rotas, tabelasfrete, calculadora, filaTarefas, logs, historicoWebservice, atualizacoes, nfes, ctes, nfeVirtual, sefaz, solicitacoesfrete, cotacoesfrete, embarque, pedidos, planejamentoCarga, auditorias, faturamento, rpa, ocorrencias, importacaoEdi, notificacoes, bi, ordenscoleta, eventosOcorrencia, tracking];

export const resources = MODULOS.flatMap((m) => m.resources ?? []);

export async function modules(app: FastifyInstance) {
  await app.register(async (scope) => {
    for (const r of resources) registerResource(scope, r);
    for (const m of MODULOS) for (const routes of m.routes ?? []) await scope.register(routes);
    // "Exportar" of every list declared above (framework/exportacao-lista.ts).
    registrarExportacaoDeListas(scope, app.recursos);
  });
}
