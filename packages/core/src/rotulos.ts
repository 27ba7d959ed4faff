// Field codes a user may meet inside a message ("vigenciaFim deve ser… vigenciaInicio") and the label
// the screens give them. The server's error handler puts the labels in every message it sends
// (comRotulos), and the browser does the same with the messages of its own zod checks.
export const ROTULOS_CAMPOS: Readonly<Record<string, string>> = {
  vigenciaInicio: 'Vigência: início',
  vigenciaFim: 'Vigência: fim',
  dataInicio: 'Data inicial',
  dataFim: 'Data final',
  dataEmbarque: 'Data de embarque',
  municipioIbge: 'Município',
  origemMunicipioIbge: 'Município de origem',
  destinoMunicipioIbge: 'Município de destino',
  origemCep: 'CEP de origem',
  destinoCep: 'CEP de destino',
  origemUf: 'UF de origem',
  destinoUf: 'UF de destino',
  ufOrigem: 'UF de origem',
  ufDestino: 'UF de destino',
  cepDe: 'CEP inicial',
  cepAte: 'CEP final',
  pesoBrutoKg: 'Peso bruto (kg)',
  pesoLiquidoKg: 'Peso líquido (kg)',
  pesoKg: 'Peso (kg)',
  pesoMinimoKg: 'Peso mínimo (kg)',
  volumeM3: 'Volume (m³)',
  valorTotal: 'Valor total',
  valorKg: 'Valor por kg',
  valorVeiculo: 'Valor do veículo',
  valorMercadoria: 'Valor da mercadoria',
  valorMinimo: 'Valor mínimo',
  fatorCubagem: 'Fator de cubagem',
  densidadeIsencaoCubagem: 'Densidade de isenção de cubagem',
  prazoDias: 'Prazo (dias úteis)',
  regimePisCofins: 'Regime PIS/COFINS',
  tipoVeiculoUid: 'Tipo de veículo',
  transportadorUid: 'Transportador',
  nomeFantasia: 'Nome fantasia',
  tipoPessoa: 'Tipo de pessoa',
  inscricaoEstadual: 'Inscrição estadual',
  centroCustoUid: 'Centro de custo',
  departamentoUid: 'Departamento',
  papelUid: 'Papel',
  unidadeUid: 'Unidade',
  icmsIncluso: 'ICMS incluso',
  aposMinimo: 'Após o frete mínimo',
  comparaFaixaSeguinte: 'Compara com a faixa seguinte',
  foraBaseTributo: 'Fora da base do imposto',
};

/** `texto` with every known field code (a whole camelCase word) replaced by its label. */
export function comRotulos(texto: string, rotulos: Readonly<Record<string, string>> = ROTULOS_CAMPOS): string {
  return texto.replace(/\b[a-z]+(?:[A-Z][a-z0-9]*)+\b/g, (w) => (Object.hasOwn(rotulos, w) ? rotulos[w] : w));
}
