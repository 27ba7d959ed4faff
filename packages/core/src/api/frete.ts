import { localRefSchema } from '../frete/esquemas.ts';
import { UFS } from '../frete/ufs.ts';
import { opcional, z, zBool, zCep, zData, zIbge, zTexto, zTextoOpcional, zUid } from '../zod.ts';

// Freight registers: places (LocalRef), regions, CEP ranges, holidays, modes, components, carriers'
// component names, delivery deadlines, the route register, attachments and the freight calculator.

const zUfConhecida = z
  .string({ error: 'Campo obrigatório' })
  .trim()
  .toUpperCase()
  .refine((v) => UFS.includes(v), { error: (i) => `UF desconhecida: "${String(i.input)}"` });

/** A place as routes name it (the engine's LocalRef): {tipo:'UF',uf} | {tipo:'MUNICIPIO',ibge} | {tipo:'REGIAO',regiaoUid} | {tipo:'FAIXA_CEP',de,ate}. */
export const localRefInput = localRefSchema;
export const TIPOS_LOCAL = ['UF', 'MUNICIPIO', 'REGIAO', 'FAIXA_CEP'] as const;

/** A place in a reply: the LocalRef fields of its tipo plus a readable description. */
export const localRefItem = z.object({
  tipo: z.enum(TIPOS_LOCAL),
  uf: z.string().optional(),
  ibge: z.string().optional(),
  regiaoUid: z.string().optional(),
  de: z.string().optional(),
  ate: z.string().optional(),
  descricao: z.string(),
});
export type LocalRefItem = z.infer<typeof localRefItem>;

const auditado = { criadoEm: z.string(), atualizadoEm: z.string() };

// Regions ---------------------------------------------------------------------------------------
export const regiaoInput = z.object({ nome: zTexto(120), descricao: zTextoOpcional(255), ativo: zBool.default(true) });
export const regiao = z.object({
  uid: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  quantidadeLocais: z.number().int(),
  ...auditado,
});
export type Regiao = z.infer<typeof regiao>;
export const regiaoListaInput = z.object({
  nome: z
    .string()
    .trim()
    .max(120, 'Deve ter no máximo 120 caracteres')
    .refine((v) => !v.includes('\0'), 'Caractere inválido')
    .optional()
    .describe('Parte do nome (sem acentos)'),
  ativo: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional().describe('true ou omitido: só as ativas; false: todas'),
  uids: z.array(zUid).max(500).optional().describe('Só estas regiões'),
});
/** A location of a region: a UF, a municipality (IBGE) or a CEP range; never another region. */
export const regiaoLocalInput = localRefSchema.refine((l) => l.tipo !== 'REGIAO', {
  error: 'Uma região contém UFs, municípios ou faixas de CEP, não outra região',
  path: ['tipo'],
});
export const regiaoLocal = localRefItem.extend({ uid: z.string(), regiaoUid: z.string(), ...auditado });

// CEP ranges ------------------------------------------------------------------------------------
export const faixaCepInput = z
  .object({ nome: zTexto(120), uf: zUfConhecida, municipioIbge: opcional(zIbge), de: zCep, ate: zCep, ativo: zBool.default(true) })
  .refine((f) => f.de <= f.ate, { error: 'CEP final deve ser maior ou igual ao CEP inicial', path: ['ate'] });
export const faixaCep = z.object({
  uid: z.string(),
  nome: z.string(),
  uf: z.string(),
  municipioIbge: z.string().nullable(),
  de: z.string(),
  ate: z.string(),
  ativo: z.boolean(),
  ...auditado,
});
export const faixaCepOpcao = z.object({
  value: z.string(),
  label: z.string(),
  uf: z.string(),
  municipioIbge: z.string().nullable(),
  de: z.string(),
  ate: z.string(),
});

// Holidays --------------------------------------------------------------------------------------
export const ESCOPOS_FERIADO = ['NACIONAL', 'UF', 'MUNICIPIO'] as const;
export const feriadoInput = z
  .object({
    data: zData,
    nome: zTexto(120),
    escopo: z.enum(ESCOPOS_FERIADO, { error: 'Escopo inválido: use NACIONAL, UF ou MUNICIPIO' }),
    uf: opcional(zUfConhecida),
    municipioIbge: opcional(zIbge),
    facultativo: zBool.default(false),
  })
  .superRefine((f, ctx) => {
    if (f.escopo === 'UF' && !f.uf) ctx.addIssue({ code: 'custom', path: ['uf'], message: 'Informe a UF do feriado estadual' });
    if (f.escopo === 'MUNICIPIO' && !f.municipioIbge)
      ctx.addIssue({ code: 'custom', path: ['municipioIbge'], message: 'Informe o município do feriado municipal' });
  });
export const feriado = z.object({
  uid: z.string(),
  data: z.string(),
  nome: z.string(),
  escopo: z.enum(ESCOPOS_FERIADO),
  uf: z.string().nullable(),
  municipioIbge: z.string().nullable(),
  facultativo: z.boolean(),
  /** Filled by the system (national holidays): read-only. */
  sistema: z.boolean(),
  ...auditado,
});
export type Feriado = z.infer<typeof feriado>;

// Modes and components --------------------------------------------------------------------------
const zCodigo = (max: number) =>
  z
    .string({ error: 'Campo obrigatório' })
    .trim()
    .toUpperCase()
    .regex(/^[A-Z][A-Z0-9_]*$/, 'Use letras maiúsculas, dígitos e _ (ex.: TAXA_PORTO)')
    .max(max, `Deve ter no máximo ${max} caracteres`);
export const modalInput = z.object({
  codigo: zCodigo(20),
  nome: zTexto(80),
  fatorCubagemPadrao: z.number({ error: 'Número inválido' }).positive('Deve ser maior que zero').max(99999).default(300),
  ativo: zBool.default(true),
});
export const modal = z.object({
  uid: z.string(),
  codigo: z.string(),
  nome: z.string(),
  fatorCubagemPadrao: z.number(),
  ativo: z.boolean(),
  sistema: z.boolean(),
  ...auditado,
});
export const modalOpcao = z.object({ value: z.string(), label: z.string(), codigo: z.string(), fatorCubagemPadrao: z.number() });

export const componenteInput = z.object({
  codigo: zCodigo(30),
  nome: zTexto(120),
  descricao: zTextoOpcional(255),
  fretePrincipal: zBool.default(false).describe('Faz parte do frete principal (base FRETE_PRINCIPAL)'),
  foraBaseTributo: zBool.default(false).describe('Fora da base do ICMS/ISS (ex.: vale-pedágio)'),
  ativo: zBool.default(true),
});
export const componente = z.object({
  uid: z.string(),
  codigo: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  fretePrincipal: z.boolean(),
  foraBaseTributo: z.boolean(),
  ativo: z.boolean(),
  sistema: z.boolean(),
  ...auditado,
});
export type Componente = z.infer<typeof componente>;

export const mapaComponenteInput = z.object({
  nome: zTexto(120).describe('Nome do componente como o transportador o imprime no CT-e'),
  componenteUid: zUid,
});
export const mapaComponente = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  nome: z.string(),
  componenteUid: z.string(),
  componenteCodigo: z.string(),
  componenteNome: z.string(),
  ...auditado,
});

// Delivery deadlines and the route register -----------------------------------------------------
export const prazoEntregaInput = z.object({
  transportadorUid: zUid,
  origem: localRefInput,
  destino: localRefInput,
  prazoDiasUteis: z
    .number({ error: 'Número inválido' })
    .int('Deve ser um número inteiro de dias úteis')
    .min(0, 'Prazo não pode ser negativo')
    .max(365),
  observacao: zTextoOpcional(255),
  ativo: zBool.default(true),
});
export const prazoEntrega = z.object({
  uid: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  origem: localRefItem,
  destino: localRefItem,
  prazoDiasUteis: z.number().int(),
  observacao: z.string().nullable(),
  ativo: z.boolean(),
  ...auditado,
});

export const rotaInput = z.object({
  nome: zTexto(150),
  transportadorUid: opcional(zUid).describe('Rota de um transportador (vazio: de qualquer um)'),
  origem: localRefInput,
  destino: localRefInput,
  distanciaKm: opcional(z.number({ error: 'Número inválido' }).min(0, 'Distância não pode ser negativa').max(99999999)),
  ativo: zBool.default(true),
});
export const rota = z.object({
  uid: z.string(),
  nome: z.string(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  origem: localRefItem,
  destino: localRefItem,
  distanciaKm: z.number().nullable(),
  ativo: z.boolean(),
  ...auditado,
});
export const rotaOpcao = z.object({
  value: z.string(),
  label: z.string(),
  nome: z.string(),
  transportadorUid: z.string().nullable(),
  origem: localRefItem,
  destino: localRefItem,
  distanciaKm: z.number().nullable(),
});

// Attachments (any record) ----------------------------------------------------------------------
export const anexo = z.object({
  uid: z.string(),
  entidade: z.string(),
  entidadeUid: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  tipoConteudo: z.string(),
  tamanho: z.number().int(),
  /** GET this to download (/api/download/anexo/{uid}). */
  url: z.string(),
  criadoEm: z.string(),
  criadoPor: z.string().nullable(),
  criadoPorNome: z.string().nullable(),
});
export type Anexo = z.infer<typeof anexo>;

// Freight calculator ----------------------------------------------------------------------------
export const localCalculoInput = z
  .object({ cep: opcional(zCep), municipioIbge: opcional(zIbge), uf: opcional(zUfConhecida) })
  .refine((l) => l.cep || l.municipioIbge || l.uf, { error: 'Informe o CEP ou o código IBGE do município' });
const medida = (campo: string) => z.number({ error: 'Número inválido' }).positive(`${campo} deve ser maior que zero`).max(100000);
export const dimensaoInput = z.object({
  comprimentoCm: medida('Comprimento'),
  larguraCm: medida('Largura'),
  alturaCm: medida('Altura'),
  quantidade: z.number().int('Deve ser um número inteiro').positive('Quantidade deve ser maior que zero').max(100000).default(1),
});
const naoNeg = (campo: string) => z.number({ error: 'Número inválido' }).min(0, `${campo} não pode ser negativo`);
/** Cargo types of the ANTT floor tables (Res. ANTT 5.867/2020 art. 2 and Anexo II). */
export const TIPOS_CARGA_ANTT = [
  'GRANEL_SOLIDO',
  'GRANEL_LIQUIDO',
  'FRIGORIFICADA',
  'CONTEINERIZADA',
  'CARGA_GERAL',
  'NEOGRANEL',
  'PERIGOSA_GRANEL_SOLIDO',
  'PERIGOSA_GRANEL_LIQUIDO',
  'PERIGOSA_FRIGORIFICADA',
  'PERIGOSA_CONTEINERIZADA',
  'PERIGOSA_CARGA_GERAL',
  'GRANEL_PRESSURIZADA',
] as const;
export type TipoCargaAntt = (typeof TIPOS_CARGA_ANTT)[number];
export const TIPO_CARGA_ANTT_LABEL: Record<TipoCargaAntt, string> = {
  GRANEL_SOLIDO: 'Granel sólido',
  GRANEL_LIQUIDO: 'Granel líquido',
  FRIGORIFICADA: 'Frigorificada ou aquecida',
  CONTEINERIZADA: 'Conteinerizada',
  CARGA_GERAL: 'Carga geral',
  NEOGRANEL: 'Neogranel',
  PERIGOSA_GRANEL_SOLIDO: 'Perigosa (granel sólido)',
  PERIGOSA_GRANEL_LIQUIDO: 'Perigosa (granel líquido)',
  PERIGOSA_FRIGORIFICADA: 'Perigosa (frigorificada ou aquecida)',
  PERIGOSA_CONTEINERIZADA: 'Perigosa (conteinerizada)',
  PERIGOSA_CARGA_GERAL: 'Perigosa (carga geral)',
  GRANEL_PRESSURIZADA: 'Carga granel pressurizada',
};

/** /pisos-antt: a dated ANTT coefficient pair (CCD R$/km, CC R$) for a cargo type and axle count. */
export const pisoAnttInput = z
  .object({
    tipoCarga: z.enum(TIPOS_CARGA_ANTT, { error: 'Tipo de carga inválido' }),
    eixos: z.number({ error: 'Número inválido' }).int('Deve ser um número inteiro').min(2, 'De 2 a 9 eixos').max(9, 'De 2 a 9 eixos'),
    ccd: z.number({ error: 'Número inválido' }).positive('Deve ser maior que zero').max(1000).describe('Coeficiente de deslocamento, R$/km'),
    cc: z.number({ error: 'Número inválido' }).min(0, 'Não pode ser negativo').max(1e6).describe('Coeficiente de carga e descarga, R$'),
    vigenciaInicio: z.string({ error: 'Campo obrigatório' }).pipe(zData),
    vigenciaFim: opcional(zData).describe('Fim da vigência, inclusive; vazio = até a próxima versão'),
    fonte: zTexto(255).describe('Resolução/portaria da ANTT de onde vêm os números (ex.: Res. ANTT nº 6.006/2023, Anexo II, Tabela A)'),
    ativo: zBool.default(true),
  })
  .refine((v) => !v.vigenciaFim || v.vigenciaFim >= v.vigenciaInicio, {
    error: 'O fim da vigência deve ser igual ou posterior ao início',
    path: ['vigenciaFim'],
  });
export const pisoAntt = z.object({
  uid: z.string(),
  tipoCarga: z.enum(TIPOS_CARGA_ANTT),
  eixos: z.number().int(),
  ccd: z.number(),
  cc: z.number(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  fonte: z.string(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});

export const calculoInput = z
  .object({
    origem: localCalculoInput,
    destino: localCalculoInput,
    pesoKg: naoNeg('Peso').max(1e9),
    m3: naoNeg('Volume (m³)').max(1e7).optional(),
    dimensoes: z
      .array(dimensaoInput)
      .max(1000)
      .optional()
      .describe('Alternativa a m3: o volume é a soma de comprimento × largura × altura × quantidade'),
    valorMercadoria: naoNeg('Valor da mercadoria').max(1e12),
    volumes: z.number().int('Deve ser um número inteiro').min(0).max(1e7).optional(),
    documentos: z.number().int('Deve ser um número inteiro').min(0).max(1e5).optional().describe('Quantidade de NF-es (padrão 1)'),
    remetente: z.string().trim().max(40).optional().describe('CNPJ/CPF (dígitos ou com máscara) ou uid de pessoa'),
    destinatario: z.string().trim().max(40).optional().describe('CNPJ/CPF (dígitos ou com máscara) ou uid de pessoa'),
    data: zData.optional().describe('Data de embarque (padrão: hoje em America/Sao_Paulo)'),
    transportadorUids: z.array(zUid).max(200).optional().describe('Só as tabelas destes transportadores'),
    tipoVeiculoUid: zUid.optional(),
    tipoCargaAntt: z
      .enum(TIPOS_CARGA_ANTT, { error: 'Tipo de carga ANTT inválido' })
      .optional()
      .describe('Tipo de carga para o piso mínimo da ANTT (padrão CARGA_GERAL)'),
    produtos: z
      .array(z.string({ error: 'Código de produto inválido' }).trim().min(1, 'Código de produto vazio').max(60), {
        error: 'Produtos: informe uma lista de códigos',
      })
      .max(500, 'No máximo 500 produtos')
      .optional()
      .describe('Códigos (cadastro de produtos) das mercadorias da carga: restrições por produto/NCM e isenção de cubagem'),
    importado: z
      .boolean()
      .optional()
      .describe('Mercadoria importada: não muda o ICMS do frete (Res. SF 13/2012 trata da mercadoria; o frete segue o modal e as UFs)'),
  })
  .refine((c) => !(c.m3 !== undefined && c.dimensoes?.length), { error: 'Informe m3 ou dimensoes, não ambos', path: ['dimensoes'] });
export type CalculoInput = z.infer<typeof calculoInput>;

export const localResolvido = z.object({
  uf: z.string(),
  ibge: z.string().nullable(),
  cep: z.string().nullable(),
  regioes: z.array(z.string()),
});
export const componenteCotado = z.object({
  componente: z.string(),
  nome: z.string(),
  base: z.string(),
  quantidade: z.number(),
  valor: z.number(),
  /** Outside the tax base (vale-pedágio). */
  foraBaseTributo: z.boolean().optional(),
});
export const cotacaoCalculada = z.object({
  tabelaUid: z.string(),
  tabelaNome: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  rotaUid: z.string(),
  pesoTaxado: z.number(),
  isentoCubagem: z.literal(true).optional().describe('Presente quando uma isenção de cubagem (produto, destinatário ou tabela) manteve o peso real, menor que o cubado'),
  componentes: z.array(componenteCotado),
  ajusteMinimo: z.number(),
  valorSemIcms: z.number(),
  aliquotaIcms: z.number(),
  icms: z.number(),
  total: z.number(),
  prazoDiasUteis: z.number().int(),
  dataPrevistaEntrega: z.string(),
  prioridade: z.number().int(),
  /** Which tax applied: ICMS (between municipalities), ISS (same municipality) or NENHUM (Simples Nacional carrier). */
  tributo: z.enum(['ICMS', 'ISS', 'NENHUM']),
  aliquotaIss: z.number(),
  iss: z.number(),
  /**
   * Where the applied rate comes from, in words: the shipper's tax rule (configuracoes/tributos), the law
   * (e.g. "RICMS/SP (Decreto 45.490/2000), art. 54, I"), the ISS register, or the Simples Nacional regime.
   */
  fonteAliquota: z.string().optional(),
  /** Components outside the tax base (vale-pedágio), included in valorSemIcms and total. */
  valorForaBaseTributo: z.number(),
  /** Location surcharges (adicionais) applied. */
  adicionais: z.array(z.string()),
  /**
   * ANTT minimum freight (distance × CCD + CC, coefficients of /pisos-antt valid on the date for the
   * load's cargo type and the vehicle's axles) and whether the quote is below it. For a self-employed
   * carrier (TAC) the floor is binding: `ajuste` is what was added to reach it (inside the tax base).
   */
  pisoAntt: z
    .object({ valor: z.number(), abaixo: z.boolean(), ajuste: z.number().optional(), obrigatorio: z.boolean().optional(), fonte: z.string().optional() })
    .optional(),
  /** Derived table ("vínculo"): the base it follows and the components its adjustments changed on this load. */
  derivadaDe: z.object({ uid: z.string(), nome: z.string() }).optional(),
  ajustados: z.array(z.string()).optional(),
});
export const naoCotada = z.object({
  tabelaUid: z.string(),
  tabelaNome: z.string(),
  transportadorUid: z.string(),
  transportadorNome: z.string(),
  motivo: z.string(),
});
export const calculoResultado = z.object({
  data: z.string(),
  origem: localResolvido,
  destino: localResolvido,
  cotacoes: z.array(cotacaoCalculada),
  naoCotadas: z.array(naoCotada),
});
export type CalculoResultado = z.infer<typeof calculoResultado>;
