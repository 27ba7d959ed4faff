import Decimal from 'decimal.js';
import { produtos } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo products of Demo Alimentos (a food industry) with real NCMs, EAN-13 under the Brazilian
// prefix 789, weights, case dimensions and prices; m³ computed from the dimensions as the API does.
type Prod = [
  codigo: string,
  descricao: string,
  ncm: string,
  unidade: string,
  bruto: string,
  liquido: string,
  c: string,
  l: string,
  a: string,
  valor: string,
];

const DEMO: Prod[] = [
  ['CAF-500', 'Café torrado e moído tradicional 500 g (cx 20 un)', '09012100', 'CX', '10.800', '10.000', '40', '30', '25', '289.90'],
  ['CAF-250', 'Café torrado e moído extraforte 250 g (cx 40 un)', '09012100', 'CX', '10.900', '10.000', '42', '28', '22', '305.60'],
  ['CAF-GRAO', 'Café em grão torrado 1 kg (cx 10 un)', '09012100', 'CX', '10.600', '10.000', '45', '30', '20', '398.00'],
  ['CAF-SOL', 'Café solúvel granulado 200 g (cx 24 un)', '21011110', 'CX', '6.100', '4.800', '36', '24', '22', '412.80'],
  ['ACU-5KG', 'Açúcar cristal 5 kg (fardo 6 un)', '17019900', 'FD', '30.300', '30.000', '60', '40', '22', '132.90'],
  ['ARR-5KG', 'Arroz branco tipo 1 5 kg (fardo 6 un)', '10063021', 'FD', '30.250', '30.000', '62', '42', '20', '171.00'],
  ['FEI-1KG', 'Feijão carioca tipo 1 1 kg (fardo 10 un)', '07133319', 'FD', '10.150', '10.000', '40', '30', '18', '89.90'],
  ['OLE-900', 'Óleo de soja refinado 900 ml (cx 20 un)', '15079011', 'CX', '18.400', '16.560', '38', '30', '26', '159.80'],
  ['MAC-500', 'Macarrão espaguete sêmola 500 g (fardo 20 un)', '19021900', 'FD', '10.200', '10.000', '45', '35', '18', '74.00'],
  ['BIS-REC', 'Biscoito recheado chocolate 140 g (cx 48 un)', '19053100', 'CX', '7.200', '6.720', '48', '32', '26', '115.20'],
  ['FAR-1KG', 'Farinha de trigo tipo 1 1 kg (fardo 10 un)', '11010010', 'FD', '10.120', '10.000', '42', '30', '16', '52.90'],
  ['LEI-UHT', 'Leite UHT integral 1 L (cx 12 un)', '04012010', 'CX', '12.600', '12.360', '32', '22', '24', '58.80'],
  ['LEI-PO', 'Leite em pó integral 400 g (cx 24 un)', '04022110', 'CX', '10.300', '9.600', '40', '28', '22', '398.40'],
  ['ACH-400', 'Achocolatado em pó 400 g (cx 24 un)', '18061000', 'CX', '10.100', '9.600', '40', '28', '20', '206.40'],
  ['MOL-340', 'Molho de tomate tradicional 340 g (cx 24 un)', '21032010', 'CX', '8.600', '8.160', '36', '26', '14', '64.80'],
  ['SAL-1KG', 'Sal refinado iodado 1 kg (fardo 10 un)', '25010020', 'FD', '10.080', '10.000', '38', '28', '12', '24.90'],
  ['MAR-500', 'Margarina cremosa com sal 500 g (cx 12 un)', '15171000', 'CX', '6.400', '6.000', '34', '26', '12', '95.40'],
  ['GRA-800', 'Granola tradicional 800 g (cx 12 un)', '19041000', 'CX', '10.000', '9.600', '40', '30', '24', '154.08'],
  ['AVE-500', 'Aveia em flocos finos 500 g (cx 24 un)', '11041200', 'CX', '12.400', '12.000', '44', '32', '22', '104.64'],
  ['CHO-90', 'Chocolate ao leite em barra 90 g (cx 56 un)', '18063210', 'CX', '5.400', '5.040', '30', '24', '16', '263.20'],
  ['EMB-CX', 'Caixa de papelão ondulado para embarque', '48191000', 'UN', '0.450', '0.450', '60', '40', '40', '6.80'],
  ['PLT-PBR', 'Palete de madeira PBR 1,00 x 1,20 m', '44152000', 'UN', '25.000', '25.000', '120', '100', '14', '68.00'],
];
const OUTRO: Prod[] = [
  ['100-AGUA', 'Água mineral sem gás 500 ml (fardo 12 un)', '22011000', 'FD', '6.300', '6.000', '26', '20', '22', '14.40'],
  ['200-REFRI', 'Refrigerante cola 2 L (fardo 6 un)', '22021000', 'FD', '12.500', '12.000', '32', '22', '33', '47.94'],
];

/** EAN-13: 12 digits + the modulo-10 check digit. */
function ean13(base12: string) {
  let soma = 0;
  for (let i = 0; i < 12; i++) soma += Number(base12[i]) * (i % 2 === 0 ? 1 : 3);
  return base12 + ((10 - (soma % 10)) % 10);
}

function linhas(embarcadorUid: string, lista: Prod[], empresa: string) {
  return lista.map(([codigo, descricao, ncm, unidade, bruto, liquido, c, l, a, valor], i) => ({
    embarcadorUid,
    codigo,
    descricao,
    ncm,
    unidade,
    pesoBrutoKg: bruto,
    pesoLiquidoKg: liquido,
    comprimentoCm: c,
    larguraCm: l,
    alturaCm: a,
    m3: new Decimal(c).mul(l).mul(a).div(1_000_000).toFixed(6),
    valorUnitario: valor,
    ean: unidade === 'UN' ? null : ean13(`789${empresa}${String(i + 1).padStart(4, '0')}`),
    ativo: codigo !== 'CAF-GRAO',
  }));
}

export const seedProdutos: ModuleSeed = async (tx, ids) => {
  await tx.insert(produtos).values([...linhas(ids.embarcadores.demo, DEMO, '12345'), ...linhas(ids.embarcadores.outro, OUTRO, '54321')]);
};
