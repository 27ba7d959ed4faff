import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type CteLida, type NfeLida, lerDocumentoFiscal, textoDoXml } from './index.ts';

// Every real sample of ../shared/data (outside the repo, never copied in): the fields the API
// serves, against values read by hand from each XML. Fails when the folder is missing.
const DADOS = resolve(import.meta.dirname, '../../../../../shared/data');
const ler = (pasta: string, nome: string) => lerDocumentoFiscal(textoDoXml(readFileSync(resolve(DADOS, pasta, nome))));
const nfe = (nome: string) => ler('nfe', nome) as NfeLida;
const cte = (nome: string) => ler('cte', nome) as CteLida;

describe('NF-e das amostras', () => {
  const casos: [string, Partial<NfeLida>][] = [
    ['sped-da__tests_fixtures_nfe.xml', { numero: 69916, serie: 1, modelo: 55, emissao: '2025-05-12T12:34:49-03:00', valorTotal: '238643.07', valorProdutos: '224078.00', pesoBruto: '3924.188', pesoLiquido: '3445.132', volumes: '1015', modalidadeFrete: 1, protocolo: '135259806782559', quantidadeItens: 41, cancelada: false }],
    ['sped-da__cancelada_55_new.xml', { chave: '35210258716523000119550000000573661346317847', numero: 57366, serie: 0, tipoAmbiente: 1, valorTotal: '581.55', pesoBruto: '109.65', pesoLiquido: '106.85', volumes: '7', modalidadeFrete: 1, protocolo: '135210128765156', cancelada: true, cancelamento: { protocolo: '135210128997350', data: '2021-02-04T15:15:09-03:00' }, chaveValida: true }],
    ['sped-da__mod55-nfe_5.xml', { numero: 7638, valorTotal: '538.32', pesoBruto: '14.7', transportador: { documento: '05680341000114', nome: 'TRANSPACIFICA LTDA' }, chaveValida: true }],
    ['sped-da__mod55-nfe_v310.xml', { versao: '3.10', numero: 992346, tipoAmbiente: 2, valorTotal: '689.91', pesoBruto: '0', transportador: { documento: null, nome: 'Cliente Retira' }, quantidadeItens: 5, chaveValida: true }],
    ['sped-nfe__nfe_layout4_com_prot.xml', { numero: 26, modalidadeFrete: 9, pesoBruto: null, volumes: null, transportador: null, protocolo: '143180006932433', valorTotal: '500.00' }],
    ['nfelib__35180834128745000152550010000474281920007498-nfe.xml', { numero: 47428, valorTotal: '347.28', valorFrete: '52.64', pesoBruto: '6.97', protocolo: '135180527657478', quantidadeItens: 6, chaveValida: true }],
    ['nfelib__35180834128745000152550010000476861118934859-nfe.xml', { numero: 47686, valorTotal: '3251.92', pesoBruto: '198.7', volumes: '43', quantidadeItens: 41 }],
    ['nfelib__42211275277525000178550030000276771368212013-procNFe.xml', { numero: 27677, serie: 3, emissao: '2021-12-15T09:43:49-02:00', valorTotal: '19606.03', valorFrete: '788.00', pesoBruto: '360', protocolo: '342210239879490', quantidadeItens: 4 }],
    ['nfelib__nfe_reforma_tributaria.xml', { numero: 664350, valorTotal: '164746.81', pesoBruto: '30983', volumes: '16', transportador: { documento: '49929194000284', nome: 'ACO CEARENSE LOGISTICA LTDA' } }],
    ['nfelib__NFe35200159594315000157550010000000012062777161.xml', { numero: 1, modalidadeFrete: 9, pesoBruto: null, volumes: null, protocolo: null, valorTotal: '14.00' }],
    ['bfr__nfe_mei.xml', { numero: 46, valorTotal: '3267.60', pesoBruto: '175', volumes: '3', protocolo: null, transportador: { documento: null, nome: 'Fabiana e Nelson Transportes' }, chaveValida: false }],
  ];
  it.each(casos)('%s', (arquivo, esperado) => {
    expect(nfe(arquivo)).toMatchObject(esperado);
  });

  it('lê emitente, destinatário e itens com & decodificado', () => {
    const n = nfe('sped-da__tests_fixtures_nfe.xml');
    expect(n.emitente).toEqual({ documento: '90954334000197', nome: 'FULANO & DE TAL LTDA', uf: 'SP', municipioIbge: '3550308', municipio: 'Sao Paulo' });
    expect(n.destinatario).toMatchObject({ documento: '96274637000145', uf: 'RS', municipioIbge: '4322707' });
    expect(n.itens[0]).toEqual({ numero: 1, codigo: '/136520', descricao: 'FRIGIDEIRA RETA ALTA 20 SEM TPA - CEREJA', ncm: '76151000', cfop: '6101', quantidade: '200.0000', unidade: 'PC', valorUnitario: '18.9000000000', valor: '3780.00' });
    // Anonymised: the key keeps another CNPJ, and the protocol a different key — flagged, not refused.
    expect(n.chaveValida).toBe(false);
    expect(n.avisos).toContain('o CNPJ/CPF da chave de acesso difere do emitente');
  });

  it('destinatário pessoa física (CPF) e NF-e sem nfeProc', () => {
    expect(nfe('nfelib__35180834128745000152550010000474281920007498-nfe.xml').destinatario?.documento).toBe('68161525650');
    const mei = nfe('bfr__nfe_mei.xml');
    expect(mei.avisos).toContain('NF-e sem protocolo de autorização');
    expect(mei.avisos).toContain('dígito verificador da chave de acesso não confere');
  });
});

describe('CT-e das amostras', () => {
  const base400 = { numero: 99203223, serie: 2, modelo: 57, cfop: '6353', tipoCte: 0, modal: '01', valorPrestacao: '221.19', valorReceber: '221.19', pesoCarga: '209.8000', protocolo: '2324240111249023', cancelado: false };
  const comps = [['FPESO', '117.78'], ['FVALOR', '4.24'], ['PEDAGIO', '13.11'], ['TAXAS', '79.64'], ['GRIS', '3.15'], ['TAS', '3.27']].map(([nome, valor]) => ({ nome, valor }));
  const casos: [string, Partial<CteLida>][] = [
    ['bfr__dacte_test_1.xml', { ...base400, versao: '4.00', componentes: comps, icms: { cst: '00', base: '221.19', aliquota: '12.00', valor: '26.54' }, origem: { municipioIbge: '4216305', municipio: 'SAO JOAO BATISTA', uf: 'SC' }, destino: { municipioIbge: '3556453', municipio: 'VARGEM GRANDE PAULISTA', uf: 'SP' }, tomador: { documento: '23924902942209', nome: 'INDUSTRIA FANTASMA DE TESTE', tipo: 0 }, nfes: ['02394910232349239234934138491040891884149930'], chaveValida: false }],
    ['bfr__dacte_test_multi_pages.xml', { ...base400, icms: { cst: '40', base: null, aliquota: null, valor: null } }],
    ['bfr__dacte_icms_st.xml', { ...base400, icms: { cst: '60', base: '221.19', aliquota: '12.00', valor: '20.00' } }],
    ['bfr__dacte_cnpj_alfanumerico.xml', { ...base400, emitente: { documento: 'LWNDT383000182', nome: 'FANTASMA TRANSPORTES LTDA', uf: 'SC' }, remetente: { documento: '992Z30KX000193', nome: 'INDUSTRIA FANTASMA DE TESTE' } }],
    ['bfr__dacte_reforma_tributaria.xml', { ...base400, componentes: comps }],
    ['sped-da__24210231626841000132570010000007811746401259.xml', { versao: '3.00', numero: 781, cfop: '6353', valorPrestacao: '4840.42', componentes: [], icms: { cst: '20', base: '2420.21', aliquota: '12.00', valor: '290.42' }, pesoCarga: '13000.0000', nfes: ['24210234533611000117550010000005081684535350'], tomador: { documento: '01318353000105', nome: 'L T DE SOUSA eamp; CIA LTDA', tipo: 3 }, origem: { municipioIbge: '2408003', municipio: 'MossorÃ³', uf: 'RN' }, destino: { municipioIbge: '1100304', municipio: 'Vilhena', uf: 'RO' }, cancelado: true, cancelamento: { protocolo: '324210000930048', data: '2021-02-08T15:28:30-03:00' }, protocolo: null, chaveValida: true }],
    ['sped-da__cte_hom_com_prot.xml', { numero: 8, serie: 26, cfop: '7358', valorPrestacao: '100.00', icms: { cst: 'SN', base: null, aliquota: null, valor: null }, protocolo: '141180000090673', destino: { municipioIbge: '9999999', municipio: 'Exterior', uf: 'EX' }, pesoCarga: '10.0000', chaveValida: true }],
    ['sped-da__cte_hom_sem_prot.xml', { numero: 9, protocolo: null, cfop: '7358', icms: { cst: 'SN', base: null, aliquota: null, valor: null }, nfes: [], tomador: { documento: '09356277907', nome: 'CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', tipo: 0 } }],
    ['sped-da__cteos_cte_hom_com_prot.xml', { modelo: 67, numero: 8, remetente: null, destinatario: null, tomador: { documento: '01234567890', nome: 'CT-E EMITIDO EM AMBIENTE DE HOMOLOGACAO - SEM VALOR FISCAL', tipo: 4 }, protocolo: '141180000087415', valorPrestacao: '100.00', nfes: [] }],
    ['nfelib__35170799999999999999670000000000261309301440-cte-of.xml', { modelo: 67, numero: 26, valorPrestacao: '2500.00', componentes: [{ nome: 'FRET.INTERMUNIC', valor: '2500.00' }], icms: { cst: '00', base: '2500.00', aliquota: '18.00', valor: '450.00' }, tomador: { documento: '99999999999999', nome: 'XXXXXXXXXXXXXXXXXXXXXX', tipo: 4 }, pesoCarga: null }],
    ['nfelib__35190602427026001207570040000522031000522035-cte-multimodal.xml', { numero: 22222, modal: '06', valorPrestacao: '11807.75', pesoCarga: '19939.6300', tomador: { documento: '99999999999999', nome: 'XXXXXXXXXXXXXXXXXXXXXXXXX', tipo: 3 } }],
  ];
  it.each(casos)('%s', (arquivo, esperado) => {
    expect(cte(arquivo)).toMatchObject(esperado);
  });

  it('infQ: PESO BASE DE CALCULO das amostras 4.00; PESO TAXADO do multimodal; PESO CUBADO zerado (unidade M3) é ausente', () => {
    expect(cte('bfr__dacte_test_1.xml')).toMatchObject({ pesoCarga: '209.8000', pesoCubado: null, pesoBaseCalculo: '209.8000' });
    const mm = cte('nfelib__35190602427026001207570040000522031000522035-cte-multimodal.xml');
    expect(mm).toMatchObject({ pesoCarga: '19939.6300', pesoCubado: null, pesoBaseCalculo: '19939.6300' });
    expect(mm.quantidades).toEqual([
      { unidade: '01', tipo: 'PESO TAXADO', quantidade: '19939.6300' }, { unidade: '00', tipo: 'PESO CUBADO', quantidade: '0.0000' },
      { unidade: '03', tipo: 'VOLUME', quantidade: '1341.0000' },
    ]);
    expect(cte('sped-da__24210231626841000132570010000007811746401259.xml')).toMatchObject({ pesoCarga: '13000.0000', pesoCubado: null, pesoBaseCalculo: null });
  });

  it('multimodal: 4 componentes em ordem e 8 NF-e', () => {
    const c = cte('nfelib__35190602427026001207570040000522031000522035-cte-multimodal.xml');
    expect(c.componentes.map((x) => x.nome)).toEqual(['Frete Liquido', 'AFRMM', 'Ad. Valorem', 'BAF SE/N']);
    expect(c.nfes).toHaveLength(8);
    expect(cte('sped-da__cte_hom_com_prot.xml').nfes).toHaveLength(31);
    expect(cte('bfr__dacte_test_multi_pages.xml').nfes).toHaveLength(29);
  });

  it('layout 2.00 é recusado pelo nome', () => {
    expect(() => ler('cte', 'sped-da__cte_hom_prot_canc.xml')).toThrow('layout do CT-e não suportado: versão 2.00');
  });
});
