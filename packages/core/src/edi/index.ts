export * from './tipos.ts';
export { lerCampo, escreverCampo } from './campos.ts';
export { decodificarEdi, identificarEdi, lerEdi, linhasEdi } from './parser.ts';
export { escreverEdi, type RegistroParaEscrever } from './writer.ts';
export { LAYOUTS, CONEMB_30, DOCCOB_30, NOTFIS_31, OCOREN_31, OCOREN_50 } from './layouts/index.ts';
export {
  itensEdi, ocorrenciasOcoren, conhecimentosConemb, cobrancasDoccob, notasNotfis,
  type ItemEdi, type OcorrenciaEdi, type ConhecimentoEdi, type CobrancaEdi, type NotaEdi,
} from './itens.ts';
export { CODIGOS_OCORRENCIA_PROCEDA } from './codigos-ocorrencia.ts';
export { escreverNotfis31, type NotaParaNotfis, type CabecalhoNotfis } from './notfis.ts';
export { itensImportacaoEdi, linhaCampoEdi, type ItemImportacaoEdi, type RefItemEdi } from './importacao.ts';
