import ExcelJS from 'exceljs';
import { sql } from 'drizzle-orm';
import { type FiltroBi, formatarData } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { DATASETS_RESUMO, mesResumo, noResumo, ocorrenciasPorTipoResumo } from './resumo.ts';
import { type Escopo, linhas } from './sql.ts';

// The data of each dashboard chart as XLSX (GET bi/graficos/{grafico}/xlsx): the same numbers the chart draws,
// read from the same place (summary tables, bi/tracking), one sheet: a title, the filters, then the table.
// Labels in pt-BR; money as numbers in an "R$" format; dates as dates in DD/MM/YYYY; percentages as numbers.

type Tipo = 'texto' | 'inteiro' | 'dinheiro' | 'percentual' | 'data';
type Coluna = { rotulo: string; campo: string; tipo: Tipo; largura?: number };
export type Grafico = { titulo: string; colunas: Coluna[]; dados: (db: Db, e: Escopo, f: FiltroBi) => Promise<Record<string, unknown>[]> };

const FORMATO: Record<Tipo, string | undefined> = { texto: undefined, inteiro: '#,##0', dinheiro: '"R$" #,##0.00', percentual: '0.00', data: 'dd/mm/yyyy' };
const MESES = ['jan', 'fev', 'mar', 'abr', 'mai', 'jun', 'jul', 'ago', 'set', 'out', 'nov', 'dez'];

/** A month (YYYY-MM) as the sheet shows it: "mar/2024", and its first and last day inside the filter's period. */
function doMes(mes: string, f: FiltroBi) {
  const [a, m] = mes.split('-').map(Number);
  const primeiro = `${mes}-01`;
  const ultimo = `${mes}-${String(new Date(Date.UTC(a, m, 0)).getUTCDate()).padStart(2, '0')}`;
  return {
    mesRotulo: `${MESES[m - 1]}/${a}`,
    de: f.dataInicio && f.dataInicio > primeiro ? f.dataInicio : primeiro,
    ate: f.dataFim && f.dataFim < ultimo ? f.dataFim : ultimo,
  };
}
const colunasMes: Coluna[] = [
  { rotulo: 'Mês', campo: 'mesRotulo', tipo: 'texto' },
  { rotulo: 'De', campo: 'de', tipo: 'data' },
  { rotulo: 'Até', campo: 'ate', tipo: 'data' },
];

export const GRAFICOS: Record<string, Grafico> = {
  'frete-por-mes': {
    titulo: 'Custo do frete por mês (CT-e)',
    colunas: [
      ...colunasMes,
      { rotulo: 'CT-e', campo: 'ctes', tipo: 'inteiro' },
      { rotulo: 'Frete', campo: 'valorFrete', tipo: 'dinheiro', largura: 18 },
      { rotulo: 'Valor da mercadoria', campo: 'valorMercadoria', tipo: 'dinheiro', largura: 22 },
      { rotulo: '% do frete sobre a mercadoria', campo: 'percentualFrete', tipo: 'percentual', largura: 28 },
    ],
    dados: async (db, e, f) => (await linhas<{ mes: string }>(db, sql`select ${mesResumo} as "mes", sum(s.ctes)::int as "ctes",
        sum(s.valor_prestacao)::text as "valorFrete", sum(s.valor_carga)::text as "valorMercadoria",
        case when sum(s.valor_carga) = 0 then null else round(sum(s.valor_prestacao) * 100.0 / sum(s.valor_carga), 2)::float8 end as "percentualFrete"
        from resumo_bi_ctes s where ${noResumo(e, f)} group by 1 having sum(s.ctes) > 0 order by 1`)).map((l) => ({ ...l, ...doMes(l.mes, f) })),
  },
  'entregas-no-prazo': {
    titulo: 'Entregas no prazo por mês',
    colunas: [
      ...colunasMes,
      { rotulo: 'NF-e emitidas', campo: 'notas', tipo: 'inteiro', largura: 14 },
      { rotulo: 'Entregues no prazo', campo: 'noPrazo', tipo: 'inteiro', largura: 18 },
      { rotulo: 'Entregues com atraso', campo: 'comAtraso', tipo: 'inteiro', largura: 20 },
      { rotulo: 'Atrasadas (não entregues)', campo: 'atrasadas', tipo: 'inteiro', largura: 24 },
      { rotulo: '% no prazo', campo: 'percentualNoPrazo', tipo: 'percentual' },
    ],
    dados: async (db, e, f) => ((await DATASETS_RESUMO.performancemensalnf(db, e, f)) as { mes: string }[]).map((l) => ({ ...l, ...doMes(l.mes, f) })),
  },
  'ocorrencias-por-tipo': {
    titulo: 'Ocorrências por tipo',
    colunas: [
      { rotulo: 'Ocorrência', campo: 'ocorrencia', tipo: 'texto', largura: 40 },
      { rotulo: 'Eventos', campo: 'quantidade', tipo: 'inteiro' },
    ],
    dados: (db, e, f) => ocorrenciasPorTipoResumo(db, e, f),
  },
};

function celula(tipo: Tipo, v: unknown): ExcelJS.CellValue {
  if (v === null || v === undefined) return null;
  if (tipo === 'texto') return String(v);
  if (tipo === 'data') return new Date(`${String(v)}T00:00:00Z`);
  return Number(v);
}

/** The sheet: title (row 1), filters in words (row 2), header (row 4), one row per chart item. */
export async function planilhaGrafico(g: Grafico, linhasDados: Record<string, unknown>[], filtros: string[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(g.titulo.slice(0, 31));
  ws.getCell('A1').value = g.titulo;
  ws.getCell('A1').font = { bold: true, size: 13 };
  ws.getCell('A2').value = filtros.join(' · ');
  g.colunas.forEach((c, i) => {
    const col = ws.getColumn(i + 1);
    col.width = c.largura ?? Math.max(12, c.rotulo.length + 2);
    const cab = ws.getCell(4, i + 1);
    cab.value = c.rotulo;
    cab.font = { bold: true };
  });
  linhasDados.forEach((l, r) => {
    g.colunas.forEach((c, i) => {
      const cel = ws.getCell(5 + r, i + 1);
      cel.value = celula(c.tipo, l[c.campo]);
      const fmt = FORMATO[c.tipo];
      if (fmt) cel.numFmt = fmt;
    });
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The filters as the sheet's second row says them. */
export function descreverFiltrosBi(f: FiltroBi, transportador: string | null): string[] {
  const out = [`Período: ${f.dataInicio ? formatarData(f.dataInicio) : 'início'} a ${f.dataFim ? formatarData(f.dataFim) : 'hoje'}`];
  if (transportador) out.push(`Transportador: ${transportador}`);
  if (f.uf) out.push(`UF de destino: ${f.uf}`);
  return out;
}
