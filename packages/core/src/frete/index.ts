// Public API of the freight engine.

export { calcularFrete, tabelaVigenteEm } from './calcular.ts';
export { avisosDaTabela, contido, type Aviso } from './avisos.ts';
export {
  COMPONENTES_FORA_BASE_PADRAO,
  COMPONENTES_FRETE_PRINCIPAL_PADRAO,
  COMPONENTES_PADRAO,
  type ComponentePadrao,
  NOMES_COMPONENTES_NOVOS,
} from './catalogo.ts';
export { aplicarAjustes, derivarTabela, type TabelaDerivada } from './derivada.ts';
export { criarSchemaRegra, faixaSchema, localRefSchema } from './esquemas.ts';
export { aliquotaIcmsInterestadual, aliquotaIcmsTransporteInterestadual } from './icms.ts';
export { contem, especificidade, rotuloLocal, rotuloRota } from './locais.ts';
export { adicionarDiasUteis, ehDiaUtil } from './prazo.ts';
export { ROTULOS_TIPO_LOCAL, listaOu } from './rotulos.ts';
export { prepararTabela, type TabelaPreparada } from './tabela.ts';
export type * from './types.ts';
export { MACRORREGIOES, type Macrorregiao, regiaoDaUf, UFS } from './ufs.ts';
export {
  criarSchemaTabela,
  type ErroValidacao,
  type ResultadoValidacao,
  tabelaCalculoSchema,
  validarTabela,
} from './validacao.ts';
