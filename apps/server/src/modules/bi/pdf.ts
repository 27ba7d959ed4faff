import Decimal from 'decimal.js';
import { type NomeRelatorio, RELATORIOS, type TipoColuna, formatarCelulaRelatorio, formatarDinheiro } from '@fretio/core';
import { type Pdf, gerarPdf } from '../../lib/pdf.ts';

// A report as a PDF (A4 landscape): the title, a line with the shipper and the filters, the table with the
// screen's labels and cells (formatarCelulaRelatorio, the same the screen prints), its header repeated on every
// page, a total line summing the money columns exactly (decimal.js) and "Página i de n" at the foot.

/** A PDF is read, not processed: past this many rows the file says it was cut (XLSX/CSV take 100,000). */
export const MAX_LINHAS_PDF = 5_000;

const MARGEM = 40;
const PESO: Record<TipoColuna, number> = { texto: 3, documento: 1.3, data: 1.3, dataHora: 1.9, dinheiro: 1.6, numero: 1.1, percentual: 1.2 };
const DIREITA = new Set<TipoColuna>(['dinheiro', 'numero', 'percentual']);

export type CabecalhoPdf = { embarcador: string; filtros: string[]; geradoEm: string; cortado: boolean };

export function pdfRelatorio(nome: NomeRelatorio, linhas: Record<string, unknown>[], cab: CabecalhoPdf): Promise<Buffer> {
  const def = RELATORIOS[nome];
  return gerarPdf(def.titulo, (doc: Pdf) => {
    const largura = doc.page.width - MARGEM * 2;
    const soma = def.colunas.reduce((s, c) => s + PESO[c.tipo], 0);
    const larguras = def.colunas.map((c) => (PESO[c.tipo] / soma) * largura);
    const rodape = doc.page.height - MARGEM;

    doc.fontSize(8).font('Helvetica').text([cab.embarcador, ...cab.filtros, `Gerado em ${cab.geradoEm}`].join('  ·  '), { width: largura });
    if (cab.cortado) doc.font('Helvetica-Bold').text(`Limitado às primeiras ${MAX_LINHAS_PDF.toLocaleString('pt-BR')} linhas: refine os filtros ou exporte para XLSX.`);
    doc.moveDown(0.6);

    const altura = (valores: string[], negrito: boolean) => {
      doc.font(negrito ? 'Helvetica-Bold' : 'Helvetica').fontSize(7.5);
      return Math.max(...valores.map((v, i) => doc.heightOfString(v || ' ', { width: larguras[i] - 4 })));
    };
    const desenhar = (valores: string[], negrito: boolean, fundo?: string) => {
      const h = altura(valores, negrito);
      const y = doc.y;
      if (fundo) doc.save().rect(MARGEM, y - 1, largura, h + 2).fill(fundo).restore();
      doc.fillColor('black');
      let x = MARGEM;
      def.colunas.forEach((c, i) => {
        doc.text(valores[i], x + 2, y, { width: larguras[i] - 4, align: DIREITA.has(c.tipo) ? 'right' : 'left' });
        x += larguras[i];
      });
      doc.x = MARGEM;
      doc.y = y + h + 3;
    };
    const titulos = def.colunas.map((c) => c.rotulo);
    const cabecalho = () => desenhar(titulos, true, '#e8e8e8');
    const linha = (valores: string[]) => {
      if (doc.y + altura(valores, false) > rodape - 14) {
        doc.addPage();
        cabecalho();
      }
      desenhar(valores, false);
    };

    cabecalho();
    for (const l of linhas) linha(def.colunas.map((c) => formatarCelulaRelatorio(c.tipo, l[c.campo])));
    // Σ of each money column, exact; the label spans the columns before the first money column.
    const primeiraDinheiro = def.colunas.findIndex((c) => c.tipo === 'dinheiro');
    const totais = def.colunas.map((c) =>
      c.tipo === 'dinheiro' ? formatarDinheiro(linhas.reduce((s, l) => (l[c.campo] === null || l[c.campo] === undefined ? s : s.plus(String(l[c.campo]))), new Decimal(0)).toFixed(2)) : '',
    );
    if (doc.y + 14 > rodape - 14) {
      doc.addPage();
      cabecalho();
    }
    const y = doc.y + 2;
    doc.font('Helvetica-Bold').fontSize(7.5).text(`Total (${linhas.length.toLocaleString('pt-BR')} linha${linhas.length === 1 ? '' : 's'})`, MARGEM + 2, y, {
      width: (primeiraDinheiro > 0 ? larguras.slice(0, primeiraDinheiro).reduce((a, b) => a + b, 0) : largura) - 4,
    });
    let x = MARGEM;
    def.colunas.forEach((_c, i) => {
      if (totais[i]) doc.text(totais[i], x + 2, y, { width: larguras[i] - 4, align: 'right' });
      x += larguras[i];
    });

    const { start, count } = doc.bufferedPageRange();
    for (let i = start; i < start + count; i++) {
      doc.switchToPage(i);
      doc.page.margins.bottom = 0; // the foot sits in the margin: no automatic page break there
      doc.font('Helvetica').fontSize(7.5).fillColor('#555').text(`${def.titulo} — Página ${i - start + 1} de ${count}`, MARGEM, doc.page.height - MARGEM + 8, { width: largura, align: 'right', lineBreak: false });
    }
  }, { layout: 'landscape', bufferPages: true });
}
