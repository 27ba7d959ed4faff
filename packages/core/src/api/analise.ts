import { z } from 'zod';
import { formatarData, formatarDinheiro } from '../formatos.ts';
import { zData, zUf, zUid } from '../zod.ts';

// Reports, BI datasets and the dashboard (issue 13): the filters each call takes and the columns each
// report shows. The labels are the screen's and the XLSX header's (one list, never camelCase).

const periodo = {
  dataInicio: zData.optional(),
  dataFim: zData.optional(),
  transportadorUid: zUid.optional(),
  uf: zUf.optional(),
};

const fimDepoisDoInicio = (v: { dataInicio?: string; dataFim?: string }, ctx: z.RefinementCtx) => {
  if (v.dataInicio && v.dataFim && v.dataFim < v.dataInicio) {
    ctx.addIssue({ code: 'custom', path: ['dataFim'], message: 'A data final deve ser igual ou posterior à inicial' });
  }
};

/** Body of every report (POST relatorios/* and documentos/relatorio-frete). */
export const filtroRelatorio = z
  .object({
    ...periodo,
    status: z.number({ error: 'Status inválido' }).int('Status inválido').min(1, 'Status inválido').max(9, 'Status inválido').optional(),
    pc: z.number({ error: 'Página inválida' }).int('Página inválida').min(1, 'Página inválida').optional(),
    pps: z.number({ error: 'Tamanho de página inválido' }).int('Tamanho de página inválido').min(1, 'Tamanho de página inválido').max(500, 'No máximo 500 linhas por página').optional(),
  })
  .superRefine(fimDepoisDoInicio);
export type FiltroRelatorio = z.infer<typeof filtroRelatorio>;

/** Filters of the BI datasets (query string of GET bi-test/*, body of POST bi/*). */
export const filtroBi = z.object(periodo).superRefine(fimDepoisDoInicio);
export type FiltroBi = z.infer<typeof filtroBi>;

/** documento: a document number (shown without thousands separators, a number in the XLSX). */
export type TipoColuna = 'texto' | 'documento' | 'data' | 'dataHora' | 'dinheiro' | 'numero' | 'percentual';
export type ColunaRelatorio = { campo: string; rotulo: string; tipo: TipoColuna };
export type RelatorioDef = { titulo: string; caminho: string; descricao: string; status?: 'solicitacaoFrete' | 'auditoria'; colunas: ColunaRelatorio[] };

const c = (campo: string, rotulo: string, tipo: TipoColuna = 'texto'): ColunaRelatorio => ({ campo, rotulo, tipo });

export const RELATORIOS = {
  solicitacaofrete: {
    titulo: 'Solicitações de frete', caminho: 'relatorios/solicitacaofrete', status: 'solicitacaoFrete',
    descricao: 'Solicitações criadas no período, com a carga, a cotação e o transportador vencedor.',
    colunas: [c('numero', 'Número', 'documento'), c('criadoEm', 'Criada em', 'data'), c('status', 'Status'), c('origem', 'Origem'), c('destino', 'Destino'),
      c('dataColetaDesejada', 'Coleta desejada', 'data'), c('pesoKg', 'Peso (kg)', 'numero'), c('valorCarga', 'Valor da carga', 'dinheiro'),
      c('cotacaoNumero', 'Cotação', 'documento'), c('transportador', 'Transportador vencedor'), c('valorAprovado', 'Frete aprovado', 'dinheiro')],
  },
  auditoria: {
    titulo: 'Auditoria de frete', caminho: 'relatorios/auditoria', status: 'auditoria',
    descricao: 'CT-es auditados (emissão no período): valor cobrado, esperado e a diferença.',
    colunas: [c('numeroCte', 'CT-e', 'documento'), c('serieCte', 'Série', 'documento'), c('emissao', 'Emissão', 'data'), c('transportador', 'Transportador'),
      c('status', 'Resultado'), c('valorCobrado', 'Valor cobrado', 'dinheiro'), c('valorEsperado', 'Valor esperado', 'dinheiro'),
      c('diferenca', 'Diferença', 'dinheiro'), c('resumo', 'Resumo')],
  },
  'cte-sem-nfe': {
    titulo: 'CT-e sem NF-e', caminho: 'relatorios/cte-sem-nfe',
    descricao: 'CT-es (não cancelados) que citam NF-e ainda não importada, ou nenhuma.',
    colunas: [c('numero', 'CT-e', 'documento'), c('serie', 'Série', 'documento'), c('emissao', 'Emissão', 'data'), c('transportador', 'Transportador'),
      c('chave', 'Chave do CT-e'), c('valorPrestacao', 'Valor da prestação', 'dinheiro'), c('nfesCitadas', 'NF-e citadas', 'numero'),
      c('nfesAusentes', 'NF-e não importadas', 'numero')],
  },
  'acompanhamento-entregas': {
    titulo: 'Acompanhamento de entregas', caminho: 'relatorios/acompanhamento-entregas',
    descricao: 'Cada NF-e do período: prazo prometido, último evento, entrega e situação.',
    colunas: [c('numero', 'NF-e', 'documento'), c('serie', 'Série', 'documento'), c('emissao', 'Emissão', 'data'), c('destinatario', 'Destinatário'),
      c('uf', 'UF destino'), c('transportador', 'Transportador'), c('prazoDiasUteis', 'Prazo (dias úteis)', 'numero'),
      c('dataPrometida', 'Entrega prometida', 'data'), c('ultimoEvento', 'Último evento'), c('ultimoEventoEm', 'Último evento em', 'dataHora'),
      c('entregueEm', 'Entregue em', 'dataHora'), c('situacao', 'Situação'), c('diasAtraso', 'Dias de atraso', 'numero')],
  },
  'eventos-ocorrencia': {
    titulo: 'Eventos de ocorrência', caminho: 'relatorios/eventos-ocorrencia',
    descricao: 'Eventos registrados no período (OCOREN, portal, API ou digitados).',
    colunas: [c('dataHora', 'Data e hora', 'dataHora'), c('nf', 'NF'), c('transportador', 'Transportador'), c('codigo', 'Código do transportador'),
      c('ocorrencia', 'Ocorrência'), c('origem', 'Origem'), c('observacao', 'Observação')],
  },
  'nfe-sem-ocorrencia': {
    titulo: 'NF-e sem ocorrência', caminho: 'relatorios/nfe-sem-ocorrencia',
    descricao: 'NF-es (não canceladas) emitidas no período sem nenhum evento de ocorrência.',
    colunas: [c('numero', 'NF-e', 'documento'), c('serie', 'Série', 'documento'), c('emissao', 'Emissão', 'data'), c('destinatario', 'Destinatário'),
      c('uf', 'UF destino'), c('transportador', 'Transportador'), c('valorTotal', 'Valor da NF-e', 'dinheiro'), c('diasSemOcorrencia', 'Dias desde a emissão', 'numero')],
  },
  'relatorio-frete': {
    titulo: 'Frete por NF-e', caminho: 'documentos/relatorio-frete',
    descricao: 'Frete esperado (cotação), cobrado (CT-e, rateado pelo valor das notas) e pago (fatura paga), e o % sobre a mercadoria.',
    colunas: [c('numero', 'NF-e', 'documento'), c('serie', 'Série', 'documento'), c('emissao', 'Emissão', 'data'), c('destinatario', 'Destinatário'),
      c('uf', 'UF destino'), c('transportador', 'Transportador'), c('valorTotal', 'Valor da mercadoria', 'dinheiro'), c('freteEsperado', 'Frete esperado', 'dinheiro'),
      c('freteCobrado', 'Frete cobrado', 'dinheiro'), c('fretePago', 'Frete pago', 'dinheiro'), c('percentualFrete', '% frete sobre a mercadoria', 'percentual')],
  },
} as const satisfies Record<string, RelatorioDef>;
export type NomeRelatorio = keyof typeof RELATORIOS;
export const NOMES_RELATORIOS = Object.keys(RELATORIOS) as [NomeRelatorio, ...NomeRelatorio[]];

export const linhaRelatorio = z.record(z.string(), z.unknown());

export const exportarRelatorioInput = z.object({
  relatorio: z.enum(NOMES_RELATORIOS, { error: 'Relatório inválido' }),
  filtros: filtroRelatorio.optional(),
  /** xlsx (default), csv (pt-BR: ';' separated, decimal comma, DD/MM/AAAA, UTF-8 with BOM) or pdf (A4 landscape, the screen's cells). */
  formato: z.enum(['xlsx', 'csv', 'pdf'], { error: 'Formato inválido: use xlsx, csv ou pdf' }).optional(),
});

/** A report cell as the screen and the PDF print it (pt-BR): 1.234,56; 12,50 %; DD/MM/AAAA; DD/MM/AAAA HH:mm (Brasília). */
export function formatarCelulaRelatorio(tipo: TipoColuna, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  switch (tipo) {
    case 'dinheiro': return formatarDinheiro(v as string);
    case 'percentual': return `${formatarDinheiro(v as number)} %`;
    case 'data': return formatarData(String(v));
    case 'dataHora': return formatarData(String(v), true);
    case 'numero': return Number(v).toLocaleString('pt-BR');
    default: return String(v);
  }
}

/** The delivery situation of an NF-e in the reports: the tracking status's label (STATUS_RASTREIO_LISTA), and
 * "Entregue (sem prazo)" for a delivery with no promised date (tracking calls it on time). */
export const SITUACOES_ENTREGA = ['Atrasada', 'Ocorrência/exceção', 'Sem ocorrência', 'Em trânsito', 'Entregue com atraso', 'Entregue no prazo', 'Entregue (sem prazo)'] as const;

/** Saved dashboard/BI filters of a user (GET/POST bi). */
export const biConfigInput = z.object({
  filtros: z.object(periodo).superRefine(fimDepoisDoInicio),
  datasets: z.array(z.string().max(60, 'No máximo 60 caracteres')).max(30, 'No máximo 30 conjuntos').optional(),
});
export type BiConfig = z.infer<typeof biConfigInput>;

const cartao = z.object({ qtde: z.number(), valor: z.string().nullable(), perc: z.number().nullable(), data: z.array(z.object({ mes: z.string(), qtde: z.number(), valor: z.string().nullable() })) });
const indicador = z.object({ id: z.string(), nome: z.string(), entregas: z.number(), noPrazo: z.number(), percentual: z.number().nullable(), valorFrete: z.string() });
const porPeriodo = z.object({ ano: z.array(indicador), hoje: z.array(indicador), semana: z.array(indicador), total: z.array(indicador) });
export const dashboardResposta = z.object({
  contaFrete: cartao, conhecimentos: cartao, notasFiscais: cartao, divergencias: cartao,
  indicadoresTransportadoras: porPeriodo, indicadoresRegiao: porPeriodo,
});
export type Dashboard = z.infer<typeof dashboardResposta>;
export type CartaoDashboard = z.infer<typeof cartao>;
export type IndicadorDashboard = z.infer<typeof indicador>;
