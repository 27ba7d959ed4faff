import { generateCnpj, generateCpf } from '@brazilian-utils/brazilian-utils';
import { tipoPessoaDe } from '@fretio/core';
import { pessoas } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo people: customers (recipients), suppliers (senders) and payers of Demo Alimentos across the
// country, real municipalities and CEPs; a few of Outro Atacado. Documents are valid, generated.
type P = [
  tipo: 'J' | 'F',
  nome: string,
  fantasia: string | null,
  cep: string,
  logradouro: string,
  numero: string,
  bairro: string,
  ibge: string,
  uf: string,
  papeis: string,
];

const DEMO: P[] = [
  ['J', 'Supermercados Pão de Mel Ltda', 'Pão de Mel', '01310100', 'Avenida Paulista', '1578', 'Bela Vista', '3550308', 'SP', 'D'],
  [
    'J',
    'Atacadão Campineiro de Alimentos Ltda',
    'Atacadão Campineiro',
    '13015000',
    'Rua Barão de Jaguara',
    '1200',
    'Centro',
    '3509502',
    'SP',
    'D',
  ],
  ['J', 'Rede Litoral Supermercados S.A.', 'Litoral Super', '11010000', 'Rua XV de Novembro', '95', 'Centro', '3548500', 'SP', 'DT'],
  [
    'J',
    'Distribuidora Ribeirão Preto de Bebidas Ltda',
    'Distrib. Ribeirão',
    '14010000',
    'Rua General Osório',
    '640',
    'Centro',
    '3543402',
    'SP',
    'D',
  ],
  [
    'J',
    'Empório Vale do Paraíba Comércio de Alimentos Ltda',
    'Empório Vale',
    '12210000',
    'Rua Sete de Setembro',
    '300',
    'Centro',
    '3549904',
    'SP',
    'D',
  ],
  ['J', 'Sorocaba Food Service Ltda', 'Soro Food', '18010000', 'Rua Padre Luiz', '210', 'Centro', '3552205', 'SP', 'D'],
  [
    'J',
    'Moinho Paulista Indústria de Farinhas S.A.',
    'Moinho Paulista',
    '07010000',
    'Rua Dom Pedro II',
    '45',
    'Centro',
    '3518800',
    'SP',
    'R',
  ],
  ['J', 'Mercado Carioca de Alimentos Ltda', 'Mercado Carioca', '20040002', 'Rua da Assembleia', '10', 'Centro', '3304557', 'RJ', 'D'],
  ['J', 'Supermercados Niterói Ltda', 'Super Niterói', '24020000', 'Rua da Conceição', '188', 'Centro', '3303302', 'RJ', 'D'],
  [
    'J',
    'Baixada Fluminense Atacadista Ltda',
    'Baixada Atacado',
    '25010000',
    'Avenida Presidente Kennedy',
    '1500',
    'Centro',
    '3301702',
    'RJ',
    'DT',
  ],
  [
    'J',
    'Laticínios Serra da Mantiqueira Ltda',
    'Laticínios Mantiqueira',
    '36010000',
    'Avenida Rio Branco',
    '2100',
    'Centro',
    '3136702',
    'MG',
    'R',
  ],
  ['J', 'Rede Mineira de Supermercados Ltda', 'Super Mineiro', '30130010', 'Avenida Afonso Pena', '1500', 'Centro', '3106200', 'MG', 'D'],
  [
    'J',
    'Triângulo Distribuidora de Alimentos Ltda',
    'Triângulo Distrib.',
    '38400000',
    'Avenida Afonso Pena',
    '500',
    'Centro',
    '3170206',
    'MG',
    'D',
  ],
  [
    'J',
    'Contagem Embalagens Industriais Ltda',
    'Contagem Embalagens',
    '32010000',
    'Rua Joaquim Camargos',
    '90',
    'Centro',
    '3118601',
    'MG',
    'R',
  ],
  ['J', 'Cerealista Curitibana Ltda', 'Cerealista Curitiba', '80010000', 'Rua XV de Novembro', '700', 'Centro', '4106902', 'PR', 'RD'],
  ['J', 'Cooperativa Agroindustrial Norte do Paraná', 'Coop Norte PR', '86010000', 'Avenida Paraná', '400', 'Centro', '4113700', 'PR', 'R'],
  ['J', 'Supermercados Maringá Ltda', 'Super Maringá', '87010000', 'Avenida Brasil', '3000', 'Centro', '4115200', 'PR', 'D'],
  [
    'J',
    'Gaúcha Distribuidora de Alimentos Ltda',
    'Gaúcha Distrib.',
    '90010000',
    'Rua dos Andradas',
    '1234',
    'Centro Histórico',
    '4314902',
    'RS',
    'D',
  ],
  [
    'J',
    'Serra Gaúcha Vinhos e Alimentos Ltda',
    'Serra Gaúcha',
    '95010000',
    'Avenida Júlio de Castilhos',
    '1800',
    'Centro',
    '4305108',
    'RS',
    'RD',
  ],
  ['J', 'Arrozeira Pelotense Ltda', 'Arroz Pelotas', '96010000', 'Rua Andrade Neves', '1500', 'Centro', '4314407', 'RS', 'R'],
  ['J', 'Atacado Baiano de Alimentos Ltda', 'Atacado Baiano', '40010000', 'Avenida Estados Unidos', '50', 'Comércio', '2927408', 'BA', 'D'],
  ['J', 'Feira Central Supermercados Ltda', 'Feira Central', '44001000', 'Rua Conselheiro Franco', '80', 'Centro', '2910800', 'BA', 'D'],
  [
    'J',
    'Nordeste Distribuição de Alimentos Ltda',
    'Nordeste Distrib.',
    '50010000',
    'Avenida Marquês de Olinda',
    '200',
    'Recife',
    '2611606',
    'PE',
    'DT',
  ],
  ['J', 'Vale do São Francisco Frutas Ltda', 'Vale Frutas', '56300000', 'Avenida Souza Filho', '600', 'Centro', '2611101', 'PE', 'R'],
  ['J', 'Joinville Supermercados Ltda', 'Super Joinville', '89201000', 'Rua do Príncipe', '330', 'Centro', '4209102', 'SC', 'D'],
  ['F', 'João Batista da Conceição', null, '01310100', 'Rua Augusta', '900', 'Consolação', '3550308', 'SP', 'D'],
  ['F', 'Maria das Graças Oliveira', null, '20040002', 'Rua do Ouvidor', '60', 'Centro', '3304557', 'RJ', 'DT'],
  ['F', 'José Antônio Ferreira', null, '30130010', 'Rua da Bahia', '1100', 'Centro', '3106200', 'MG', 'D'],
  ['F', 'Ana Cláudia Souza', null, '80010000', 'Rua Marechal Deodoro', '450', 'Centro', '4106902', 'PR', 'D'],
];
const OUTRO: P[] = [
  ['J', 'Mercadinho Copacabana Ltda', 'Mercadinho Copa', '20040002', 'Avenida Rio Branco', '156', 'Centro', '3304557', 'RJ', 'D'],
  [
    'J',
    'Distribuidora Fluminense de Bebidas Ltda',
    'Fluminense Bebidas',
    '24020000',
    'Rua Visconde de Sepetiba',
    '935',
    'Centro',
    '3303302',
    'RJ',
    'RD',
  ],
  ['J', 'Supermercados Mantiqueira Ltda', 'Super Mantiqueira', '36010000', 'Rua Halfeld', '414', 'Centro', '3136702', 'MG', 'D'],
];

// Two IEs in the official formats (SP and MG examples); the rest ISENTO or none.
const IES: Record<number, string> = { 0: '110042490114', 11: '0623079040081' };

function linhas(embarcadorUid: string, lista: P[], comIe: boolean) {
  return lista.map(([tipo, nome, fantasia, cep, logradouro, numero, bairro, ibge, uf, papeis], i) => {
    const documento = tipo === 'J' ? generateCnpj() : generateCpf();
    const slug = (fantasia ?? nome)
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .toLowerCase()
      .replace(/[^a-z]+/g, '');
    return {
      embarcadorUid,
      tipoPessoa: tipoPessoaDe(documento),
      documento,
      ie: comIe && IES[i] ? IES[i] : tipo === 'J' && i % 3 === 0 ? 'ISENTO' : null,
      nome,
      nomeFantasia: fantasia,
      cep,
      logradouro,
      numero,
      bairro,
      municipioIbge: ibge,
      uf,
      email: tipo === 'J' ? `logistica@${slug.slice(0, 20)}.com.br` : null,
      telefone: tipo === 'J' ? `${ibge.startsWith('35') ? '11' : '31'}3${String(1000000 + i * 7919).slice(0, 7)}` : null,
      remetente: papeis.includes('R'),
      destinatario: papeis.includes('D'),
      tomador: papeis.includes('T'),
      ativo: i !== lista.length - 2,
    };
  });
}

export const seedPessoas: ModuleSeed = async (tx, ids) => {
  await tx.insert(pessoas).values([...linhas(ids.embarcadores.demo, DEMO, true), ...linhas(ids.embarcadores.outro, OUTRO, false)]);
};
