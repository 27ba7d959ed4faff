import {
  ROTULOS_MODO_FAIXA as MODO_FAIXA,
  ROTULOS_MODO_RESTRICAO as MODO_RESTRICAO,
  ROTULOS_BASE_REGRA,
  ROTULOS_CALCULO_REGRA,
  STATUS,
} from '@fretio/core';

// The one place that names the freight-table workbook (exportar.ts writes it, importar.ts reads it back)
// in the words of the screens: sheet names, column headers, the fields of the Tabela sheet and the
// values of the enum cells (the rule labels come from @fretio/core, as on the screens). exportar.ts's ABAS keeps the internal keys (camelCase); a file exported
// before the labels (camelCase headers and codes in the cells) still imports: every lookup below
// accepts the key/code as well as the label, compared without accents, case, spaces or punctuation.

/** Accent-, case- and punctuation-free form used to compare a header or a cell with a label. */
export const chavePlanilha = (s: string) =>
  s
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');

export const ROTULOS_ABAS: Readonly<Record<string, string>> = {
  Tabela: 'Tabela',
  Rotas: 'Rotas',
  Regras: 'Regras',
  Generalidades: 'Generalidades',
  Adicionais: 'Adicionais',
  Faixas: 'Faixas',
  Restricoes: 'Restrições',
  Prioridades: 'Prioridades',
  Ajustes: 'Ajustes',
};

/** Column headers (one label per key in every sheet). */
export const ROTULOS_COLUNAS: Readonly<Record<string, string>> = {
  aba: 'Aba',
  campo: 'Campo',
  valor: 'Valor',
  id: 'Identificador',
  rota: 'Rota',
  regra: 'Regra',
  origemTipo: 'Tipo de origem',
  origem: 'Origem',
  destinoTipo: 'Tipo de destino',
  destino: 'Destino',
  prazoDiasUteis: 'Prazo (dias úteis)',
  freteMinimo: 'Frete mínimo',
  distanciaKm: 'Distância (km)',
  tipoVeiculoUid: 'Tipo de veículo (identificador)',
  rotaCadastroUid: 'Rota do cadastro (identificador)',
  fatorCubagem: 'Fator de cubagem (kg/m³)',
  componente: 'Componente',
  base: 'Base',
  calculo: 'Cálculo',
  minimo: 'Mínimo',
  maximo: 'Máximo',
  aposMinimo: 'Após o frete mínimo',
  comparaFaixaSeguinte: 'Compara com a faixa seguinte',
  foraBaseTributo: 'Fora da base do imposto',
  percentualValor: 'Percentual do valor',
  restricao: 'Restrição',
  ate: 'Até',
  modo: 'Modo',
  descricao: 'Descrição',
  papel: 'Papel',
  documento: 'Documento',
  prioridade: 'Prioridade',
  observacao: 'Observação',
  tipo: 'Tipo',
  destinatarios: 'Destinatários',
};

/** The rows of the Tabela sheet (column Campo). */
export const ROTULOS_CAMPOS_TABELA: Readonly<Record<string, string>> = {
  nome: 'Nome',
  transportadorCnpj: 'CNPJ do transportador',
  modal: 'Modal',
  vigenciaInicio: 'Vigência: início',
  vigenciaFim: 'Vigência: fim',
  fatorCubagem: 'Fator de cubagem (kg/m³)',
  icmsIncluso: 'ICMS incluso',
  prioridade: 'Prioridade',
  status: 'Status',
  observacoes: 'Observações',
  densidadeIsencaoCubagem: 'Isenção de cubagem (kg/m³)',
  isencaoCubagemProdutos: 'Produtos isentos de cubagem',
  isencaoCubagemDestinatarios: 'Destinatários isentos de cubagem (CPF/CNPJ)',
  tabelaBaseUid: 'Tabela base (identificador)',
};

// Values of enum cells: code → the screen's label.
export const ROTULOS_TIPO_LOCAL: Readonly<Record<string, string>> = {
  UF: 'UF',
  MUNICIPIO: 'Município',
  REGIAO: 'Região',
  FAIXA_CEP: 'Faixa de CEP',
};
export const ROTULOS_BASE: Readonly<Record<string, string>> = ROTULOS_BASE_REGRA;
export const ROTULOS_CALCULO: Readonly<Record<string, string>> = ROTULOS_CALCULO_REGRA;
export const ROTULOS_MODO_FAIXA: Readonly<Record<string, string>> = MODO_FAIXA;
export const ROTULOS_MODO_RESTRICAO: Readonly<Record<string, string>> = MODO_RESTRICAO;
export const ROTULOS_PAPEL: Readonly<Record<string, string>> = {
  REMETENTE: 'Remetente',
  DESTINATARIO: 'Destinatário',
  PRODUTO: 'Produto',
  NCM: 'NCM',
};
export const ROTULOS_TIPO_AJUSTE: Readonly<Record<string, string>> = {
  PERCENTUAL: '% sobre o valor da base',
  VALOR: 'Valor fixo (substitui)',
};
/** Status of the table (1 Ativo, 2 Inativo, 3 Validação), from the status set the screens use. */
export const ROTULOS_STATUS: Readonly<Record<string, string>> = Object.fromEntries(
  STATUS.tabelaFrete.values.map((s) => [String(s.value), s.label]),
);

export const SIM = 'Sim';
export const NAO = 'Não';

/** The label of a code (the code itself when it has none). */
export const rotuloDe = (mapa: Readonly<Record<string, string>>, codigo: string | null | undefined): string | null =>
  codigo === null || codigo === undefined ? null : (mapa[codigo] ?? codigo);

/**
 * The code of a cell that holds a code or its label (any case, with or without accents); null for an
 * empty cell; what is neither comes back upper-cased, for the validation that follows to reject.
 */
export function codigoDe(mapa: Readonly<Record<string, string>>, texto: string | null): string | null {
  if (texto === null) return null;
  const k = chavePlanilha(texto);
  for (const [codigo, rotulo] of Object.entries(mapa)) if (chavePlanilha(codigo) === k || chavePlanilha(rotulo) === k) return codigo;
  return texto.toUpperCase();
}

/** The key of a header or Tabela field written as its key or its label; undefined when unknown. */
export function chaveDe(chaves: readonly string[], mapa: Readonly<Record<string, string>>, texto: string): string | undefined {
  const k = chavePlanilha(texto);
  if (!k) return undefined;
  return chaves.find((c) => chavePlanilha(c) === k || (mapa[c] !== undefined && chavePlanilha(mapa[c]) === k));
}

/** The label a user reads for a column or field in an error message. */
export const rotuloColuna = (aba: string, campo: string) =>
  (aba === 'Tabela' ? ROTULOS_CAMPOS_TABELA[campo] : undefined) ?? ROTULOS_COLUNAS[campo] ?? campo;
