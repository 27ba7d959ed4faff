import { and, eq } from 'drizzle-orm';
import { embarcadorTransportador, nfes } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { impedirExclusaoEmUso } from '../nfes/repository.ts';
import { completarLocais } from './locais.ts';

// Rules of the virtual NF-e: no twin of an open virtual note or of a real one already imported; a
// replaced (closed) note is read-only; deleting one that something points to is refused.

type Row = Record<string, unknown>;

/** The API input → columns (a date-only emission is that day's São Paulo midnight). */
export function valoresVirtual(i: Row): Row {
  const emissao = String(i.emissao);
  const emissaoTexto = /^\d{4}-\d{2}-\d{2}$/.test(emissao) ? `${emissao}T00:00:00-03:00` : emissao;
  return {
    numero: i.numero,
    serie: i.serie,
    modelo: 55,
    emissao: new Date(emissaoTexto).toISOString(),
    emissaoTexto: emissaoTexto.slice(0, 30),
    emitenteDocumento: i.emitenteDocumento,
    emitenteNome: i.emitenteNome,
    destinatarioDocumento: i.destinatarioDocumento,
    destinatarioNome: i.destinatarioNome,
    destinatarioUf: i.destinatarioUf,
    destinatarioMunicipioIbge: i.destinatarioMunicipioIbge,
    valorTotal: i.valorTotal,
    pesoBruto: i.pesoBruto,
    volumes: i.volumes === null || i.volumes === undefined ? null : String(i.volumes),
    transportadorUid: i.transportadorUid,
    observacao: i.observacao,
    chaveValida: false,
    assinaturaValida: false,
  };
}

export async function validarVirtual(tx: Tx, ctx: RequestContext, v: Row, existente: Row | null) {
  if (existente?.substituidaPorUid) throw AppError.conflict('Esta NF-e virtual já foi substituída pela NF-e real e não pode ser alterada.');
  const embarcadorUid = ctx.embarcadorUid as string;
  const [real] = await tx
    .select({ uid: nfes.uid })
    .from(nfes)
    .where(and(eq(nfes.embarcadorUid, embarcadorUid), eq(nfes.virtual, false), eq(nfes.emitenteDocumento, v.emitenteDocumento as string), eq(nfes.serie, v.serie as number), eq(nfes.numero, v.numero as number)))
    .limit(1);
  if (real) throw AppError.conflict('A NF-e real deste emitente, série e número já foi importada.', [{ field: 'numero', message: 'NF-e real já importada' }], 'DUPLICADO');
  if (v.transportadorUid) {
    const [t] = await tx
      .select({ uid: embarcadorTransportador.transportadorUid })
      .from(embarcadorTransportador)
      .where(and(eq(embarcadorTransportador.embarcadorUid, embarcadorUid), eq(embarcadorTransportador.transportadorUid, v.transportadorUid as string)));
    if (!t) throw AppError.field('transportadorUid', 'Transportador não encontrado');
  }
  await completarLocais(tx, embarcadorUid, v);
}

export async function antesDeExcluirVirtual(tx: Tx, _ctx: RequestContext, existente: Row) {
  await impedirExclusaoEmUso(tx, existente.uid as string, 'esta NF-e virtual');
}
