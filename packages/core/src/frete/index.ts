// Public API of the freight engine.

export { calcularFrete } from './calcular.ts';
export { COMPONENTES_PADRAO, type ComponentePadrao } from './catalogo.ts';
export { criarSchemaRegra, faixaSchema, localRefSchema } from './esquemas.ts';
export { aliquotaIcmsInterestadual } from './icms.ts';
export { contem, especificidade } from './locais.ts';
export { adicionarDiasUteis, ehDiaUtil } from './prazo.ts';
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
