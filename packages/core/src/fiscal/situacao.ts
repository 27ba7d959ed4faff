// CT-e "situação": the derived state lists filter by (`situacao` query of GET documentos/ctes). '00' is
// the selection list of invoices (spec: listaSelecao with situacao '00').
export const SITUACOES_CTE = [
  { value: '00', label: 'Disponível para fatura', descricao: 'autorizado, não cancelado e ainda sem fatura' },
  { value: '01', label: 'Faturado', descricao: 'já incluído numa fatura' },
  { value: '02', label: 'Cancelado', descricao: 'cancelado na SEFAZ ou pelo status' },
  { value: '03', label: 'Sem autorização', descricao: 'importado sem protocolo de autorização' },
] as const;
export type SituacaoCte = (typeof SITUACOES_CTE)[number]['value'];
export const SITUACAO_CTE_VALORES = SITUACOES_CTE.map((s) => s.value) as [SituacaoCte, ...SituacaoCte[]];

/** tipoCte of the XML (tpCTe). */
export const TIPOS_CTE = [
  { value: 0, label: 'Normal' },
  { value: 1, label: 'Complementar' },
  { value: 2, label: 'Anulação' },
  { value: 3, label: 'Substituto' },
] as const;

/** modFrete of the NF-e. */
export const MODALIDADES_FRETE = [
  { value: 0, label: 'Por conta do emitente (CIF)' },
  { value: 1, label: 'Por conta do destinatário (FOB)' },
  { value: 2, label: 'Por conta de terceiros' },
  { value: 3, label: 'Transporte próprio do remetente' },
  { value: 4, label: 'Transporte próprio do destinatário' },
  { value: 9, label: 'Sem ocorrência de transporte' },
] as const;
