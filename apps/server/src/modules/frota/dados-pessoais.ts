import type { FastifyInstance, RouteOptions, preSerializationAsyncHookHandler } from 'fastify';
import { somenteDigitos } from '@fretio/core';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { ehEmbarcador, podeAlterarTransportador } from '../transportadores/propriedade.ts';

// A driver's CPF, CNH and phone are personal data of the carrier's people (LGPD). A shipper reads them
// only when it maintains the carrier or registered that driver; any other linked shipper gets them
// masked (docs/DECISIONS.md, "Transportador compartilhado"): enough to tell drivers apart, not to reuse.

/** '12345678901' → '***.456.789-**' (the usual public masking of a CPF). */
export function mascararCpf(cpf: string): string {
  const d = somenteDigitos(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
}

/** '12345678901' → '*********01'. */
export const mascararCnh = (cnh: string) => `${'*'.repeat(Math.max(cnh.length - 2, 0))}${cnh.slice(-2)}`;

type MotoristaLinha = { cpf: string; cnhNumero?: string; telefone?: string | null; cadastradoPorEmbarcadorUid?: string | null };

export function mascararMotorista<T extends MotoristaLinha>(m: T): T {
  return { ...m, cpf: mascararCpf(m.cpf), ...(m.cnhNumero === undefined ? {} : { cnhNumero: mascararCnh(m.cnhNumero) }), telefone: null };
}

/** Registered by the active shipper: it typed the data in itself. */
export const cadastradoPeloEmbarcador = (ctx: RequestContext, m: MotoristaLinha) => !!ctx.embarcadorUid && m.cadastradoPorEmbarcadorUid === ctx.embarcadorUid;

/**
 * The drivers of `transportadorUid` as ctx may read them. One query at most (does ctx maintain the
 * carrier?), only when some driver was not registered by the active shipper.
 */
export async function motoristasParaLeitura<T extends MotoristaLinha>(app: FastifyInstance, ctx: RequestContext, transportadorUid: string, lista: T[]): Promise<T[]> {
  if (!ehEmbarcador(ctx) || lista.every((m) => cadastradoPeloEmbarcador(ctx, m))) return lista;
  if (await podeAlterarTransportador(app.db, ctx, transportadorUid)) return lista;
  return lista.map((m) => (cadastradoPeloEmbarcador(ctx, m) ? m : mascararMotorista(m)));
}

/**
 * Masks the replies of the framework's GET routes of /transportadores/{uid}/motoristas (list and one).
 * Installed before the routes are registered, in the same plugin.
 */
export function mascararRespostasDeMotoristas(app: FastifyInstance) {
  const mascarar: preSerializationAsyncHookHandler = async (req, _reply, payload) => {
    const ctx = req.ctx;
    const corpo = payload as { data?: { data?: MotoristaLinha[] } | MotoristaLinha | null };
    if (!ctx || !corpo?.data) return payload;
    const uid = (req.params as { uid: string }).uid;
    const dados = corpo.data as { data?: MotoristaLinha[] } & MotoristaLinha;
    if (Array.isArray(dados.data)) return { ...corpo, data: { ...dados, data: await motoristasParaLeitura(app, ctx, uid, dados.data) } };
    if (typeof dados.cpf === 'string') return { ...corpo, data: (await motoristasParaLeitura(app, ctx, uid, [dados]))[0] };
    return payload;
  };
  app.addHook('onRoute', (route: RouteOptions) => {
    if (route.method !== 'GET' || !route.url.startsWith('/api/v1/transportadores/:uid/motoristas')) return;
    const antes = route.preSerialization;
    route.preSerialization = [...(Array.isArray(antes) ? antes : antes ? [antes] : []), mascarar];
  });
}
