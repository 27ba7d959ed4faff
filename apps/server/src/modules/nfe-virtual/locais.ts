import { and, eq } from 'drizzle-orm';
import { embarcadores, municipios, pessoas, unidadesEmbarcador } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';

// A typed note says only codes; the lists, the tracking page and the freight calculation read names and
// places. The destination city comes from the IBGE register; the issuer's place from the shipper's own
// records (itself, its units, its people) — a real NF-e brings both in its XML.

type Row = Record<string, unknown>;
type Local = { uf: string | null; municipioIbge: string | null };

/** Fills destinatarioMunicipio and emitenteUf/MunicipioIbge/Municipio in `v`; 400 on a city of another UF. */
export async function completarLocais(tx: Tx, embarcadorUid: string, v: Row): Promise<void> {
  const ibge = v.destinatarioMunicipioIbge as string | null;
  v.destinatarioMunicipio = null;
  if (ibge) {
    const m = await municipio(tx, ibge);
    if (!m) throw AppError.field('destinatarioMunicipioIbge', 'Município não encontrado');
    if (m.uf !== v.destinatarioUf) throw AppError.field('destinatarioMunicipioIbge', `${m.nome} é de ${m.uf}, não de ${v.destinatarioUf}`);
    v.destinatarioMunicipio = m.nome;
  }
  const emitente = await localDoDocumento(tx, embarcadorUid, v.emitenteDocumento as string);
  const m = emitente?.municipioIbge ? await municipio(tx, emitente.municipioIbge) : null;
  v.emitenteUf = m?.uf ?? emitente?.uf ?? null;
  v.emitenteMunicipioIbge = m?.ibge ?? null;
  v.emitenteMunicipio = m?.nome ?? null;
}

async function municipio(tx: Tx, ibge: string) {
  const [m] = await tx.select().from(municipios).where(eq(municipios.ibge, ibge)).limit(1);
  return m ?? null;
}

/** The place the shipper's records give for a CNPJ/CPF: the shipper itself, then its units, then its people. */
async function localDoDocumento(tx: Tx, embarcadorUid: string, documento: string): Promise<Local | null> {
  const [proprio] = await tx
    .select({ uf: embarcadores.uf, municipioIbge: embarcadores.municipioIbge })
    .from(embarcadores)
    .where(and(eq(embarcadores.uid, embarcadorUid), eq(embarcadores.cnpj, documento)));
  if (proprio) return proprio;
  const [unidade] = await tx
    .select({ uf: unidadesEmbarcador.uf, municipioIbge: unidadesEmbarcador.municipioIbge })
    .from(unidadesEmbarcador)
    .where(and(eq(unidadesEmbarcador.embarcadorUid, embarcadorUid), eq(unidadesEmbarcador.documento, documento)));
  if (unidade) return unidade;
  const [pessoa] = await tx
    .select({ uf: pessoas.uf, municipioIbge: pessoas.municipioIbge })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, embarcadorUid), eq(pessoas.documento, documento)))
    .limit(1);
  return pessoa ?? null;
}
