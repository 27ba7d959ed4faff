import { CODIGOS_OCORRENCIA_PROCEDA } from './edi/codigos-ocorrencia.ts';

/**
 * What an occurrence kind does when an event of that kind lands on an NF-e. Defined once here: the server
 * validates and applies it, the web shows it, tracking and the freight audit read it.
 */
export const ACAO_OCORRENCIA = {
  FINALIZA_ENTREGA: 1,
  TENTATIVA_ENTREGA: 2,
  COBRANCA_ADICIONAL: 3,
  BLOQUEIA_DOCUMENTO: 4,
  APENAS_REGISTRA: 5,
} as const;
export type AcaoOcorrencia = (typeof ACAO_OCORRENCIA)[keyof typeof ACAO_OCORRENCIA];

export const ACOES_OCORRENCIA: readonly { value: AcaoOcorrencia; label: string; descricao: string; cor: string }[] = [
  { value: 1, label: 'Finaliza a entrega', descricao: 'A NF-e passa a entregue na data do evento.', cor: 'green' },
  { value: 2, label: 'Tentativa de entrega', descricao: 'Conta uma tentativa; a entrega segue pendente.', cor: 'orange' },
  {
    value: 3,
    label: 'Cobrança adicional',
    descricao: 'Reentrega, devolução, estadia: a auditoria passa a esperar no CT-e o percentual do frete ou o valor informado.',
    cor: 'gold',
  },
  { value: 4, label: 'Bloqueia o documento de frete', descricao: 'O CT-e da NF-e fica bloqueado para pagamento até a ocorrência ser tratada.', cor: 'red' },
  { value: 5, label: 'Apenas registra', descricao: 'Fica no histórico da NF-e, sem outro efeito.', cor: 'default' },
];
export const ACOES_OCORRENCIA_VALORES = ACOES_OCORRENCIA.map((a) => a.value) as [AcaoOcorrencia, ...AcaoOcorrencia[]];

/** Extra charge of a COBRANCA_ADICIONAL kind: a percentage of the CT-e's freight, or a fixed value. */
export const TIPO_COBRANCA_OCORRENCIA = { PERCENTUAL: 'P', VALOR: 'V' } as const;
export type TipoCobrancaOcorrencia = (typeof TIPO_COBRANCA_OCORRENCIA)[keyof typeof TIPO_COBRANCA_OCORRENCIA];

const POR_ACAO: Record<number, string[]> = {
  [ACAO_OCORRENCIA.FINALIZA_ENTREGA]: ['01', '02', '24', '31'],
  [ACAO_OCORRENCIA.TENTATIVA_ENTREGA]: ['05', '06', '10', '20', '21', '34', '43', '44', '46', '47', '56', '59', '60', '61', '74', '76', '77', '87'],
  [ACAO_OCORRENCIA.BLOQUEIA_DOCUMENTO]: ['14', '23', '26', '27', '78', '80', '85'],
};
/**
 * The usual market practice for the two charged events of the PROCEDA table: re-delivery requested by the
 * customer (19) at 50 % of the freight, return to origin (25) at 100 %. Each shipper adjusts its own.
 */
const COBRANCAS: Record<string, string> = { '19': '50', '25': '100' };

export type OcorrenciaPadrao = {
  codigo: string;
  descricao: string;
  transporteAereo: boolean;
  acao: AcaoOcorrencia;
  tipoCobranca: TipoCobrancaOcorrencia | null;
  valorCobranca: string | null;
};

/** The catalogue every new shipper starts with: the 100 PROCEDA OCOREN codes with a default action. */
export const OCORRENCIAS_PADRAO: readonly OcorrenciaPadrao[] = CODIGOS_OCORRENCIA_PROCEDA.map(([codigo, descricao, aereo]) => {
  const acao = COBRANCAS[codigo]
    ? ACAO_OCORRENCIA.COBRANCA_ADICIONAL
    : (Number(Object.keys(POR_ACAO).find((a) => POR_ACAO[Number(a)].includes(codigo)) ?? ACAO_OCORRENCIA.APENAS_REGISTRA) as AcaoOcorrencia);
  return {
    codigo,
    descricao,
    transporteAereo: aereo,
    acao,
    tipoCobranca: COBRANCAS[codigo] ? TIPO_COBRANCA_OCORRENCIA.PERCENTUAL : null,
    valorCobranca: COBRANCAS[codigo] ?? null,
  };
});
