export { calcularRpa, type EntradaRpa, ErroRpa, irrfDaTabela, type ResultadoRpa } from './calcular.ts';
export { type FaixaIrrf, type TabelaRpa, TABELAS_RPA, tabelaRpaVigente } from './tabelas.ts';
