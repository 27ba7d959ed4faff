import { eq } from 'drizzle-orm';
import { configuracoes } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador, temPermissao } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { montarResolvida } from './derivacao.ts';
import { errosDaTabela } from './montar.ts';
import type { TabelaRow } from './repository.ts';

/** Activating: the whole table must pass the engine's validation (400 with every error). */
export async function exigirAtivavel(tx: Tx, ctx: RequestContext, tabela: TabelaRow) {
  const calculo = await montarResolvida(tx, tabela);
  const codigos = (await catalogoComponentes(tx, exigirEmbarcador(ctx))).map((c) => c.codigo);
  const erros = errosDaTabela(calculo, codigos);
  if (erros.length) throw AppError.validation(erros, `A tabela tem erros e não pode ser ativada: ${erros[0].message}`);
}

/**
 * Maker–checker (configuracoes.aprovacaoTabelas): a new or readjusted table is activated only by a user
 * other than the one who submitted it (403). Off by default: a shipper with one analyst turns it on later.
 */
export async function aprovacaoExigida(tx: Tx, embarcadorUid: string): Promise<boolean> {
  const [cfg] = await tx
    .select({ aprovacao: configuracoes.aprovacaoTabelas })
    .from(configuracoes)
    .where(eq(configuracoes.embarcadorUid, embarcadorUid));
  return cfg?.aprovacao ?? false;
}

/** With approval on, the checker also needs the permission tabelasfrete:aprovar (403 without it). */
export async function exigirAprovador(tx: Tx, ctx: RequestContext, tabela: Record<string, unknown>) {
  if (!(await aprovacaoExigida(tx, exigirEmbarcador(ctx)))) return;
  if (!temPermissao(ctx, 'tabelasfrete', 'aprovar'))
    throw AppError.forbidden('Aprovar (ativar) tabelas de frete exige a permissão "Aprovar" de Tabelas de frete.');
  if (!tabela.submetidoPor || tabela.submetidoPor === ctx.usuarioUid)
    throw AppError.forbidden('A tabela precisa ser aprovada (ativada) por outro usuário, diferente de quem a criou ou reajustou.');
}
