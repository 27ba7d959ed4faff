import { and, eq, getTableColumns } from 'drizzle-orm';
import { cargaNfe, cargaNfeInput, cargaProduto, cargaProdutoInput } from '@fretio/core';
import { cargaNfes, cargaProdutos, nfes, produtos } from '../../db/schema/index.ts';
import { type DbOrTx, type ResourceDef, type Tx, defineResource, filhoDe } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { produtoDoEmbarcador } from './refs.ts';

// The cargo of a request or a quotation: product lines and NF-e references, the same tables with the
// owner in one of two columns. Writes lock the owner and ask it whether it may still change.

registerUniqueConstraint('carga_nfes_solicitacao_chave_uq', 'chave', 'Esta NF-e já está na solicitação.');
registerUniqueConstraint('carga_nfes_cotacao_chave_uq', 'chave', 'Esta NF-e já está na cotação.');
registerUniqueConstraint('carga_nfes_embarque_chave_uq', 'chave', 'Esta NF-e já está no embarque.');

type Row = Record<string, unknown>;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export function numeros<T extends Row>(r: T, campos: string[]): T {
  const out: Row = { ...r };
  for (const c of campos) out[c] = num(r[c]);
  return out as T;
}

/**
 * The shipper's imported (not virtual, not cancelled) NF-e a typed reference names: by access key, or
 * by number + series (+ issuer CNPJ when typed) when exactly one note answers. null: stays virtual.
 */
export async function nfeDoRegistro(tx: DbOrTx, ctx: RequestContext, v: Row): Promise<string | null> {
  const dono = exigirEmbarcador(ctx);
  const base = and(eq(nfes.embarcadorUid, dono), eq(nfes.virtual, false), eq(nfes.cancelada, false));
  const onde = v.chave
    ? and(base, eq(nfes.chave, v.chave as string))
    : and(base, eq(nfes.numero, v.numero as number), eq(nfes.serie, (v.serie as number | undefined) ?? 1), v.emitenteCnpj ? eq(nfes.emitenteDocumento, v.emitenteCnpj as string) : undefined);
  const achadas = await tx.select({ uid: nfes.uid }).from(nfes).where(onde).limit(2);
  return achadas.length === 1 ? achadas[0].uid : null;
}

export type Dono = {
  /** '/solicitacoesfrete/:uid' */
  parentPath: string;
  recurso: string;
  chave: 'solicitacaoUid' | 'cotacaoUid' | 'embarqueUid' | 'ordemColetaUid';
  parentVisible(db: DbOrTx, ctx: RequestContext, uid: string): Promise<boolean>;
  /** Locks the owner and throws (409) when its cargo may not change now. */
  podeAlterar(tx: Tx, ctx: RequestContext, uid: string): Promise<void>;
};

export function cargaResources(d: Dono): ResourceDef[] {
  const dono = (values: Row, existing: Row | null) => (values[d.chave] ?? existing?.[d.chave]) as string;
  const hooks = {
    validate: async (tx: Tx, ctx: RequestContext, values: Row, existing: Row | null) => d.podeAlterar(tx, ctx, dono(values, existing)),
    beforeDelete: async (tx: Tx, ctx: RequestContext, existing: Row) => d.podeAlterar(tx, ctx, dono({}, existing)),
  };
  const produtosDef = defineResource({
    nome: 'Produto da carga',
    path: `${d.parentPath}/produtos`,
    recurso: d.recurso,
    table: cargaProdutos,
    uid: cargaProdutos.uid,
    scope: filhoDe(cargaProdutos[d.chave], d.chave, d.parentVisible),
    item: cargaProduto,
    input: cargaProdutoInput,
    select: { ...getTableColumns(cargaProdutos), produtoCodigo: produtos.codigo },
    from: (q) => q.leftJoin(produtos, eq(produtos.uid, cargaProdutos.produtoUid)),
    toItem: (r) => numeros(r, ['quantidade', 'pesoKg', 'volumeM3', 'valor']),
    refs: { produtoUid: produtoDoEmbarcador },
    sortable: { descricao: cargaProdutos.descricao, criadoEm: cargaProdutos.criadoEm },
    defaultSort: 'criadoEm',
    filters: { descricao: { column: cargaProdutos.descricao, kind: 'text' } },
    operations: ['list', 'get', 'create', 'update', 'delete'],
    hooks,
  });
  const nfeHooks = {
    ...hooks,
    validate: async (tx: Tx, ctx: RequestContext, values: Row, existing: Row | null) => {
      await hooks.validate(tx, ctx, values, existing);
      if (!existing) values.nfeUid = await nfeDoRegistro(tx, ctx, values);
    },
  };
  const nfesDef = defineResource({
    nome: 'NF-e da carga',
    path: `${d.parentPath}/nfes`,
    recurso: d.recurso,
    table: cargaNfes,
    uid: cargaNfes.uid,
    scope: filhoDe(cargaNfes[d.chave], d.chave, d.parentVisible),
    item: cargaNfe,
    input: cargaNfeInput,
    toItem: (r) => ({ ...numeros(r, ['valor', 'pesoKg', 'volumeM3', 'freteEsperado']), virtual: r.nfeUid === null }),
    sortable: { numero: cargaNfes.numero, criadoEm: cargaNfes.criadoEm },
    defaultSort: 'numero',
    filters: { numero: { column: cargaNfes.numero, kind: 'int' }, chave: { column: cargaNfes.chave, kind: 'text' } },
    operations: ['list', 'get', 'create', 'delete'],
    hooks: nfeHooks,
  });
  return [produtosDef, nfesDef];
}
