// What the parsers read from a fiscal XML. Money, weights and quantities are decimal strings exactly
// as written (never floats); absent values are null, never invented.

export type ParteNfe = { documento: string | null; nome: string | null; uf: string | null; municipioIbge: string | null; municipio: string | null; idEstrangeiro?: string | null };
export type Pessoa = { documento: string | null; nome: string | null };

export type ItemNfe = {
  numero: number;
  codigo: string | null;
  descricao: string | null;
  ncm: string | null;
  cfop: string | null;
  quantidade: string | null;
  unidade: string | null;
  valorUnitario: string | null;
  valor: string | null;
};

export type Cancelamento = { protocolo: string | null; data: string | null };

export type NfeLida = {
  tipo: 'nfe';
  versao: string;
  chave: string;
  numero: number | null;
  serie: number | null;
  modelo: number | null;
  emissao: string | null;
  tipoAmbiente: number | null;
  tipoOperacao: number | null;
  naturezaOperacao: string | null;
  emitente: ParteNfe;
  destinatario: ParteNfe | null;
  valorTotal: string | null;
  valorProdutos: string | null;
  valorFrete: string | null;
  pesoBruto: string | null;
  pesoLiquido: string | null;
  volumes: string | null;
  modalidadeFrete: number | null;
  transportador: Pessoa | null;
  protocolo: string | null;
  dataAutorizacao: string | null;
  quantidadeItens: number;
  itens: ItemNfe[];
  cancelada: boolean;
  cancelamento: Cancelamento | null;
  chaveValida: boolean;
  avisos: string[];
};

export type Componente = { nome: string; valor: string };
export type Icms = { cst: string | null; base: string | null; aliquota: string | null; valor: string | null };
export type Local = { municipioIbge: string | null; municipio: string | null; uf: string | null };

export type CteLida = {
  tipo: 'cte';
  versao: string;
  chave: string;
  numero: number | null;
  serie: number | null;
  modelo: number | null;
  emissao: string | null;
  tipoAmbiente: number | null;
  cfop: string | null;
  naturezaOperacao: string | null;
  tipoCte: number | null;
  tipoServico: number | null;
  modal: string | null;
  emitente: Pessoa & { uf: string | null };
  remetente: Pessoa | null;
  expedidor: Pessoa | null;
  recebedor: Pessoa | null;
  destinatario: Pessoa | null;
  tomador: (Pessoa & { tipo: number | null }) | null;
  origem: Local;
  destino: Local;
  valorPrestacao: string | null;
  valorReceber: string | null;
  valorCarga: string | null;
  componentes: Componente[];
  icms: Icms | null;
  nfes: string[];
  /** kg of the real cargo: the infQ measured as PESO BRUTO, else PESO AFERIDO/REAL, else another kg measure. */
  pesoCarga: string | null;
  /** kg of the infQ "PESO CUBADO" (the carrier's cubed weight); null when absent or zero. */
  pesoCubado: string | null;
  /** kg of the infQ "PESO BASE DE CALCULO" (or "PESO TAXADO"): the weight the carrier charged on; null when absent or zero. */
  pesoBaseCalculo: string | null;
  /** Every infQ as read: cUnid (00 M3, 01 KG, 02 TON, 03 UNIDADE, 04 LITROS, 05 MMBTU), tpMed (upper case), qCarga. */
  quantidades: { unidade: string | null; tipo: string; quantidade: string }[];
  chaveOriginal: string | null;
  protocolo: string | null;
  dataAutorizacao: string | null;
  cancelado: boolean;
  cancelamento: Cancelamento | null;
  chaveValida: boolean;
  avisos: string[];
};

/** A cancellation event file alone (procEventoNFe / procEventoCTe / procCancCTe). */
export type EventoLido = {
  tipo: 'evento';
  documento: 'nfe' | 'cte';
  chave: string;
  tipoEvento: string;
  descricao: string | null;
  /** The event was registered by SEFAZ (cStat 135/136/155 in the reply); false = not in effect. */
  registrado: boolean;
  protocolo: string | null;
  data: string | null;
  avisos: string[];
};

export type DocumentoLido = NfeLida | CteLida | EventoLido;
