import PDFDocument from 'pdfkit';

// Printable documents (pickup orders, RPA receipts, reports): one A4 layout for all of them, built with
// pdfkit's standard Helvetica (WinAnsi covers Portuguese accents, so no font file ships with the app).

export type Pdf = PDFKit.PDFDocument;
export type LinhaTabela = (string | number | null | undefined)[];
export type ColunaTabela = { titulo: string; largura: number; alinhamento?: 'left' | 'right' | 'center' };

const MARGEM = 40;

/** Renders a document and resolves with its bytes. `montar` draws on the page; page breaks are pdfkit's.
 * `bufferPages` keeps the pages open until the end (to number them: "Página 1 de 3"). */
export function gerarPdf(titulo: string, montar: (doc: Pdf) => void | Promise<void>, opcoes: { layout?: 'portrait' | 'landscape'; bufferPages?: boolean } = {}): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: 'A4', margin: MARGEM, info: { Title: titulo, Producer: 'Fretio' }, ...opcoes });
    const partes: Buffer[] = [];
    doc.on('data', (b: Buffer) => partes.push(b));
    doc.on('end', () => resolve(Buffer.concat(partes)));
    doc.on('error', reject);
    Promise.resolve()
      .then(() => {
        doc.font('Helvetica-Bold').fontSize(14).text(titulo);
        doc.moveDown(0.5).font('Helvetica').fontSize(9);
        return montar(doc);
      })
      .then(() => doc.end(), reject);
  });
}

/** A label/value block: "Rótulo: valor" lines, two per row when `colunas` is 2. */
export function campos(doc: Pdf, pares: [string, string | number | null | undefined][], colunas: 1 | 2 = 2): void {
  const largura = doc.page.width - MARGEM * 2;
  const col = largura / colunas;
  for (let i = 0; i < pares.length; i += colunas) {
    const y = doc.y;
    let maior = y;
    pares.slice(i, i + colunas).forEach(([rotulo, valor], j) => {
      doc.font('Helvetica-Bold').text(`${rotulo}: `, MARGEM + j * col, y, { continued: true, width: col - 8 });
      doc.font('Helvetica').text(valor === null || valor === undefined || valor === '' ? '—' : String(valor));
      maior = Math.max(maior, doc.y);
    });
    doc.x = MARGEM;
    doc.y = maior + 2;
  }
}

/** A simple table with a bold header row; long cells wrap inside their column. */
export function tabela(doc: Pdf, colunas: ColunaTabela[], linhas: LinhaTabela[]): void {
  const linha = (valores: LinhaTabela, negrito: boolean) => {
    if (doc.y > doc.page.height - MARGEM - 30) doc.addPage();
    const y = doc.y;
    let x = MARGEM;
    let maior = y;
    doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica');
    colunas.forEach((c, i) => {
      const v = valores[i];
      doc.text(v === null || v === undefined ? '' : String(v), x, y, { width: c.largura - 4, align: c.alinhamento ?? 'left' });
      maior = Math.max(maior, doc.y);
      x += c.largura;
    });
    doc.x = MARGEM;
    doc.y = maior + 3;
  };
  linha(
    colunas.map((c) => c.titulo),
    true,
  );
  for (const l of linhas) linha(l, false);
  doc.font('Helvetica');
}
