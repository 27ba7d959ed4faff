import ExcelJS from 'exceljs';
import { type Coluna, rotuloDaColuna } from './planilha.ts';

// The import template of a register (XLSX with instructions, or CSV): our own output, written in
// the server thread.

/** The import template: a sheet with the header (the screen's labels) and one example row, and a sheet
 * of instructions (label, required, description, and the code also accepted). */
export async function modeloXlsx(nome: string, colunas: Coluna[]): Promise<Buffer> {
  const wb = new ExcelJS.Workbook();
  wb.creator = 'Fretio';
  const ws = wb.addWorksheet(nome);
  ws.columns = colunas.map((c) => ({
    header: rotuloDaColuna(c),
    key: c.campo,
    width: Math.max(12, rotuloDaColuna(c).length + 4, String(c.exemplo ?? '').length + 2),
    // Digit columns as text, so Excel keeps leading zeros.
    style: c.digitos || c.tipo === 'texto' || !c.tipo ? { numFmt: '@' } : {},
  }));
  ws.getRow(1).font = { bold: true };
  ws.addRow(Object.fromEntries(colunas.map((c) => [c.campo, c.exemplo ?? null])));
  ws.views = [{ state: 'frozen', ySplit: 1 }];
  const inst = wb.addWorksheet('instrucoes');
  inst.columns = [
    { header: 'Coluna', key: 'coluna', width: 26 },
    { header: 'Obrigatória', key: 'obrigatoria', width: 12 },
    { header: 'Descrição', key: 'descricao', width: 90 },
    { header: 'Código (também aceito no cabeçalho)', key: 'campo', width: 22 },
  ];
  inst.getRow(1).font = { bold: true };
  for (const c of colunas) inst.addRow({ coluna: rotuloDaColuna(c), campo: c.campo, obrigatoria: c.obrigatoria ? 'sim' : 'não', descricao: c.descricao });
  inst.addRow({});
  inst.addRow({
    coluna: 'Notas',
    descricao:
      'Também aceita CSV (separador ; ou ,) com o mesmo cabeçalho. No cabeçalho vale o nome da coluna ou o código. ' +
      'Sim/não: S, N, sim, não, true, false, 1, 0.',
  });
  return Buffer.from(await wb.xlsx.writeBuffer());
}

/** The same template as CSV (';', UTF-8 with BOM so Excel opens the accents right). */
export function modeloCsv(colunas: Coluna[]): string {
  const cel = (v: unknown) => {
    const s = v === null || v === undefined ? '' : String(v);
    return /[;"\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
  };
  return `\uFEFF${colunas.map((c) => cel(rotuloDaColuna(c))).join(';')}\r\n${colunas.map((c) => cel(c.exemplo)).join(';')}\r\n`;
}
