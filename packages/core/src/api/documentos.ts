import { SITUACAO_CTE_VALORES } from '../fiscal/situacao.ts';
import { STATUS } from '../status.ts';
import { z, zBool, zData, zDinheiro, zDocumento, zTexto, zTextoOpcional, zUf } from '../zod.ts';

// NF-e, virtual notes and CT-e as the API serves them (documentos/nfes, nfe-virtual, ctes).

const parteNfe = z.object({
  documento: z.string().nullable(),
  nome: z.string().nullable(),
  uf: z.string().nullable(),
  municipioIbge: z.string().nullable(),
  municipio: z.string().nullable(),
});
const pessoa = z.object({ documento: z.string().nullable(), nome: z.string().nullable() });

export const nfeItem = z.object({
  numero: z.number().int(),
  codigo: z.string().nullable(),
  descricao: z.string().nullable(),
  ncm: z.string().nullable(),
  cfop: z.string().nullable(),
  quantidade: z.number().nullable(),
  unidade: z.string().nullable(),
  valorUnitario: z.number().nullable(),
  valor: z.number().nullable(),
});

export const nfe = z.object({
  uid: z.string(),
  chave: z.string().nullable().describe('Chave de acesso (44); null numa NF-e virtual'),
  virtual: z.boolean(),
  substituidaPorUid: z.string().nullable().describe('NF-e virtual: a NF-e real que tomou o seu lugar'),
  versao: z.string().nullable(),
  numero: z.number().int(),
  serie: z.number().int(),
  modelo: z.number().int(),
  emissao: z.string().describe('dhEmi como no XML (ISO 8601 com o fuso)'),
  tipoAmbiente: z.number().int().nullable().describe('1 produção, 2 homologação'),
  tipoOperacao: z.number().int().nullable().describe('0 entrada, 1 saída'),
  naturezaOperacao: z.string().nullable(),
  emitente: parteNfe,
  destinatario: parteNfe.extend({ idEstrangeiro: z.string().nullable() }).nullable(),
  valorTotal: z.number().nullable().describe('vNF'),
  valorProdutos: z.number().nullable(),
  valorFrete: z.number().nullable(),
  pesoBruto: z.number().nullable().describe('Soma de pesoB dos volumes; null sem volumes'),
  pesoLiquido: z.number().nullable(),
  volumes: z.number().nullable().describe('Soma de qVol; null sem volumes'),
  modalidadeFrete: z.number().int().nullable().describe('modFrete'),
  transportador: pessoa.nullable(),
  transportadorUid: z.string().nullable().describe('Transportador cadastrado com o CNPJ do transportador da nota'),
  transportadorCadastroNome: z.string().nullable(),
  unidadeEmbarcadorUid: z.string().nullable().describe('Unidade do embarcador com o CNPJ do emitente ou do destinatário'),
  unidadeEmbarcadorNome: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataAutorizacao: z.string().nullable(),
  quantidadeItens: z.number().int(),
  cancelada: z.boolean(),
  canceladaEm: z.string().nullable(),
  chaveValida: z.boolean(),
  assinaturaValida: z.boolean(),
  avisos: z.array(z.string()),
  observacao: z.string().nullable(),
  quantidadeCtes: z.number().int().describe('CT-e que citam esta NF-e'),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Nfe = z.infer<typeof nfe>;

/** GET documentos/nfes/{uid}: the note with its items and the CT-es that cite it. */
export const nfeDetalhe = nfe.extend({
  itens: z.array(nfeItem),
  ctes: z.array(z.object({ uid: z.string(), chave: z.string(), numero: z.number().int(), emitenteNome: z.string().nullable(), cancelado: z.boolean() })),
  embarques: z.array(z.object({ uid: z.string(), numero: z.number().int(), status: z.number().int() })).describe('Embarques que levam a nota (vazio para usuário de transportadora)'),
});

/** PUT documentos/nfes/{uid}: what a user may change on an imported note (the XML stays the truth). */
export const nfeUpdateInput = z.object({
  observacao: zTextoOpcional(500),
  transportadorUid: z.string().uuid('Identificador inválido').nullish().transform((v) => v ?? null),
  unidadeEmbarcadorUid: z.string().uuid('Identificador inválido').nullish().transform((v) => v ?? null),
});

const zInteiroPositivo = (max: number) =>
  z.union([z.number(), z.string().regex(/^\d+$/, 'Número inválido').transform(Number)], { error: 'Número inválido' }).pipe(z.number().int('Número inválido').min(1, 'Deve ser maior que zero').max(max, `Deve ser no máximo ${max}`));

/** documentos/nfe-virtual: a note typed before the real one exists. */
export const nfeVirtualInput = z.object({
  numero: zInteiroPositivo(999_999_999),
  serie: z.union([z.number(), z.string().regex(/^\d+$/).transform(Number)], { error: 'Número inválido' }).pipe(z.number().int().min(0, 'Deve ser no mínimo 0').max(999, 'Deve ser no máximo 999')),
  emissao: z.string({ error: 'Campo obrigatório' }).refine((s) => /^\d{4}-\d{2}-\d{2}/.test(s) && !Number.isNaN(Date.parse(s)), 'Data inválida'),
  emitenteDocumento: zDocumento,
  emitenteNome: zTexto(255),
  destinatarioDocumento: zDocumento,
  destinatarioNome: zTexto(255),
  destinatarioUf: zUf,
  destinatarioMunicipioIbge: z.string().regex(/^\d{7}$/, 'Código IBGE inválido').nullish().transform((v) => v ?? null),
  valorTotal: zDinheiro(2),
  pesoBruto: zDinheiro(4).nullish().transform((v) => v ?? null),
  volumes: zInteiroPositivo(999_999).nullish().transform((v) => v ?? null),
  transportadorUid: z.string().uuid('Identificador inválido').nullish().transform((v) => v ?? null),
  observacao: zTextoOpcional(500),
});

export const cteComponente = z.object({ nome: z.string(), valor: z.number() });

export const cte = z.object({
  uid: z.string(),
  chave: z.string(),
  versao: z.string().nullable(),
  numero: z.number().int(),
  serie: z.number().int(),
  modelo: z.number().int().describe('57 CT-e, 67 CT-e OS'),
  emissao: z.string(),
  tipoAmbiente: z.number().int().nullable(),
  cfop: z.string().nullable(),
  naturezaOperacao: z.string().nullable(),
  tipoCte: z.number().int().nullable().describe('0 normal, 1 complementar, 2 anulação, 3 substituto'),
  tipoServico: z.number().int().nullable(),
  modal: z.string().nullable().describe('01 rodoviário, 02 aéreo, 03 aquaviário, 04 ferroviário, 05 dutoviário, 06 multimodal'),
  emitente: pessoa.extend({ uf: z.string().nullable() }),
  remetente: pessoa.nullable(),
  expedidor: pessoa.nullable(),
  recebedor: pessoa.nullable(),
  destinatario: pessoa.nullable(),
  tomador: pessoa.extend({ tipo: z.number().int().nullable().describe('0 remetente, 1 expedidor, 2 recebedor, 3 destinatário, 4 outros') }).nullable(),
  origem: z.object({ municipioIbge: z.string().nullable(), municipio: z.string().nullable(), uf: z.string().nullable() }),
  destino: z.object({ municipioIbge: z.string().nullable(), municipio: z.string().nullable(), uf: z.string().nullable() }),
  valorPrestacao: z.number().nullable(),
  valorReceber: z.number().nullable(),
  valorCarga: z.number().nullable(),
  icms: z.object({ cst: z.string().nullable(), base: z.number().nullable(), aliquota: z.number().nullable(), valor: z.number().nullable() }).nullable(),
  pesoCarga: z.number().nullable().describe('Quantidade em kg, preferindo a medida PESO BRUTO (depois PESO AFERIDO/REAL)'),
  pesoCubado: z.number().nullable().describe('Medida PESO CUBADO do CT-e em kg (nulo se ausente ou zero); a auditoria pesa o maior entre ele, o peso da carga e o das NF-es'),
  pesoBaseCalculo: z.number().nullable().describe('Medida PESO BASE DE CALCULO (ou PESO TAXADO) do CT-e em kg: o peso que o transportador diz ter cobrado'),
  quantidadeNfes: z.number().int(),
  chaveOriginal: z.string().nullable().describe('Complementar/substituto: chave do CT-e original'),
  cteOriginalUid: z.string().nullable(),
  transportadorUid: z.string().nullable(),
  unidadeTransportadorUid: z.string().nullable(),
  transportadorCadastroNome: z.string().nullable(),
  protocolo: z.string().nullable(),
  dataAutorizacao: z.string().nullable(),
  cancelado: z.boolean(),
  canceladoEm: z.string().nullable(),
  status: z.number().int(),
  situacao: z.enum(SITUACAO_CTE_VALORES),
  faturaUid: z.string().nullable(),
  chaveValida: z.boolean(),
  assinaturaValida: z.boolean(),
  origemDocumento: z.enum(['XML', 'EDI']).describe("'EDI': conhecido só pelo CONEMB do transportador (sem XML, chave provisória); o XML o completa ao chegar"),
  avisos: z.array(z.string()),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Cte = z.infer<typeof cte>;

export const cteDetalhe = cte.extend({
  componentes: z.array(cteComponente).describe('Na ordem do XML'),
  nfes: z.array(z.string()).describe('Chaves das NF-e citadas, na ordem do XML'),
  nfesVinculadas: z.array(z.object({ chave: z.string(), nfeUid: z.string().nullable(), numero: z.number().int().nullable(), emitenteNome: z.string().nullable() })),
  complementos: z.array(z.object({ uid: z.string(), chave: z.string(), tipoCte: z.number().int().nullable(), valorPrestacao: z.number().nullable() })),
});

const statusCte = STATUS.cte.values.map((s) => s.value);
export const cteStatusInput = z.object({
  status: z.number({ error: 'Status inválido' }).int().refine((v) => statusCte.includes(v as never), 'Status inválido'),
  justificativa: zTextoOpcional(500),
});

/** POST documentos/export-nfes: the same filters as the list, plus the optional ZIP of XML. */
export const exportNfesInput = z.object({
  filtros: z.record(z.string(), z.string()).default({}).describe('Os mesmos parâmetros da lista (ftr_*, dataInicioFiltro…)'),
  incluirXml: z.boolean().default(false),
});

/** The answer of a long job: the task's uid in fila-tarefas. */
export const tarefaCriada = z.object({ uid: z.string() });

/** POST documentos/export-notfis: NOTFIS of chosen NF-es (by uid, or the list's filters) for a carrier. */
export const exportNotfisInput = z.object({
  nfeUids: z.array(z.string().uuid('Identificador inválido')).max(5000, 'No máximo 5.000 NF-e').optional().describe('As NF-e escolhidas; sem elas, as que os filtros selecionam'),
  filtros: z.record(z.string(), z.string()).optional().describe('Os mesmos parâmetros da lista de NF-e (ftr_*, dataInicioFiltro…)'),
  transportadorUid: z.string({ error: 'Campo obrigatório' }).uuid('Identificador inválido').describe('Transportador a quem o arquivo se destina (vinculado ao embarcador)'),
  versao: z.enum(['3.1'], { error: 'Versão do NOTFIS inválida: use 3.1' }).default('3.1'),
});

/**
 * POST documentos/ctes/reprocessar-pesos: re-reads the stored XML of the CT-es that have neither PESO CUBADO nor
 * PESO BASE DE CALCULO (imported before those were kept) and fills them; optionally only those issued in a period.
 */
export const reprocessarPesosCteInput = z
  .object({
    dataInicio: zData.optional().describe('Emissão a partir de (AAAA-MM-DD); vazio = desde o primeiro CT-e'),
    dataFim: zData.optional().describe('Emissão até (AAAA-MM-DD); vazio = até hoje'),
    reauditar: zBool.default(true).describe('Re-auditar os CT-es cujos pesos mudarem (auditorias aceitas, canceladas ou em pré-fatura liberada são mantidas)'),
  })
  .refine((v) => !v.dataInicio || !v.dataFim || v.dataFim >= v.dataInicio, { path: ['dataFim'], message: 'A data final deve ser igual ou posterior à inicial.' });
