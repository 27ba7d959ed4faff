import { eq } from 'drizzle-orm';
import { formatarData, formatarDinheiro, formatarDocumento, type rpa, statusLabel, type z } from '@fretio/core';
import { embarcadores, motoristas, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { campos, gerarPdf, tabela } from '../../lib/pdf.ts';

// The printed RPA (Recibo de Pagamento a Autônomo): contracting shipper, the independent driver, the
// service, every withholding exactly as the stored calculation has it (INSS with the month's ceiling, SEST,
// SENAT, IRRF of the month, ISS), the net paid, the shipper's own INSS (information), the calculation's
// memory and the signature line. Nothing is recomputed here: the receipt prints what was issued.

type Rpa = z.infer<typeof rpa>;
const reais = (v: number) => `R$ ${formatarDinheiro(v)}`;
/** pdfkit's standard Helvetica writes WinAnsi only: the minus sign and arrows of the memory become ASCII. */
const winAnsi = (s: string) => s.replaceAll('−', '-').replaceAll('→', '->').replaceAll('≤', '<=').replaceAll('≥', '>=');
const pct = (v: number) => `${String(v).replace('.', ',')} %`;

export async function pdfDoRpa(db: DbOrTx, r: Rpa, embarcadorUid: string): Promise<Buffer> {
  const [emb] = await db.select({ nome: embarcadores.nome, cnpj: embarcadores.cnpj }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
  const [u] = await db.select({ nome: unidadesTransportador.nome, documento: unidadesTransportador.documento, uf: unidadesTransportador.uf })
    .from(unidadesTransportador).where(eq(unidadesTransportador.uid, r.unidadeTransportadorUid));
  const [m] = r.motoristaUid ? await db.select({ nome: motoristas.nome, cpf: motoristas.cpf }).from(motoristas).where(eq(motoristas.uid, r.motoristaUid)) : [];
  const c = r.calculo;
  return gerarPdf(`Recibo de Pagamento a Autônomo (RPA) nº ${r.numero}`, (doc) => {
    if (r.status === 3) doc.font('Helvetica-Bold').fontSize(12).fillColor('#b00020').text('RPA CANCELADO').fillColor('black').fontSize(9).moveDown(0.3);
    campos(doc, [
      ['Contratante', emb ? `${emb.nome} (CNPJ ${formatarDocumento(emb.cnpj)})` : ''],
      ['Situação', statusLabel('rpa', r.status)],
      ['Autônomo', u ? `${u.nome} (${formatarDocumento(u.documento)})` : r.unidadeNome],
      ['Motorista', m ? `${m.nome} (CPF ${formatarDocumento(m.cpf)})` : null],
      ['Data do serviço', formatarData(r.data)],
      ['Emitido em', formatarData(r.emitidoEm, true)],
      ['Dependentes (IRRF)', r.dependentes],
      ['Tabela vigente desde', formatarData(c.vigenciaInicio)],
    ]);
    if (r.descricao) campos(doc, [['Serviço', winAnsi(r.descricao)]], 1);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('Valores').fontSize(9);
    tabela(doc, [
      { titulo: 'Descrição', largura: 300 },
      { titulo: 'Base (R$)', largura: 110, alinhamento: 'right' },
      { titulo: 'Valor (R$)', largura: 105, alinhamento: 'right' },
    ], [
      ['Valor bruto do frete', '', formatarDinheiro(c.valorBruto)],
      [`INSS retido (11 % da base${c.baseInssLimitada < c.baseInss ? ' limitada ao teto do mês' : ''})`, formatarDinheiro(c.baseInssLimitada), `- ${formatarDinheiro(c.inss)}`],
      ['SEST (1,5 % da base de INSS)', formatarDinheiro(c.baseInss), `- ${formatarDinheiro(c.sest)}`],
      ['SENAT (1,0 % da base de INSS)', formatarDinheiro(c.baseInss), `- ${formatarDinheiro(c.senat)}`],
      [`IRRF (alíquota ${pct(c.aliquotaIrrf)})`, formatarDinheiro(c.baseIrrf), `- ${formatarDinheiro(c.irrf)}`],
      ...(c.iss ? [[`ISS retido (${pct(r.aliquotaIss ?? 0)})`, formatarDinheiro(c.valorBruto), `- ${formatarDinheiro(c.iss)}`]] : []),
      ['Total dos descontos', '', formatarDinheiro(c.totalDescontos)],
      ['Valor líquido a pagar', '', formatarDinheiro(c.valorLiquido)],
    ]);
    doc.moveDown(0.3);
    campos(doc, [['INSS patronal do contratante (20 % da base, não descontado)', reais(c.inssPatronal)]], 1);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('Memória de cálculo').font('Helvetica').fontSize(9);
    for (const linha of c.memoria) doc.text(`• ${winAnsi(linha)}`);
    doc.moveDown(1.5).text(
      `Recebi de ${emb?.nome ?? 'o contratante'} a importância líquida de ${reais(c.valorLiquido)}, referente ao serviço de transporte acima, ` +
      `com as retenções discriminadas neste recibo.`,
    );
    doc.moveDown(2.5).text('_______________________________________________', { align: 'center' });
    doc.text(u?.nome ?? r.unidadeNome ?? 'Autônomo', { align: 'center' });
  });
}
