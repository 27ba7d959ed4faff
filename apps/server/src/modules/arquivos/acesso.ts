import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';

// Who may download a stored file: the file's shipper (checked by the route) AND whoever may read the
// record that owns it. Each kind of file names how to check its owner; a kind nobody registered is not
// served (404), so a new kind of file never leaks by default.

/** Throws 403 (no permission to read the owner) or 404 (owner not visible) — or returns. */
export type VerificarDono = (db: DbOrTx, ctx: RequestContext, arquivoUid: string) => Promise<void>;

const verificadores = new Map<string, VerificarDono>();

/** Kinds whose owner is the shipper itself (logo: every member sees it) or the user (profile photo). */
const SEM_REGISTRO_DONO = new Set(['logo', 'foto']);

export function registrarDonoDeArquivo(tipo: string, verificar: VerificarDono) {
  verificadores.set(tipo, verificar);
}

export async function verificarDonoDoArquivo(db: DbOrTx, ctx: RequestContext, tipo: string, arquivoUid: string) {
  const verificar = verificadores.get(tipo);
  if (verificar) return verificar(db, ctx, arquivoUid);
  if (!SEM_REGISTRO_DONO.has(tipo)) throw AppError.notFound();
}
