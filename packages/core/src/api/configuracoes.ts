import {
  FUSOS_HORARIOS_VALORES, MOEDAS_VALORES, REGIMES_PIS_COFINS_VALORES, REGIMES_TRIBUTARIOS_VALORES, RETENCOES_ISS_VALORES,
  TIPOS_TRIBUTO_VALORES,
} from '../enums.ts';
import { ufValida } from '../frete/ufs.ts';
import { CAMPO } from '../mensagens.ts';
import { ISS_ALIQUOTA_MAXIMA, ISS_ALIQUOTA_MINIMA } from '../tributos.ts';
import { opcional, z, zBool, zData, zDinheiro, zTextoOpcional } from '../zod.ts';

// Request/reply schemas of the shipper's settings and taxes (configuracoes/*, administracao/parametros).

/** A rate in percent (up to 4 decimals) within [min, max]; a decimal string out. */
export const zPercentual = (min = 0, max = 100, message?: string) =>
  zDinheiro(4).refine((v) => Number(v) >= min && Number(v) <= max, { message: message ?? `Deve estar entre ${min} e ${max}` });
/** zData / zIbge, but a missing value says 'Campo obrigatório' (not zod's "recebeu undefined"). */
const obrigatorio = (tipo: string) => (iss: { input?: unknown }) => (iss.input === undefined || iss.input === null ? CAMPO.obrigatorio : tipo);
const zDataObrigatoria = z.string({ error: obrigatorio(CAMPO.dataInvalida) }).pipe(zData);
const zIbgeObrigatorio = z.string({ error: obrigatorio('Código IBGE inválido') }).regex(/^\d{7}$/, 'Código IBGE inválido');
const zUfValida = z.string({ error: CAMPO.obrigatorio }).trim().toUpperCase().refine(ufValida, 'UF inválida');
const zInteiro = (min: number, max: number) =>
  z.number({ error: CAMPO.numeroInvalido }).int('Deve ser um número inteiro').min(min, CAMPO.valorMinimo(min)).max(max, CAMPO.valorMaximo(max));

/** One or more e-mails separated by ';' or ','; stored as 'a@x.com; b@y.com'. */
const zEmails = z
  .string()
  .max(500, CAMPO.maximo(500))
  .transform((v, ctx) => {
    const lista = v.split(/[;,]/).map((e) => e.trim().toLowerCase()).filter(Boolean);
    if (lista.length > 10) ctx.addIssue({ code: 'custom', message: 'No máximo 10 e-mails' });
    for (const e of lista) if (!z.email().safeParse(e).success) ctx.addIssue({ code: 'custom', message: `${CAMPO.emailInvalido}: ${e}` });
    const junto = lista.join('; ');
    if (junto.length > 500) ctx.addIssue({ code: 'custom', message: CAMPO.maximo(500) });
    return lista.length ? junto : null;
  });

// ---- configuracoes -------------------------------------------------------------------------------
export const configuracaoItem = z.object({
  uid: z.string(),
  embarcadorUid: z.string(),
  fatorCubagemPadrao: z.number().int().describe('kg por m³ para o peso cubado (padrão 300)'),
  diasToleranciaEntrega: z.number().int().describe('Dias de tolerância antes de uma entrega contar como atrasada'),
  aliquotaIssPadrao: z.number().describe('% de ISS quando o município não tem alíquota cadastrada'),
  emailNotificacoes: z.string().nullable().describe("E-mails separados por '; '"),
  toleranciaAuditoriaPercentual: z.number().describe('% de diferença aceita na auditoria de frete'),
  toleranciaAuditoriaValor: z.number().describe('R$ de diferença aceita na auditoria de frete'),
  moeda: z.string(),
  fusoHorario: z.string(),
  pontosFacultativosUteis: z.boolean().describe('Pontos facultativos (Carnaval, Corpus Christi) contam como dias úteis nos prazos'),
  aprovacaoTabelas: z.boolean().describe('Tabela de frete nova ou reajustada só é ativada por outro usuário (aprovação)'),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type ConfiguracaoItem = z.infer<typeof configuracaoItem>;

/** PUT: only the fields sent change. */
export const configuracaoInput = z.object({
  fatorCubagemPadrao: zInteiro(1, 10000).optional(),
  diasToleranciaEntrega: zInteiro(0, 365).optional(),
  aliquotaIssPadrao: zPercentual(ISS_ALIQUOTA_MINIMA, ISS_ALIQUOTA_MAXIMA, `A alíquota do ISS deve estar entre ${ISS_ALIQUOTA_MINIMA}% e ${ISS_ALIQUOTA_MAXIMA}%`).optional(),
  emailNotificacoes: z.preprocess((v) => (v === '' ? null : v), zEmails.nullable()).optional(),
  toleranciaAuditoriaPercentual: zPercentual(0, 100).optional(),
  toleranciaAuditoriaValor: zDinheiro(2).refine((v) => Number(v) >= 0 && Number(v) < 1e12, CAMPO.valorMinimo(0)).optional(),
  moeda: z.enum(MOEDAS_VALORES).optional(),
  fusoHorario: z.enum(FUSOS_HORARIOS_VALORES).optional(),
  pontosFacultativosUteis: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
  aprovacaoTabelas: z.boolean({ error: 'Deve ser verdadeiro ou falso' }).optional(),
});

// ---- administracao/parametros --------------------------------------------------------------------
export type TipoParametro = 'inteiro' | 'decimal' | 'booleano' | 'hora' | 'opcao' | 'texto';
export type ParametroDef = {
  chave: string;
  grupo: string;
  descricao: string;
  tipo: TipoParametro;
  padrao: string | number | boolean;
  min?: number;
  max?: number;
  opcoes?: readonly string[];
};

/** The system parameters a shipper may tune; anything else is rejected. */
export const PARAMETROS_SISTEMA: readonly ParametroDef[] = [
  { chave: 'cotacaoDiasValidade', grupo: 'Cotação', descricao: 'Dias de validade de uma cotação de frete', tipo: 'inteiro', padrao: 7, min: 1, max: 90 },
  { chave: 'cotacaoPrazoRespostaHoras', grupo: 'Cotação', descricao: 'Horas para as transportadoras responderem a uma cotação', tipo: 'inteiro', padrao: 48, min: 1, max: 720 },
  { chave: 'cotacaoMinimoTransportadoras', grupo: 'Cotação', descricao: 'Transportadoras convidadas, no mínimo, para abrir uma cotação', tipo: 'inteiro', padrao: 1, min: 1, max: 20 },
  { chave: 'ordemColetaExigeLiberacao', grupo: 'Ordem de coleta', descricao: "A ordem de coleta passa por 'Aguardando Liberação' antes de ir à transportadora", tipo: 'booleano', padrao: true },
  { chave: 'ordemColetaHoraLimite', grupo: 'Ordem de coleta', descricao: 'Horário limite (HH:mm) para pedir coleta no mesmo dia', tipo: 'hora', padrao: '16:00' },
  { chave: 'auditoriaAceitarDentroTolerancia', grupo: 'Auditoria', descricao: 'Aceitar automaticamente o CT-e com diferença dentro da tolerância', tipo: 'booleano', padrao: true },
  { chave: 'auditoriaReauditarAoAlterarTabela', grupo: 'Auditoria', descricao: 'Reauditar os CT-es em aberto quando a tabela de frete mudar', tipo: 'booleano', padrao: false },
  { chave: 'trackingRecalcularPrazo', grupo: 'Tracking', descricao: 'Recalcular a previsão de entrega a cada ocorrência', tipo: 'booleano', padrao: true },
  { chave: 'fretePesoMinimoKg', grupo: 'Frete', descricao: 'Peso mínimo (kg) cobrado por embarque', tipo: 'decimal', padrao: 0, min: 0, max: 100000 },
  { chave: 'importacaoTamanhoMaximoMb', grupo: 'Importação', descricao: 'Tamanho máximo (MB) de um arquivo importado', tipo: 'inteiro', padrao: 10, min: 1, max: 50 },
  { chave: 'notificacaoResumoDiarioHora', grupo: 'Notificações', descricao: 'Horário (HH:mm) do resumo diário por e-mail', tipo: 'hora', padrao: '08:00' },
  { chave: 'preFaturaPeriodicidade', grupo: 'Pré-fatura', descricao: 'Gerar e liberar as pré-faturas de cada transportador com os CT-es aprovados do período (desligada, semanal, quinzenal: 1–15 e 16–fim, mensal)', tipo: 'opcao', padrao: 'desligada', opcoes: ['desligada', 'semanal', 'quinzenal', 'mensal'] },
  { chave: 'preFaturaDiaSemana', grupo: 'Pré-fatura', descricao: 'Semanal: dia do fechamento (1 segunda … 7 domingo); fecha os 7 dias anteriores', tipo: 'inteiro', padrao: 1, min: 1, max: 7 },
  { chave: 'preFaturaDiaMes', grupo: 'Pré-fatura', descricao: 'Mensal: dia do fechamento (1 a 28); fecha o mês que termina na véspera', tipo: 'inteiro', padrao: 1, min: 1, max: 28 },
  { chave: 'rpaIssDiaVencimento', grupo: 'RPA', descricao: 'Dia do mês seguinte em que vence o ISS retido no RPA (o do município; dia sem expediente bancário antecipa)', tipo: 'inteiro', padrao: 10, min: 1, max: 28 },
  { chave: 'sefazCapturaAtiva', grupo: 'SEFAZ', descricao: 'Buscar NF-es e CT-es na SEFAZ a cada hora com o certificado A1 do embarcador', tipo: 'booleano', padrao: false },
  { chave: 'sefazAmbiente', grupo: 'SEFAZ', descricao: 'Ambiente da SEFAZ consultado (producao ou homologacao)', tipo: 'opcao', padrao: 'producao', opcoes: ['producao', 'homologacao'] },
  { chave: 'listaTamanhoPagina', grupo: 'Interface', descricao: 'Registros por página nas listas', tipo: 'opcao', padrao: '10', opcoes: ['10', '20', '50', '100'] },
];
export const PARAMETRO_POR_CHAVE = new Map(PARAMETROS_SISTEMA.map((p) => [p.chave, p]));

export type ValorParametro = string | number | boolean;
/** The value normalised to the parameter's type, or the pt-BR reason it is not valid. */
export function validarParametro(def: ParametroDef, valor: unknown): { ok: true; valor: ValorParametro } | { ok: false; message: string } {
  const erro = (message: string) => ({ ok: false as const, message });
  switch (def.tipo) {
    case 'inteiro':
    case 'decimal': {
      const n = typeof valor === 'number' ? valor : typeof valor === 'string' && valor.trim() !== '' ? Number(valor.replace(',', '.')) : Number.NaN;
      if (!Number.isFinite(n)) return erro(CAMPO.numeroInvalido);
      if (def.tipo === 'inteiro' && !Number.isInteger(n)) return erro('Deve ser um número inteiro');
      if (def.tipo === 'decimal' && Math.round(n * 1e4) / 1e4 !== n) return erro('No máximo 4 casas decimais');
      if (def.min !== undefined && n < def.min) return erro(CAMPO.valorMinimo(def.min));
      if (def.max !== undefined && n > def.max) return erro(CAMPO.valorMaximo(def.max));
      return { ok: true, valor: n };
    }
    case 'booleano':
      if (typeof valor === 'boolean') return { ok: true, valor };
      if (valor === 'true' || valor === 'false') return { ok: true, valor: valor === 'true' };
      return erro('Deve ser verdadeiro ou falso');
    case 'hora':
      if (typeof valor === 'string' && /^([01]\d|2[0-3]):[0-5]\d$/.test(valor.trim())) return { ok: true, valor: valor.trim() };
      return erro('Horário inválido (HH:mm)');
    case 'opcao': {
      const s = String(valor ?? '');
      return def.opcoes?.includes(s) ? { ok: true, valor: s } : erro(`Deve ser um dos [${def.opcoes?.join(', ')}]`);
    }
    case 'texto':
      if (typeof valor === 'string' && valor.trim().length <= (def.max ?? 255)) return { ok: true, valor: valor.trim() };
      return erro(CAMPO.maximo(def.max ?? 255));
  }
}

const valorParametro = z.union([z.string(), z.number(), z.boolean()]);
export const parametroItem = z.object({
  chave: z.string(),
  grupo: z.string(),
  descricao: z.string(),
  tipo: z.enum(['inteiro', 'decimal', 'booleano', 'hora', 'opcao', 'texto']),
  valor: valorParametro,
  padrao: valorParametro,
  personalizado: z.boolean().describe('true quando o embarcador mudou o valor padrão'),
  min: z.number().nullable(),
  max: z.number().nullable(),
  opcoes: z.array(z.string()).nullable(),
  atualizadoEm: z.string().nullable(),
});
export type ParametroItem = z.infer<typeof parametroItem>;
/** PUT body: {chave: valor}; null volta ao padrão. Chaves desconhecidas respondem 400. */
export const parametrosInput = z.record(z.string().max(80), z.union([valorParametro, z.null()]));

// ---- configuracoes/banco/list ---------------------------------------------------------------------
export const bancoItem = z.object({
  code: z.string().describe('Código COMPE, 3 dígitos'),
  ispb: z.string(),
  name: z.string(),
  value: z.string().describe('= code'),
  label: z.string().describe("'code - name'"),
});
export const bancosQuery = z.object({ q: z.string().trim().max(100).optional().describe('Parte do nome (sem acentos), do código ou do ISPB'), src: z.string().optional() });

// ---- configuracoes/tributos ---------------------------------------------------------------------
const tipoTributo = z.enum(TIPOS_TRIBUTO_VALORES, { error: `Deve ser um dos [${TIPOS_TRIBUTO_VALORES.join(', ')}]` });
const regimePisCofins = z.enum(REGIMES_PIS_COFINS_VALORES, { error: `Deve ser um dos [${REGIMES_PIS_COFINS_VALORES.join(', ')}]` });

export const tributoInput = z
  .object({
    tipo: tipoTributo.describe('INTERNO (uf), TRANSPORTE (uf: ICMS do frete dentro da UF), INTERESTADUAL (ufOrigem, ufDestino), IMPORTADO, PIS_COFINS (regimePisCofins)'),
    uf: opcional(zUfValida).describe('INTERNO: a UF'),
    ufOrigem: opcional(zUfValida).describe('INTERESTADUAL'),
    ufDestino: opcional(zUfValida).describe('INTERESTADUAL'),
    aliquota: opcional(zPercentual(0, 100)).describe('ICMS, % (IMPORTADO: 4 se omitida)'),
    regimePisCofins: opcional(regimePisCofins).describe('PIS_COFINS'),
    aliquotaPis: opcional(zPercentual(0, 100)).describe('PIS_COFINS, % (padrão do regime se omitida)'),
    aliquotaCofins: opcional(zPercentual(0, 100)).describe('PIS_COFINS, % (padrão do regime se omitida)'),
    vigenciaInicio: zDataObrigatoria.describe('Início da vigência (AAAA-MM-DD)'),
    vigenciaFim: opcional(zData).describe('Fim da vigência, inclusive; vazio = sem fim'),
    descricao: zTextoOpcional(255),
    ativo: zBool.default(true),
  })
  .superRefine((v, ctx) => {
    const exigir = (campo: string) => ctx.addIssue({ code: 'custom', path: [campo], message: CAMPO.obrigatorio });
    if ((v.tipo === 'INTERNO' || v.tipo === 'TRANSPORTE') && !v.uf) exigir('uf');
    if (v.tipo === 'INTERESTADUAL') {
      if (!v.ufOrigem) exigir('ufOrigem');
      if (!v.ufDestino) exigir('ufDestino');
      if (v.ufOrigem && v.ufOrigem === v.ufDestino) ctx.addIssue({ code: 'custom', path: ['ufDestino'], message: 'A UF de destino deve ser diferente da de origem' });
    }
    if ((v.tipo === 'INTERNO' || v.tipo === 'TRANSPORTE' || v.tipo === 'INTERESTADUAL') && v.aliquota === null) exigir('aliquota');
    if (v.tipo === 'PIS_COFINS' && !v.regimePisCofins) exigir('regimePisCofins');
    if (v.vigenciaFim && v.vigenciaFim < v.vigenciaInicio) {
      ctx.addIssue({ code: 'custom', path: ['vigenciaFim'], message: 'O fim da vigência deve ser igual ou posterior ao início' });
    }
  });
export type TributoInput = z.infer<typeof tributoInput>;

export const tributoItem = z.object({
  uid: z.string(),
  tipo: tipoTributo,
  imposto: z.enum(['ICMS', 'PIS_COFINS']),
  uf: z.string().nullable(),
  ufOrigem: z.string().nullable(),
  ufDestino: z.string().nullable(),
  aliquota: z.number().nullable(),
  regimePisCofins: z.string().nullable(),
  aliquotaPis: z.number().nullable(),
  aliquotaCofins: z.number().nullable(),
  vigenciaInicio: z.string(),
  vigenciaFim: z.string().nullable(),
  vigente: z.boolean().describe('Ativo e dentro da vigência hoje'),
  descricao: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type TributoItem = z.infer<typeof tributoItem>;

// ---- configuracoes/tributo-geral ----------------------------------------------------------------
export const tributoGeralQuery = z.object({
  default: z.enum(['true', 'false']).default('false').describe('true: o padrão do sistema; false: o do embarcador ativo'),
  src: z.string().optional(),
});
export const tributoGeralPutQuery = z.object({
  default: z.enum(['false'], { error: 'Somente default=false: o padrão do sistema não pode ser alterado' }).default('false'),
  src: z.string().optional(),
});
export const tributoGeralInput = z.object({
  regimeTributario: z.enum(REGIMES_TRIBUTARIOS_VALORES).optional(),
  regimePisCofins: regimePisCofins.optional(),
  icmsIncluso: zBool.optional().describe('Os preços de frete já incluem o ICMS (senão, o ICMS é somado "por dentro")'),
  calculaIcms: zBool.optional(),
  calculaPisCofins: zBool.optional(),
  calculaIss: zBool.optional(),
  creditoIcms: zBool.optional().describe('O embarcador aproveita o crédito de ICMS do frete'),
  creditoPisCofins: zBool.optional().describe('O embarcador aproveita o crédito de PIS/COFINS do frete'),
});
export const icmsInternoItem = z.object({ uf: z.string(), aliquota: z.number(), fonte: z.enum(['padrao', 'embarcador']) });
export const tributoGeralItem = z.object({
  padrao: z.boolean().describe('true: o conjunto padrão do sistema'),
  regimeTributario: z.enum(REGIMES_TRIBUTARIOS_VALORES),
  regimePisCofins: regimePisCofins,
  icmsIncluso: z.boolean(),
  calculaIcms: z.boolean(),
  calculaPisCofins: z.boolean(),
  calculaIss: z.boolean(),
  creditoIcms: z.boolean(),
  creditoPisCofins: z.boolean(),
  aliquotaPis: z.number().describe('% em vigor hoje (regra PIS_COFINS do embarcador ou padrão do regime)'),
  aliquotaCofins: z.number(),
  aliquotaIcmsImportado: z.number(),
  aliquotaIssMinima: z.number(),
  aliquotaIssMaxima: z.number(),
  aliquotaIssPadrao: z.number(),
  icmsInterno: z.array(icmsInternoItem).describe('Alíquota interna de ICMS de cada UF em vigor hoje'),
  icmsInterestadual: z.string().describe('Regra das alíquotas interestaduais'),
  atualizadoEm: z.string().nullable(),
});
export type TributoGeralItem = z.infer<typeof tributoGeralItem>;

// ---- configuracoes/iss ----------------------------------------------------------------------------
export const issInput = z.object({
  municipioIbge: zIbgeObrigatorio,
  aliquota: zPercentual(ISS_ALIQUOTA_MINIMA, ISS_ALIQUOTA_MAXIMA, `A alíquota do ISS deve estar entre ${ISS_ALIQUOTA_MINIMA}% e ${ISS_ALIQUOTA_MAXIMA}%`),
  retencao: z.enum(RETENCOES_ISS_VALORES).default('NAO_RETIDO'),
  observacao: zTextoOpcional(255),
  ativo: zBool.default(true),
  def: z.literal(false, { error: 'Somente def=false: o ISS padrão do sistema não pode ser alterado' }).optional(),
});
export const issItem = z.object({
  uid: z.string(),
  def: z.boolean().describe('true: alíquota padrão do sistema'),
  municipioIbge: z.string(),
  municipio: z.string(),
  uf: z.string(),
  aliquota: z.number(),
  retencao: z.string(),
  observacao: z.string().nullable(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type IssItem = z.infer<typeof issItem>;
export const issListQuery = { default: z.enum(['true', 'false']).optional().describe('true: o ISS padrão do sistema; false (padrão): o do embarcador') };
