import type { CampoLayout, LayoutEdi } from '../tipos.ts';
import { A, D, H, N, V, cabecalho000, cabecalhoDocumento, registro, repetir } from './campos.ts';

const NOTA = ['313', '333', '314', '315', '316', '317'];

/** 315 (consignatário), 316 (redespacho) and 317 (responsável pelo frete) share their first columns. */
const parte = (redespacho: boolean): CampoLayout[] => [
  A('razaoSocial', 'Razão social', 4, 40, true),
  N('cnpj', 'CNPJ', 44, 14, true),
  A('ie', 'Inscrição estadual', 58, 15),
  A('endereco', 'Endereço', 73, 40),
  A('bairro', 'Bairro', 113, 20),
  A('cidade', 'Cidade', 133, 35),
  A('cep', 'CEP', 168, 9),
  A('codigoMunicipio', 'Código do município', 177, 9),
  A('uf', 'UF', 186, 9),
  ...(redespacho ? [A('areaFrete', 'Área de frete', 195, 4), A('comunicacao', 'Número de comunicação', 199, 35)] : [A('comunicacao', 'Número de comunicação', 195, 35)]),
];

/**
 * NOTFIS 3.1 (PROCEDA, 2000; 240 columns): 000 > 310 > 311 (shipper) > 312 (recipient) > 313 (NF)
 * [333] [314] [315] [316] [317] ... > 318 per 310. 312/313 checked against a real file (2016).
 */
export const NOTFIS_31: LayoutEdi = {
  documento: 'NOTFIS',
  versao: '3.1',
  tamanho: 240,
  cabecalho: '310',
  principal: '313',
  finais: ['318', ...NOTA],
  fonte: 'Manual PROCEDA NOTFIS 3.1; 312/313 conferidos com arquivo real (2016).',
  registros: {
    '000': cabecalho000(),
    '310': cabecalhoDocumento('310', ['000', '318']),
    '311': registro('311', 'Embarcadora', ['310', ...NOTA], [
      N('cnpj', 'CNPJ da embarcadora', 4, 14, true),
      A('ie', 'Inscrição estadual da embarcadora', 18, 15),
      A('endereco', 'Endereço da embarcadora', 33, 40),
      A('cidade', 'Cidade da embarcadora', 73, 35),
      A('cep', 'CEP da embarcadora', 108, 9),
      A('uf', 'UF da embarcadora', 117, 9),
      D('dataEmbarque', 'Data do embarque', 126, true),
      A('razaoSocial', 'Razão social da embarcadora', 134, 40),
    ]),
    '312': registro('312', 'Destinatário', ['311', ...NOTA], [
      A('razaoSocial', 'Razão social do destinatário', 4, 40),
      N('documento', 'CNPJ/CPF do destinatário', 44, 14, true),
      A('ie', 'Inscrição estadual do destinatário', 58, 15),
      A('endereco', 'Endereço do destinatário', 73, 40),
      A('bairro', 'Bairro do destinatário', 113, 20),
      A('cidade', 'Cidade do destinatário', 133, 35),
      // Mandatory in the manual; an NF-e record keeps no CEP, so our export leaves it blank.
      A('cep', 'CEP do destinatário', 168, 9),
      A('codigoMunicipio', 'Código do município', 177, 9),
      A('uf', 'UF do destinatário', 186, 9),
      A('areaFrete', 'Área de frete', 195, 4),
      A('comunicacao', 'Número de comunicação', 199, 35),
      A('tipoIdentificacao', 'Tipo de identificação', 234, 1),
    ]),
    '313': registro('313', 'Nota fiscal', ['312', ...NOTA], [
      A('romaneio', 'Romaneio', 4, 15),
      A('codigoRota', 'Código da rota', 19, 7),
      N('meioTransporte', 'Meio de transporte', 26, 1),
      N('tipoTransporte', 'Tipo de transporte', 27, 1),
      N('tipoCarga', 'Tipo de carga', 28, 1),
      A('condicaoFrete', 'Condição de frete', 29, 1, true),
      A('serie', 'Série da NF', 30, 3),
      N('numero', 'Número da NF', 33, 8, true),
      D('emissao', 'Data de emissão da NF', 41, true),
      A('natureza', 'Natureza da mercadoria', 49, 15),
      A('especie', 'Espécie de acondicionamento', 64, 15),
      V('volumes', 'Quantidade de volumes', 79, 7, 2, true),
      V('valorTotal', 'Valor total da NF', 86, 15, 2, true),
      V('peso', 'Peso total', 101, 7, 2, true),
      V('pesoCubado', 'Peso cubado', 108, 5, 2),
      A('tipoIcms', 'Tipo de ICMS', 113, 1),
      A('seguroEfetuado', 'Seguro já efetuado', 114, 1),
      V('valorSeguro', 'Valor do seguro', 115, 15, 2),
      V('valorCobrado', 'Valor a ser cobrado', 130, 15, 2),
      A('placa', 'Placa', 145, 7),
      A('planoCargaRapida', 'Plano de carga rápida', 152, 1),
      V('fretePesoVolume', 'Valor do frete peso/volume', 153, 15, 2),
      V('adValorem', 'Valor ad valorem', 168, 15, 2),
      V('taxas', 'Valor total das taxas', 183, 15, 2),
      V('valorFrete', 'Valor total do frete', 198, 15, 2),
      A('acao', 'Ação do documento', 213, 1),
      V('valorIcms', 'Valor do ICMS', 214, 12, 2),
      V('valorIcmsRetido', 'Valor do ICMS retido', 226, 12, 2),
      A('bonificacao', 'Bonificação', 238, 1),
    ]),
    // Real files put 333 after 314/317 too (2016 sample: 313 314 317 333).
    '333': registro('333', 'Informações complementares da NF', ['313', '314', '315', '316', '317'], [
      N('cfop', 'CFOP', 4, 4, true),
      N('tipoPeriodoEntrega', 'Tipo de período de entrega', 8, 1, true),
      D('dataInicialEntrega', 'Data inicial de entrega', 9),
      H('horaInicialEntrega', 'Hora inicial de entrega', 17),
      D('dataFinalEntrega', 'Data final de entrega', 21),
      H('horaFinalEntrega', 'Hora final de entrega', 29),
      A('localDesembarque', 'Local de desembarque', 33, 15),
      A('freteDiferenciado', 'Cálculo de frete diferenciado', 48, 1),
      A('tabelaFrete', 'Tabela de preço de frete', 49, 10),
      ...repetir(5, 26, (i, d) => [
        N(`entregaCasada${i}Cnpj`, `CNPJ da entrega casada ${i}`, 59 + d, 15),
        A(`entregaCasada${i}Serie`, `Série da entrega casada ${i}`, 74 + d, 3),
        N(`entregaCasada${i}Nf`, `NF da entrega casada ${i}`, 77 + d, 8),
      ]),
      V('despesasAdicionais', 'Despesas adicionais', 189, 15, 2),
      A('tipoVeiculo', 'Tipo de veículo', 204, 5),
      A('filialCtContratante', 'Filial do CT contratante', 209, 10),
      A('serieCtContratante', 'Série do CT contratante', 219, 5),
      A('numeroCtContratante', 'Número do CT contratante', 224, 12),
    ]),
    '314': registro('314', 'Mercadorias da NF', ['313', '333', '314'], [
      ...repetir(4, 52, (i, d) => [
        V(`volumes${i}`, `Quantidade de volumes ${i}`, 4 + d, 7, 2, i === 1),
        // Mandatory in the manual, blank in real files: kept optional.
        A(`especie${i}`, `Espécie ${i}`, 11 + d, 15),
        A(`mercadoria${i}`, `Mercadoria ${i}`, 26 + d, 30),
      ]),
    ]),
    '315': registro('315', 'Consignatário', ['313', '333', '314'], parte(false)),
    '316': registro('316', 'Redespacho', ['313', '333', '314', '315'], parte(true)),
    '317': registro('317', 'Responsável pelo frete', ['313', '333', '314', '315', '316'], parte(false)),
    '318': registro('318', 'Total das notas', NOTA, [
      V('valorTotal', 'Valor total das notas', 4, 15, 2, true),
      V('pesoTotal', 'Peso total', 19, 15, 2, true),
      V('pesoCubadoTotal', 'Peso cubado total', 34, 15, 2),
      V('volumesTotal', 'Quantidade total de volumes', 49, 15, 2, true),
      V('valorCobradoTotal', 'Valor total cobrado', 64, 15, 2),
      V('valorSeguroTotal', 'Valor total do seguro', 79, 15, 2),
    ]),
  },
};
