import { inflateSync } from 'node:zlib';

// Tests only: the printed lines of a PDF made by pdfkit with its standard fonts — each content stream inflated,
// each text object's hex strings ([<..> kern <..>] TJ) decoded as WinAnsi, the pieces grouped into lines by their
// baseline (y) and ordered by x. One array of cells per line, pages in order.

/** WinAnsi = Latin-1 but for 0x80–0x9F (the ones a report may print). */
const WIN_ANSI_80: Record<number, string> = { 128: '€', 145: '‘', 146: '’', 147: '“', 148: '”', 149: '•', 150: '–', 151: '—' };
const winAnsi = (b: Buffer) => [...b].map((c) => WIN_ANSI_80[c] ?? String.fromCharCode(c)).join('');

export function linhasDoPdf(pdf: Buffer): string[][][] {
  const bruto = pdf.toString('latin1');
  const paginas: string[][][] = [];
  for (const m of bruto.matchAll(/stream\r?\n([\s\S]*?)\r?\nendstream/g)) {
    let conteudo: string;
    try {
      conteudo = inflateSync(Buffer.from(m[1], 'latin1')).toString('latin1');
    } catch {
      continue;
    }
    if (!conteudo.includes(' TJ')) continue;
    const porY = new Map<number, { x: number; t: string }[]>();
    for (const bt of conteudo.matchAll(/BT\s+1 0 0 1 ([\d.-]+) ([\d.-]+) Tm[\s\S]*?\[([^\]]*)\] TJ\s+ET/g)) {
      const texto = [...bt[3].matchAll(/<([0-9a-f]*)>/g)].map((h) => winAnsi(Buffer.from(h[1], 'hex'))).join('');
      const y = Math.round(Number(bt[2]));
      porY.set(y, [...(porY.get(y) ?? []), { x: Number(bt[1]), t: texto }]);
    }
    // PDF y grows upwards: the first line is the highest.
    paginas.push([...porY.entries()].sort((a, b) => b[0] - a[0]).map(([, c]) => c.sort((a, b) => a.x - b.x).map((p) => p.t)));
  }
  return paginas;
}
