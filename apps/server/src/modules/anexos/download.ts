import { eq } from 'drizzle-orm';
import { anexos } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, temPermissao } from '../../plugins/auth/context.ts';
import { registrarDonoDeArquivo } from '../arquivos/acesso.ts';
import { TIPO_ARQUIVO_ANEXO } from './service.ts';

// GET /api/download/anexo/{uid} answers like the attachment list of the record that owns the file:
// 403 without [recurso, 'ler'], 404 when the record is not visible. Each registerAnexos names its record.

type Dono = { recurso: string; parentVisible(db: DbOrTx, ctx: RequestContext, uid: string): Promise<boolean> };
const donos = new Map<string, Dono>();

export function registrarDonoDeAnexo(entidade: string, dono: Dono) {
  donos.set(entidade, dono);
}

registrarDonoDeArquivo(TIPO_ARQUIVO_ANEXO, async (db, ctx, arquivoUid) => {
  const [a] = await db.select({ entidade: anexos.entidade, entidadeUid: anexos.entidadeUid, embarcadorUid: anexos.embarcadorUid }).from(anexos).where(eq(anexos.arquivoUid, arquivoUid)).limit(1);
  const dono = a ? donos.get(a.entidade) : undefined;
  // A file with no known owner is never served.
  if (!a || !dono || a.embarcadorUid !== ctx.embarcadorUid) throw AppError.notFound();
  if (!temPermissao(ctx, dono.recurso, 'ler')) throw AppError.forbidden();
  if (!(await dono.parentVisible(db, ctx, a.entidadeUid))) throw AppError.notFound();
});
