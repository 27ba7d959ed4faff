import { gzipSync } from 'node:zlib';
import type ExcelJS from 'exceljs';
import { decodificar, parseCsv, parseLista } from './csv.ts';
import { verificarDimensao } from './dimensao.ts';
import { ArquivoRecusado, type LimitesArquivo } from './limites.ts';
import { type EntradaZip, diretorioZip, ehZip, inflarBruto, lerZip } from './zip-seguro.ts';

// What the parse worker does with one untrusted file. Runs only inside the worker thread (see
// pool.ts): a file that still manages to exhaust memory kills the worker, not the server.

/** `xml`: the inflated document, when the task brought a ZIP entry's compressed bytes. */
export type DocumentoFiscalLido = { doc: import('@fretio/core/fiscal').DocumentoLido; assinaturaValida: boolean; xml?: Uint8Array; xmlGz?: Uint8Array };
/** A ZIP entry as the directory described it: the worker inflates it (capped) before parsing. */
export type EntradaCompactada = Pick<EntradaZip, 'nome' | 'metodo' | 'declarado'>;

export type Celula = string | number | boolean | null;
export type Aba = { nome: string; linhas: Celula[][] };

export type Tarefa =
  /** XLSX (every sheet) or CSV (one sheet named 'csv') → cell matrices. */
  | { tipo: 'planilha'; dados: Uint8Array; csv: 'padrao' | 'lista'; limites: LimitesArquivo }
  /** A ZIP's entries (e.g. the fiscal issue's batch of XML), inflated within the limits. */
  | { tipo: 'zip'; dados: Uint8Array; limites: LimitesArquivo; extensoes?: string[] }
  /** One XML document → object (fast-xml-parser), e.g. an NF-e. */
  | { tipo: 'xml'; dados: Uint8Array; limites: LimitesArquivo }
  /** One fiscal XML (NF-e, CT-e or a cancellation event) → the parsed document and its signature check. */
  | { tipo: 'fiscal'; dados: Uint8Array; documento: 'nfe' | 'cte'; limites: LimitesArquivo; entrada?: EntradaCompactada }
  /** A PROCEDA EDI text file → the import task's items (core `itensImportacaoEdi`). */
  | { tipo: 'edi'; dados: Uint8Array; documento: import('@fretio/core').DocumentoEdi; limites: LimitesArquivo };

function celula(v: ExcelJS.CellValue): Celula {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return v;
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'object') {
    if ('richText' in v) return v.richText.map((r) => r.text).join('');
    if ('result' in v) return celula(v.result as ExcelJS.CellValue);
    if ('text' in v) return String(v.text);
  }
  return null;
}

async function lerXlsx(dados: Buffer, limites: LimitesArquivo): Promise<Aba[]> {
  // Every entry is inflated under the caps first (the declared sizes may lie), and every sheet's
  // extent is checked; only then does ExcelJS, which trusts the file, get to read it.
  const partes = lerZip(dados, limites);
  for (const [nome, xml] of partes) if (/^xl\/worksheets\/[^/]+\.xml$/.test(nome)) verificarDimensao(nome.slice(14, -4), xml, limites);
  // Loaded on first use: a worker that only reads CSV starts faster.
  const { default: Excel } = await import('exceljs');
  const wb = new Excel.Workbook();
  try {
    await wb.xlsx.load(dados as unknown as ArrayBuffer);
  } catch {
    throw new ArquivoRecusado('Arquivo XLSX inválido ou corrompido');
  }
  return wb.worksheets.map((ws) => {
    const linhas: Celula[][] = [];
    ws.eachRow({ includeEmpty: true }, (row, n) => {
      const cells: Celula[] = [];
      row.eachCell({ includeEmpty: true }, (cell, col) => {
        cells[col - 1] = celula(cell.value);
      });
      linhas[n - 1] = cells;
    });
    return { nome: ws.name, linhas: Array.from(linhas, (l) => l ?? []) };
  });
}

export async function executarTarefa(t: Tarefa): Promise<unknown> {
  let dados = Buffer.from(t.dados.buffer, t.dados.byteOffset, t.dados.byteLength);
  // One entry of a stored ZIP (streamed import): inflated here, never past its declared size.
  const entrada = t.tipo === 'fiscal' ? t.entrada : undefined;
  if (entrada) dados = inflarBruto(dados, entrada);
  if (t.tipo === 'planilha') {
    if (ehZip(dados)) return lerXlsx(dados, t.limites);
    const linhas = t.csv === 'lista' ? parseLista(new TextDecoder('utf-8').decode(dados), t.limites.linhas) : parseCsv(decodificar(dados), t.limites.linhas);
    return [{ nome: 'csv', linhas }] satisfies Aba[];
  }
  if (t.tipo === 'zip') {
    if (!ehZip(dados)) throw new ArquivoRecusado('O arquivo não é um ZIP');
    diretorioZip(dados, t.limites);
    const quais = (nome: string) => !t.extensoes || t.extensoes.some((e) => nome.toLowerCase().endsWith(e));
    return [...lerZip(dados, t.limites, quais)].map(([nome, conteudo]) => ({ nome, conteudo: new Uint8Array(conteudo) }));
  }
  if (t.tipo === 'edi') {
    if (dados.length > t.limites.bytesPorEntrada) throw new ArquivoRecusado('Arquivo EDI grande demais');
    const { itensImportacaoEdi } = await import('@fretio/core');
    return itensImportacaoEdi(dados, t.documento);
  }
  if (dados.length > t.limites.bytesPorEntrada) throw new ArquivoRecusado('Arquivo XML grande demais');
  // DOCTYPE, entity declarations and undeclared entities are refused before parsing (core/fiscal/xml.ts).
  const fiscal = await import('@fretio/core/fiscal');
  const texto = fiscal.textoDoXml(dados);
  try {
    if (t.tipo === 'xml') return fiscal.lerXml(texto);
    const doc = t.documento === 'nfe' ? fiscal.lerArquivoNfe(texto) : fiscal.lerArquivoCte(texto);
    const { assinaturaValida } = await import('./assinatura-xml.ts');
    const lido: DocumentoFiscalLido = { doc, assinaturaValida: doc.tipo === 'evento' ? false : assinaturaValida(texto) };
    if (entrada) lido.xml = new Uint8Array(dados.buffer, dados.byteOffset, dados.byteLength);
    // The stored copy is compressed here too, off the server's main thread.
    if (doc.tipo !== 'evento') lido.xmlGz = new Uint8Array(gzipSync(dados));
    return lido;
  } catch (e) {
    if (e instanceof fiscal.DocumentoFiscalInvalido) throw new ArquivoRecusado(e.message);
    throw e;
  }
}
