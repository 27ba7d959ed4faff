import { asc, eq } from 'drizzle-orm';
import { type OrdemColeta, formatarData, formatarDinheiro, statusLabel } from '@fretio/core';
import { cargaNfes, cargaProdutos, embarcadores } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { campos, gerarPdf, tabela } from '../../lib/pdf.ts';

// The printable pickup order: who collects, from where to where, the parties, the carrier's answer
// and the cargo (products and NF-es), on one A4 page of the shared layout (lib/pdf.ts).

const num = (v: string | number | null, casas: number) =>
  v === null ? '' : Number(v).toLocaleString('pt-BR', { minimumFractionDigits: casas, maximumFractionDigits: casas });
const lugar = (cep: string | null, municipio: string | null, uf: string | null) =>
  [municipio && uf ? `${municipio}/${uf}` : municipio, cep ? `CEP ${cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}` : null].filter(Boolean).join(' — ');

export async function pdfDaOrdem(db: DbOrTx, o: OrdemColeta, embarcadorUid: string): Promise<Buffer> {
  const [emb] = await db.select({ nome: embarcadores.nome, cnpj: embarcadores.cnpj }).from(embarcadores).where(eq(embarcadores.uid, embarcadorUid));
  const produtos = await db.select().from(cargaProdutos).where(eq(cargaProdutos.ordemColetaUid, o.uid)).orderBy(asc(cargaProdutos.criadoEm));
  const nfes = await db.select().from(cargaNfes).where(eq(cargaNfes.ordemColetaUid, o.uid)).orderBy(asc(cargaNfes.numero));
  return gerarPdf(`Ordem de coleta nº ${o.numero}`, (doc) => {
    campos(doc, [
      ['Embarcador', emb ? `${emb.nome} (CNPJ ${emb.cnpj})` : ''],
      ['Status', statusLabel('ordemColeta', o.status)],
      ['Transportador', o.transportadorNome],
      ['Enviada em', formatarData(o.enviadoEm, true)],
      ['Origem', lugar(o.origemCep, o.origemMunicipioNome, o.origemUf)],
      ['Destino', lugar(o.destinoCep, o.destinoMunicipioNome, o.destinoUf)],
      ['Remetente', o.remetenteNome],
      ['Destinatário', o.destinatarioNome],
      ['Coleta desejada', formatarData(o.dataColetaDesejada)],
      ['Tipo de veículo', o.tipoVeiculoNome],
      ['Coleta prevista', formatarData(o.dataColetaPrevista)],
      ['Veículo / motorista', [o.veiculoPlaca, o.motoristaNome].filter(Boolean).join(' / ')],
      ['Peso total (kg)', num(o.pesoTotalKg, 3)],
      ['Valor da mercadoria', `R$ ${formatarDinheiro(o.valorTotal)}`],
    ]);
    if (o.observacao) campos(doc, [['Observação', o.observacao]], 1);
    if (o.justificativa) campos(doc, [['Justificativa', o.justificativa]], 1);
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('Produtos').fontSize(9);
    tabela(
      doc,
      [
        { titulo: 'Descrição', largura: 235 },
        { titulo: 'Quantidade', largura: 70, alinhamento: 'right' },
        { titulo: 'Peso (kg)', largura: 70, alinhamento: 'right' },
        { titulo: 'm³', largura: 50, alinhamento: 'right' },
        { titulo: 'Valor (R$)', largura: 90, alinhamento: 'right' },
      ],
      produtos.map((p) => [p.descricao, num(p.quantidade, 3), num(p.pesoKg, 3), num(p.volumeM3, 3), formatarDinheiro(p.valor)]),
    );
    doc.moveDown(0.5).font('Helvetica-Bold').fontSize(11).text('NF-es').fontSize(9);
    tabela(
      doc,
      [
        { titulo: 'Número/série', largura: 80 },
        { titulo: 'Chave de acesso', largura: 235 },
        { titulo: 'Volumes', largura: 50, alinhamento: 'right' },
        { titulo: 'Peso (kg)', largura: 60, alinhamento: 'right' },
        { titulo: 'Valor (R$)', largura: 90, alinhamento: 'right' },
      ],
      nfes.map((n) => [`${n.numero}/${n.serie}`, n.chave ?? 'NF-e virtual', n.volumes, num(n.pesoKg, 3), formatarDinheiro(n.valor)]),
    );
  });
}
