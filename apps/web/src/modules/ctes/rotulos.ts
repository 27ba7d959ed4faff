import { TIPOS_CTE } from '@fretio/core';

// Names of the CT-e's coded fields (tpCTe, modal, tpServ, toma).
export const tipoCte = (v: number | null | undefined) => TIPOS_CTE.find((t) => t.value === v)?.label ?? '—';

const MODAIS: Record<string, string> = { '01': 'Rodoviário', '02': 'Aéreo', '03': 'Aquaviário', '04': 'Ferroviário', '05': 'Dutoviário', '06': 'Multimodal' };
export const modalCte = (v: string | null | undefined) => (v ? (MODAIS[v] ?? v) : '—');

const SERVICOS: Record<number, string> = { 0: 'Normal', 1: 'Subcontratação', 2: 'Redespacho', 3: 'Redespacho intermediário', 4: 'Serviço vinculado a multimodal' };
export const tipoServico = (v: number | null | undefined) => (v === null || v === undefined ? '—' : (SERVICOS[v] ?? String(v)));

const TOMADORES: Record<number, string> = { 0: 'Remetente', 1: 'Expedidor', 2: 'Recebedor', 3: 'Destinatário', 4: 'Outros' };
export const tipoTomador = (v: number | null | undefined) => (v === null || v === undefined ? '' : (TOMADORES[v] ?? ''));
