import type { LayoutEdi } from '../tipos.ts';
import { A, D, H, N, V, cabecalho000, cabecalhoDocumento, registro } from './campos.ts';

/** OCOREN 3.1 (PROCEDA, 15/05/2000): 120 columns; 000 > 340 > 341 > 342* > [343]. No trailer. */
export const OCOREN_31: LayoutEdi = {
  documento: 'OCOREN',
  versao: '3.1',
  tamanho: 120,
  cabecalho: '340',
  principal: '342',
  finais: ['342', '343'],
  fonte: 'Manual PROCEDA OCOREN 3.1; conferido com um arquivo real (BRASPRESS, 2020).',
  registros: {
    '000': cabecalho000(),
    '340': cabecalhoDocumento('340', ['000', '342', '343']),
    '341': registro('341', 'Transportadora', ['340'], [
      N('cnpjTransportadora', 'CNPJ da transportadora', 4, 14, true),
      A('razaoSocial', 'Razão social da transportadora', 18, 40),
    ]),
    '342': registro('342', 'Ocorrência na entrega', ['341', '342', '343'], [
      N('cnpjEmissorNf', 'CNPJ do emissor da NF', 4, 14),
      // Real files left-align the series ("23 "): read as text.
      A('serieNf', 'Série da NF', 18, 3),
      N('numeroNf', 'Número da NF', 21, 8, true),
      N('codigoOcorrencia', 'Código da ocorrência', 29, 2, true),
      D('dataOcorrencia', 'Data da ocorrência', 31, true),
      H('horaOcorrencia', 'Hora da ocorrência', 39),
      N('codigoObservacao', 'Código de observação', 43, 2),
      A('texto', 'Texto livre', 45, 70),
    ]),
    '343': registro('343', 'Redespacho', ['342'], [
      N('cnpjContratante', 'CNPJ da transportadora contratante', 4, 14),
      A('filialConhecimento', 'Filial emissora do conhecimento', 18, 10),
      A('serieConhecimento', 'Série do conhecimento', 28, 5),
      A('numeroConhecimento', 'Número do conhecimento', 33, 12),
    ]),
  },
};

/**
 * OCOREN 5.0: 250 columns; 000 > 540 > 541 > 542 ([543] [544*] [545])... > 549 per 540. Columns from the
 * ACBr generator (not checked against a PROCEDA manual: see shared/data/edi/proceda_layouts.json "fonte").
 */
export const OCOREN_50: LayoutEdi = {
  documento: 'OCOREN',
  versao: '5.0',
  tamanho: 250,
  cabecalho: '540',
  principal: '542',
  finais: ['549', '542', '543', '544', '545'],
  contagem: { registro: '549', campo: 'quantidade', conta: '542', desde: '540' },
  fonte: 'Gerador OCOREN 5.0 do projeto ACBr (não conferido com manual PROCEDA).',
  registros: {
    '000': cabecalho000(),
    '540': cabecalhoDocumento('540', ['000', '549']),
    '541': registro('541', 'Transportadora', ['540'], [
      N('cnpjTransportadora', 'CNPJ da transportadora', 4, 14, true),
      A('razaoSocial', 'Razão social da transportadora', 18, 50),
    ]),
    '542': registro('542', 'Ocorrência na entrega', ['541', '542', '543', '544', '545'], [
      N('cnpjEmissorNf', 'CNPJ do emissor da NF', 4, 14),
      A('serieNf', 'Série da NF', 18, 3),
      N('numeroNf', 'Número da NF', 21, 9, true),
      N('codigoOcorrencia', 'Código da ocorrência', 30, 3, true),
      D('dataOcorrencia', 'Data da ocorrência', 33, true),
      H('horaOcorrencia', 'Hora da ocorrência', 41),
      N('codigoObservacao', 'Código de observação', 45, 2),
      A('romaneio', 'Romaneio', 47, 20),
      A('filialConhecimento', 'Filial emissora do CT', 127, 10),
      A('serieConhecimento', 'Série do CT', 137, 5),
      N('numeroConhecimento', 'Número do CT', 142, 12),
      N('indicadorTipoEntrega', 'Indicador do tipo de entrega', 154, 1),
      D('dataChegadaDestino', 'Data de chegada no destino', 165),
      H('horaChegadaDestino', 'Hora de chegada no destino', 173),
      D('dataInicioDescarga', 'Data de início da descarga', 177),
      H('horaInicioDescarga', 'Hora de início da descarga', 185),
      D('dataTerminoDescarga', 'Data de término da descarga', 189),
      H('horaTerminoDescarga', 'Hora de término da descarga', 197),
      D('dataSaidaDestino', 'Data de saída do destino', 201),
      H('horaSaidaDestino', 'Hora de saída do destino', 209),
      N('cnpjDevolucao', 'CNPJ da NF de devolução', 213, 14),
      A('serieNfDevolucao', 'Série da NF de devolução', 227, 3),
      N('numeroNfDevolucao', 'Número da NF de devolução', 230, 9),
    ]),
    '543': registro('543', 'Motivo da ocorrência', ['542'], [
      A('texto1', 'Texto do motivo 1', 4, 70),
      A('texto2', 'Texto do motivo 2', 74, 70),
      A('texto3', 'Texto do motivo 3', 144, 70),
    ]),
    '544': registro('544', 'Item da NF', ['542', '543', '544'], [
      V('volumesNf', 'Quantidade de volumes da NF', 4, 8, 2),
      V('volumesEntregues', 'Quantidade de volumes entregues', 12, 8, 2),
      A('codigoItem', 'Código do item', 20, 20),
      A('descricaoItem', 'Descrição do item', 40, 50),
    ]),
    '545': registro('545', 'Redespacho', ['542', '543', '544'], [
      N('cnpjContratante', 'CNPJ do contratante', 4, 14),
      N('cnpjEmissorConhecimento', 'CNPJ do emissor do CT contratante', 18, 14),
      A('filialConhecimento', 'Filial emissora', 32, 10),
      A('serieConhecimento', 'Série do CT', 42, 5),
      A('numeroConhecimento', 'Número do CT', 47, 12),
    ]),
    '549': registro('549', 'Total de ocorrências', ['542', '543', '544', '545'], [N('quantidade', 'Quantidade de ocorrências', 4, 4, true)]),
  },
};
