import type { LayoutEdi } from '../tipos.ts';
import { A, D, N, V, cabecalho000, cabecalhoDocumento, registro, repetir } from './campos.ts';

/**
 * CONEMB 3.0 (680 columns): 000 > 320 > 321 > 322* > 323. Record 322 as observed in a real file (DLB ->
 * GRENDENE, 2023): up to 40 NFs (series + number) from column 233, CFOP in 675-678.
 */
export const CONEMB_30: LayoutEdi = {
  documento: 'CONEMB',
  versao: '3.0',
  tamanho: 680,
  cabecalho: '320',
  principal: '322',
  finais: ['322', '323'],
  contagem: { registro: '323', campo: 'quantidade', conta: '322', desde: '320' },
  fonte: 'Registro 322 conforme arquivo real CONEMB 3.0 (680 colunas); ver shared/data/edi/proceda_layouts.json.',
  registros: {
    '000': cabecalho000(),
    '320': cabecalhoDocumento('320', ['000', '323']),
    '321': registro('321', 'Transportadora', ['320'], [
      N('cnpjTransportadora', 'CNPJ da transportadora', 4, 14, true),
      A('razaoSocial', 'Razão social da transportadora', 18, 40),
    ]),
    '322': registro('322', 'Conhecimento embarcado', ['321', '322'], [
      A('filial', 'Filial emissora', 4, 10),
      A('serie', 'Série do conhecimento', 14, 5),
      A('numero', 'Número do conhecimento', 19, 12, true),
      D('emissao', 'Data de emissão', 31, true),
      A('condicaoFrete', 'Condição de frete', 39, 1),
      V('peso', 'Peso transportado', 40, 7, 2),
      V('valorFrete', 'Valor total do frete', 47, 15, 2, true),
      V('baseIcms', 'Base de cálculo do ICMS', 62, 15, 2),
      V('aliquotaIcms', 'Alíquota do ICMS', 77, 4, 2),
      V('valorIcms', 'Valor do ICMS', 81, 15, 2),
      V('fretePeso', 'Frete peso/volume', 96, 15, 2),
      V('freteValor', 'Frete valor', 111, 15, 2),
      V('secCat', 'Valor SEC/CAT', 126, 15, 2),
      V('itr', 'Valor ITR', 141, 15, 2),
      V('despacho', 'Valor do despacho', 156, 15, 2),
      V('pedagio', 'Valor do pedágio', 171, 15, 2),
      V('ademe', 'Valor ADEME', 186, 15, 2),
      N('substituicaoTributaria', 'Substituição tributária', 201, 1),
      N('cnpjEmissor', 'CNPJ do emissor do conhecimento', 205, 14),
      N('cnpjEmbarcadora', 'CNPJ da embarcadora', 219, 14),
      ...repetir(40, 11, (i, d) => [A(`serieNf${i}`, `Série da NF ${i}`, 233 + d, 3), N(`numeroNf${i}`, `Número da NF ${i}`, 236 + d, 8)]),
      A('acao', 'Ação do documento', 673, 1),
      A('tipoConhecimento', 'Tipo do conhecimento', 674, 1),
      N('cfop', 'CFOP', 675, 4),
    ]),
    '323': registro('323', 'Total de conhecimentos', ['322'], [
      N('quantidade', 'Quantidade de conhecimentos', 4, 4, true),
      V('valorTotal', 'Valor total', 8, 15, 2, true),
    ]),
  },
};

/**
 * DOCCOB 3.0 (170 columns): 000 > 350 > 351 > 352 (charge) > 353* (CT-e) > 354* (NF) ... [355]. Real files
 * append the CT-e key (44) at 96-139 of 353: read when present.
 */
export const DOCCOB_30: LayoutEdi = {
  documento: 'DOCCOB',
  versao: '3.0',
  tamanho: 170,
  cabecalho: '350',
  principal: '352',
  finais: ['352', '353', '354', '355'],
  fonte: 'FelipeKarah/PHPProceda (V30) conferido com arquivo real (Steel Log, 2021).',
  registros: {
    '000': cabecalho000(),
    '350': cabecalhoDocumento('350', ['000', '355']),
    '351': registro('351', 'Transportadora', ['350'], [
      N('cnpjTransportadora', 'CNPJ da transportadora', 4, 14, true),
      A('razaoSocial', 'Razão social da transportadora', 18, 40),
    ]),
    '352': registro('352', 'Documento de cobrança', ['351', '352', '353', '354'], [
      A('filial', 'Filial emissora', 4, 10),
      N('tipoDocumento', 'Tipo do documento', 14, 1),
      A('serie', 'Série', 15, 3),
      N('numero', 'Número do documento', 18, 10, true),
      D('emissao', 'Data de emissão', 28, true),
      D('vencimento', 'Data de vencimento', 36, true),
      V('valor', 'Valor do documento', 44, 15, 2, true),
      A('tipoCobranca', 'Tipo de cobrança', 59, 3),
      V('valorIcms', 'Valor do ICMS', 62, 15, 2),
      V('jurosDia', 'Juros por dia de atraso', 77, 15, 2),
      D('limiteDesconto', 'Data limite do desconto', 92),
      V('valorDesconto', 'Valor do desconto', 100, 15, 2),
      A('agente', 'Agente de cobrança', 115, 35),
      N('agencia', 'Agência', 150, 4),
      A('dvAgencia', 'Dígito da agência', 154, 1),
      N('conta', 'Conta corrente', 155, 10),
      A('dvConta', 'Dígito da conta', 165, 2),
      A('acao', 'Ação do documento', 167, 1),
    ]),
    '353': registro('353', 'Conhecimento cobrado', ['352', '353', '354'], [
      A('filial', 'Filial emissora do CT', 4, 10),
      A('serie', 'Série do CT', 14, 5),
      A('numero', 'Número do CT', 19, 12, true),
      V('valorFrete', 'Valor do frete', 31, 15, 2),
      D('emissao', 'Data de emissão do CT', 46),
      N('cnpjRemetente', 'CNPJ do remetente', 54, 14),
      N('cnpjDestinatario', 'CNPJ do destinatário', 68, 14),
      N('cnpjEmissor', 'CNPJ do emissor do CT', 82, 14),
      N('chaveCte', 'Chave do CT-e', 96, 44),
    ]),
    '354': registro('354', 'Nota fiscal do conhecimento', ['353', '354'], [
      A('serieNf', 'Série da NF', 4, 3),
      N('numeroNf', 'Número da NF', 7, 8, true),
      D('emissaoNf', 'Data de emissão da NF', 15),
      V('pesoNf', 'Peso da NF', 23, 7, 2),
      V('valorMercadoria', 'Valor da mercadoria', 30, 15, 2),
      N('cnpjEmissorNf', 'CNPJ do emissor da NF', 45, 14),
    ]),
    '355': registro('355', 'Total de cobrança', ['352', '353', '354'], [
      N('quantidade', 'Quantidade de documentos', 4, 4, true),
      V('valorTotal', 'Valor total', 8, 15, 2, true),
    ]),
  },
};
