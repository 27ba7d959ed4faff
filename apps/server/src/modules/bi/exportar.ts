import { randomUUID } from 'node:crypto';
import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { type FiltroRelatorio, type NomeRelatorio, RELATORIOS, type RelatorioDef, formatarData, statusLabel } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { embarcadores, transportadores } from '../../db/schema/index.ts';
import { defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { MAX_LINHAS_PDF, pdfRelatorio } from './pdf.ts';
import { todasAsLinhas } from './relatorios.ts';
import type { Escopo } from './sql.ts';

// A report to XLSX (or CSV, or PDF: ./pdf.ts), always as a queue task (any report can be large): the header row is the screen's
// labels (RELATORIOS of core), money and percentages as numbers with a pt-BR format, dates as dates.

export const MAX_LINHAS_EXPORTACAO = 100_000;

type Formato = 'xlsx' | 'csv' | 'pdf';
type Parametros = { relatorio: NomeRelatorio; filtros: FiltroRelatorio; escopo: Escopo; formato?: Formato };

const TIPOS: Record<Formato, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  pdf: 'application/pdf',
};

/** The filters as the PDF's header prints them (names, not uids). */
async function descreverFiltros(db: DbOrTx, nome: NomeRelatorio, f: FiltroRelatorio, embarcadorUid: string) {
  const [e] = await db.select({ nome: embarcadores.nome }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
  const [t] = f.transportadorUid ? await db.select({ nome: transportadores.nome }).from(transportadores).where(eq(transportadores.uid, f.transportadorUid)) : [];
  const filtros: string[] = [];
  if (f.dataInicio || f.dataFim) filtros.push(`Período: ${f.dataInicio ? formatarData(f.dataInicio) : '…'} a ${f.dataFim ? formatarData(f.dataFim) : '…'}`);
  if (t) filtros.push(`Transportador: ${t.nome}`);
  if (f.uf) filtros.push(`UF destino: ${f.uf}`);
  const st = (RELATORIOS[nome] as RelatorioDef).status;
  if (st && f.status) filtros.push(`Status: ${statusLabel(st, f.status)}`);
  return { embarcador: e?.nome ?? '', filtros };
}

const FORMATOS = { dinheiro: '#,##0.00', percentual: '0.00', numero: undefined, documento: '0', texto: undefined, data: 'dd/mm/yyyy', dataHora: 'dd/mm/yyyy hh:mm' } as const;

function celula(tipo: keyof typeof FORMATOS, v: unknown): unknown {
  if (v === null || v === undefined) return null;
  if (tipo === 'dinheiro' || tipo === 'percentual' || tipo === 'numero' || tipo === 'documento') return Number(v);
  if (tipo === 'data') return new Date(`${String(v)}T00:00:00Z`);
  if (tipo === 'dataHora') return new Date(String(v));
  return v;
}

export async function planilhaRelatorio(nome: NomeRelatorio, linhas: Record<string, unknown>[]): Promise<Buffer> {
  const def = RELATORIOS[nome];
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet(def.titulo.slice(0, 31));
  ws.columns = def.colunas.map((c) => ({ header: c.rotulo, key: c.campo, width: Math.max(12, c.rotulo.length + 2), style: FORMATOS[c.tipo] ? { numFmt: FORMATOS[c.tipo] } : {} }));
  for (const l of linhas) ws.addRow(def.colunas.map((c) => celula(c.tipo, l[c.campo])));
  ws.getRow(1).font = { bold: true };
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** A CSV cell as pt-BR spreadsheets read it: decimal comma, DD/MM/AAAA (São Paulo time), text quoted when needed and
 * never starting with = + - @ (a formula when opened: CSV injection). */
function celulaCsv(tipo: keyof typeof FORMATOS, v: unknown): string {
  if (v === null || v === undefined || v === '') return '';
  if (tipo === 'dinheiro' || tipo === 'percentual' || tipo === 'numero') return String(v).replace('.', ',');
  if (tipo === 'data' || tipo === 'dataHora') return formatarData(String(v), tipo === 'dataHora');
  let t = String(v);
  if (tipo === 'texto' && /^[=+\-@\t\r]/.test(t)) t = `'${t}`;
  return /[;"\r\n]/.test(t) ? `"${t.replaceAll('"', '""')}"` : t;
}

/** The report as CSV: header = the screen's labels, ';' separated, CRLF lines, UTF-8 with BOM (Excel in pt-BR opens it as is). */
export function csvRelatorio(nome: NomeRelatorio, linhas: Record<string, unknown>[]): Buffer {
  const def = RELATORIOS[nome];
  const saida = [def.colunas.map((c) => celulaCsv('texto', c.rotulo)).join(';')];
  for (const l of linhas) saida.push(def.colunas.map((c) => celulaCsv(c.tipo, l[c.campo])).join(';'));
  return Buffer.from(`\uFEFF${saida.join('\r\n')}\r\n`, 'utf8');
}

export const exportarRelatorio = defineTipoTarefa<Parametros>({
  tipo: 'exportar-relatorio',
  nome: 'Exportação de relatório',
  recurso: 'relatorios',
  processar: async () => ({ situacao: 'ok' }),
  async concluir(db, tarefa) {
    const { relatorio, filtros, escopo } = tarefa.parametros;
    const formato = tarefa.parametros.formato ?? 'xlsx';
    const maximo = formato === 'pdf' ? MAX_LINHAS_PDF : MAX_LINHAS_EXPORTACAO;
    const linhas = await todasAsLinhas(db, relatorio, escopo, filtros, maximo);
    const cortado = linhas.length >= maximo;
    const dados =
      formato === 'csv'
        ? csvRelatorio(relatorio, linhas)
        : formato === 'pdf'
          ? await pdfRelatorio(relatorio, linhas, { ...(await descreverFiltros(db, relatorio, filtros, tarefa.embarcadorUid)), geradoEm: formatarData(new Date(), true), cortado })
          : await planilhaRelatorio(relatorio, linhas);
    const nome = `${relatorio}.${formato}`;
    const chave = `exportacoes/${tarefa.embarcadorUid}/${randomUUID()}-${nome}`;
    await tarefa.storage.put(chave, dados);
    const limite = cortado ? ` Limitado a ${maximo.toLocaleString('pt-BR')} linhas: refine os filtros.` : '';
    return {
      arquivo: { chave, nome, tipoConteudo: TIPOS[formato], tamanho: dados.length },
      mensagem: `${linhas.length} linha(s) exportada(s).${limite}`,
    };
  },
});
