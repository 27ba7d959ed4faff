import { and, eq, isNull, or } from 'drizzle-orm';
import { municipios, pessoas, produtos, tiposVeiculo } from '../../db/schema/index.ts';
import type { Ref } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import type { Tx } from '../../framework/resource.ts';

// References a request or quotation carries: each must name a record the shipper may use (400).

export const pessoaDoEmbarcador: Ref = {
  mensagem: 'Pessoa não encontrada',
  async existe(tx, ctx, uid) {
    const r = await tx.select({ uid: pessoas.uid }).from(pessoas).where(and(eq(pessoas.uid, uid), eq(pessoas.embarcadorUid, exigirEmbarcador(ctx))));
    return r.length > 0;
  },
};

export const tipoVeiculoVisivel: Ref = {
  mensagem: 'Tipo de veículo não encontrado',
  async existe(tx, ctx, uid) {
    const r = await tx
      .select({ uid: tiposVeiculo.uid })
      .from(tiposVeiculo)
      .where(and(eq(tiposVeiculo.uid, uid), or(isNull(tiposVeiculo.embarcadorUid), eq(tiposVeiculo.embarcadorUid, exigirEmbarcador(ctx)))));
    return r.length > 0;
  },
};

export const produtoDoEmbarcador: Ref = {
  mensagem: 'Produto não encontrado',
  async existe(tx, ctx, uid) {
    const r = await tx.select({ uid: produtos.uid }).from(produtos).where(and(eq(produtos.uid, uid), eq(produtos.embarcadorUid, exigirEmbarcador(ctx))));
    return r.length > 0;
  },
};

export const refsDaCarga = { remetenteUid: pessoaDoEmbarcador, destinatarioUid: pessoaDoEmbarcador, tipoVeiculoUid: tipoVeiculoVisivel };

/** The municipalities named exist (400 on the field otherwise; the FK would answer 409). */
export async function exigirMunicipios(tx: Tx, values: Record<string, unknown>) {
  const erros: { field: string; message: string }[] = [];
  for (const campo of ['origemMunicipioIbge', 'destinoMunicipioIbge']) {
    const ibge = values[campo];
    if (typeof ibge !== 'string') continue;
    const r = await tx.select({ ibge: municipios.ibge }).from(municipios).where(eq(municipios.ibge, ibge));
    if (!r.length) erros.push({ field: campo, message: 'Município não encontrado' });
  }
  if (erros.length) throw AppError.validation(erros, erros[0].message);
}
