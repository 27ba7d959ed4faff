import { createDeflateRaw, crc32, deflateRawSync } from 'node:zlib';

// Hand-built ZIP/XLSX files for the hostile-file tests: honest workbooks, and bombs whose central
// directory declares whatever size the test wants.

export type Parte = { nome: string; dados?: Buffer; deflated?: Buffer; declarado?: number; crc?: number };

/** A ZIP of the given parts (deflated); `declarado` overrides the uncompressed size written. */
export function montarZip(partes: Parte[]): Buffer {
  const locais: Buffer[] = [];
  const centrais: Buffer[] = [];
  let offset = 0;
  for (const p of partes) {
    const nome = Buffer.from(p.nome);
    const comprimido = p.deflated ?? deflateRawSync(p.dados ?? Buffer.alloc(0));
    const tamanho = p.declarado ?? p.dados?.length ?? 0;
    const crc = p.crc ?? (p.dados ? crc32(p.dados) : 0);
    const local = Buffer.alloc(30);
    local.writeUInt32LE(0x04034b50, 0);
    local.writeUInt16LE(20, 4);
    local.writeUInt16LE(8, 8);
    local.writeUInt32LE(crc >>> 0, 14);
    local.writeUInt32LE(comprimido.length, 18);
    local.writeUInt32LE(tamanho, 22);
    local.writeUInt16LE(nome.length, 26);
    const central = Buffer.alloc(46);
    central.writeUInt32LE(0x02014b50, 0);
    central.writeUInt16LE(20, 4);
    central.writeUInt16LE(20, 6);
    central.writeUInt16LE(8, 10);
    central.writeUInt32LE(crc >>> 0, 16);
    central.writeUInt32LE(comprimido.length, 20);
    central.writeUInt32LE(tamanho, 24);
    central.writeUInt16LE(nome.length, 28);
    central.writeUInt32LE(offset, 42);
    locais.push(local, nome, comprimido);
    centrais.push(central, nome);
    offset += 30 + nome.length + comprimido.length;
  }
  const cd = Buffer.concat(centrais);
  const fim = Buffer.alloc(22);
  fim.writeUInt32LE(0x06054b50, 0);
  fim.writeUInt16LE(partes.length, 8);
  fim.writeUInt16LE(partes.length, 10);
  fim.writeUInt32LE(cd.length, 12);
  fim.writeUInt32LE(offset, 16);
  return Buffer.concat([...locais, cd, fim]);
}

/** `mb` megabytes of zeros, deflated by streaming (never held inflated): ~1 KB per MB. */
export async function zerosDeflated(mb: number): Promise<Buffer> {
  const z = createDeflateRaw({ level: 9 });
  const partes: Buffer[] = [];
  z.on('data', (b: Buffer) => partes.push(b));
  const fim = new Promise((r) => z.on('end', r));
  const mega = Buffer.alloc(1024 * 1024);
  for (let i = 0; i < mb; i++) if (!z.write(mega)) await new Promise((r) => z.once('drain', r));
  z.end();
  await fim;
  return Buffer.concat(partes);
}

const xml = (s: string) => Buffer.from(`<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n${s}`);
/** The parts of a one-sheet workbook around the given sheet XML (or sheet part). */
export function xlsxCom(planilha: Parte | string): Buffer {
  const folha: Parte = typeof planilha === 'string' ? { nome: 'xl/worksheets/sheet1.xml', dados: xml(planilha) } : planilha;
  return montarZip([
    {
      nome: '[Content_Types].xml',
      dados: xml(
        '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/><Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/></Types>',
      ),
    },
    {
      nome: '_rels/.rels',
      dados: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/></Relationships>',
      ),
    },
    {
      nome: 'xl/workbook.xml',
      dados: xml(
        '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships"><sheets><sheet name="pessoas" sheetId="1" r:id="rId1"/></sheets></workbook>',
      ),
    },
    {
      nome: 'xl/_rels/workbook.xml.rels',
      dados: xml(
        '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/></Relationships>',
      ),
    },
    folha,
  ]);
}

const NS = 'xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"';
/** 1.6 KB: one cell at XFD1048576 (a reader that trusts it walks a million rows). */
export const xlsxCelulaDistante = () =>
  xlsxCom(`<worksheet ${NS}><dimension ref="A1:XFD1048576"/><sheetData><row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`);
/** The same far cell, with <dimension> omitted (the reader must scan the cells). */
export const xlsxCelulaDistanteSemDimensao = () =>
  xlsxCom(`<worksheet ${NS}><sheetData><row r="1048576"><c r="XFD1048576" t="inlineStr"><is><t>x</t></is></c></row></sheetData></worksheet>`);
