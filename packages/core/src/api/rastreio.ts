import { z } from 'zod';
import { FILTROS_EVENTO_VALORES, STATUS_RASTREIO_VALORES } from '../rastreio.ts';
import { cnpjValido } from '../documentos.ts';
import { opcional, zTextoOpcional, zUid } from '../zod.ts';
import { listaDe } from './common.ts';

// Occurrence events (`eventos-ocorrencia`) and tracking (`tracking`, public link) -------------------------

const DATA_HORA_INVALIDA = 'Data e hora inválidas';
/** Tolerance for clocks a little ahead (a phone's, a carrier's server). */
export const TOLERANCIA_FUTURO_MS = 5 * 60_000;
const zDataHora = z
  .string({ error: (i) => (i.input === undefined || i.input === null ? 'Campo obrigatório' : DATA_HORA_INVALIDA) })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?$/, DATA_HORA_INVALIDA)
  .refine((s) => !Number.isNaN(Date.parse(s)), DATA_HORA_INVALIDA);

export const eventoOcorrenciaInput = z
  .object({
    /** The NF-e: its uid, or its access key, or issuer CNPJ + number (+ series). */
    nfeUid: opcional(zUid),
    chaveNfe: opcional(z.string().trim().regex(/^\d{44}$/, 'Chave de acesso deve ter 44 dígitos')),
    cnpjEmissorNf: opcional(z.string().trim().refine(cnpjValido, 'CNPJ do emissor inválido')),
    numeroNf: opcional(z.string().trim().regex(/^\d{1,9}$/, 'Número da NF deve ter até 9 dígitos')),
    serieNf: opcional(z.string().trim().regex(/^\d{1,3}$/, 'Série deve ter até 3 dígitos')),
    ocorrenciaUid: zUid,
    dataHora: zDataHora,
    dataAgendamento: opcional(zDataHora),
    transportadorUid: opcional(zUid),
    observacao: zTextoOpcional(255),
    responsavel: zTextoOpcional(100),
    local: zTextoOpcional(150),
  })
  .superRefine((v, ctx) => {
    if (!v.nfeUid && !v.chaveNfe && !(v.cnpjEmissorNf && v.numeroNf))
      ctx.addIssue({ code: 'custom', path: ['chaveNfe'], message: 'Informe a NF-e (chave de acesso, ou CNPJ do emissor e número)' });
    if (v.dataHora && Date.parse(v.dataHora) > Date.now() + TOLERANCIA_FUTURO_MS)
      ctx.addIssue({ code: 'custom', path: ['dataHora'], message: 'A data da ocorrência não pode estar no futuro' });
  });
export type EventoOcorrenciaInput = z.infer<typeof eventoOcorrenciaInput>;

export const eventoOcorrencia = z.object({
  uid: z.string(),
  nfeUid: z.string().nullable(),
  chaveNfe: z.string().nullable(),
  cnpjEmissorNf: z.string(),
  serieNf: z.string(),
  numeroNf: z.string(),
  ocorrenciaUid: z.string().nullable(),
  ocorrenciaCodigo: z.string().nullable(),
  ocorrenciaDescricao: z.string().nullable(),
  acao: z.number().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  codigoTransportador: z.string().nullable(),
  dataHora: z.string(),
  dataAgendamento: z.string().nullable(),
  observacao: z.string().nullable(),
  responsavel: z.string().nullable(),
  local: z.string().nullable(),
  origem: z.string(),
  usuarioNome: z.string().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type EventoOcorrencia = z.infer<typeof eventoOcorrencia>;
export const filtroEventoQuery = { filtro: z.enum(FILTROS_EVENTO_VALORES, { error: 'Filtro inválido: use A, P ou E' }).optional() };

export const rastreio = z.object({
  uid: z.string(),
  chave: z.string().nullable(),
  numero: z.number(),
  serie: z.number(),
  emissao: z.string(),
  emitenteNome: z.string().nullable(),
  destinatarioNome: z.string().nullable(),
  destinatarioMunicipio: z.string().nullable(),
  destinatarioUf: z.string().nullable(),
  transportadorUid: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  dataPrevista: z.string().nullable(),
  prazoDiasUteis: z.number().nullable(),
  dataEntrega: z.string().nullable(),
  tentativas: z.number(),
  ultimoEventoEm: z.string().nullable(),
  status: z.enum(STATUS_RASTREIO_VALORES),
  statusNome: z.string(),
  diasAtraso: z.number(),
  diasSemOcorrencia: z.number(),
  /** Public link token (null until the tracking record exists). */
  token: z.string().nullable(),
});
export type Rastreio = z.infer<typeof rastreio>;
export const statusRastreioQuery = { status: z.enum(STATUS_RASTREIO_VALORES, { error: 'Status inválido: use A, X, S, T, D ou E' }).optional() };

/**
 * `GET tracking`: the page, plus the control tower's counts for the same filters (every filter but `status`):
 * notes per tracking status (each status a tab), and the shipper's events whose carrier code has no de-para yet
 * (eventos-ocorrencia filter P; the carrier user: its own).
 */
export const rastreioLista = listaDe(rastreio).extend({
  contagens: z.record(z.enum(STATUS_RASTREIO_VALORES), z.number().int()),
  semDepara: z.number().int(),
});
export type RastreioLista = z.infer<typeof rastreioLista>;

export const rastreioDetalhe = rastreio.extend({ eventos: z.array(eventoOcorrencia) });
export type RastreioDetalhe = z.infer<typeof rastreioDetalhe>;

export const recalcularPrazoInput = z.object({
  /** Only these NF-es; else every NF-e of the active shipper issued in the period (and of the carrier). */
  nfeUids: z.array(zUid).max(1000, 'No máximo 1.000 NF-es').optional(),
  transportadorUid: opcional(zUid),
  dataInicio: opcional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')),
  dataFim: opcional(z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Data inválida')),
});
export const recalcularPrazoResposta = z.object({ uid: z.string() });

/** The public page: only what a customer may see (no values, no names of people, no other notes). */
export const rastreioPublico = z.object({
  embarcadorNome: z.string(),
  /** The shipper's logo through the same token (`/api/public/rastreio/{token}/logo`), null without one. */
  logoUrl: z.string().nullable(),
  numero: z.number(),
  serie: z.number(),
  emissao: z.string(),
  destino: z.string().nullable(),
  transportadorNome: z.string().nullable(),
  status: z.enum(STATUS_RASTREIO_VALORES),
  statusNome: z.string(),
  dataPrevista: z.string().nullable(),
  dataEntrega: z.string().nullable(),
  eventos: z.array(z.object({ dataHora: z.string(), descricao: z.string() })),
});
export type RastreioPublico = z.infer<typeof rastreioPublico>;
