import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import { componente, componenteInput } from '@fretio/core';
import { componentes, regras, restricoes, tabelasFrete } from '../../db/schema/index.ts';
import { type Tx, defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { doEmbarcadorOuSistema, exigirRegistroProprio } from './escopo.ts';
import { catalogoComponentes } from './repository.ts';

const CODIGO_DUPLICADO = 'Já existe um componente com este código.';
registerUniqueConstraint('componentes_codigo_uq', 'codigo', CODIGO_DUPLICADO);

/** Is the component code used by a rule or restriction of one of the shipper's tables? */
async function codigoEmUso(tx: Tx, embarcadorUid: string, codigo: string) {
  const [r] = await tx
    .select({ uid: regras.uid })
    .from(regras)
    .innerJoin(tabelasFrete, eq(tabelasFrete.uid, regras.tabelaFreteUid))
    .where(and(eq(tabelasFrete.embarcadorUid, embarcadorUid), eq(regras.componente, codigo)))
    .limit(1);
  if (r) return true;
  const [x] = await tx
    .select({ uid: restricoes.uid })
    .from(restricoes)
    .innerJoin(tabelasFrete, eq(tabelasFrete.uid, restricoes.tabelaFreteUid))
    .where(and(eq(tabelasFrete.embarcadorUid, embarcadorUid), eq(restricoes.componente, codigo)))
    .limit(1);
  return !!x;
}

/**
 * The freight component catalogue: the standard codes (system rows, read-only) plus the shipper's own.
 * Rules and restrictions of freight tables name components by code.
 */
export const componentesResource = defineResource({
  nome: 'Componente de frete',
  path: '/componentes',
  recurso: 'componentes',
  table: componentes,
  uid: componentes.uid,
  scope: doEmbarcadorOuSistema(componentes.embarcadorUid),
  item: componente,
  input: componenteInput,
  select: { ...getTableColumns(componentes), sistema: sql<boolean>`(${componentes.embarcadorUid} is null)` },
  sortable: { codigo: componentes.codigo, nome: componentes.nome, ativo: componentes.ativo, criadoEm: componentes.criadoEm },
  defaultSort: 'codigo',
  filters: {
    codigo: { column: componentes.codigo, kind: 'text' },
    nome: { column: componentes.nome, kind: 'text' },
    ativo: { column: componentes.ativo, kind: 'bool' },
    sistema: { column: sql`(${componentes.embarcadorUid} is null)`, kind: 'bool' },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      exigirRegistroProprio(existing);
      const embarcadorUid = exigirEmbarcador(ctx);
      const dup = await tx
        .select({ uid: componentes.uid })
        .from(componentes)
        .where(
          and(
            eq(componentes.codigo, values.codigo as string),
            or(isNull(componentes.embarcadorUid), eq(componentes.embarcadorUid, embarcadorUid)),
            existing ? ne(componentes.uid, existing.uid as string) : undefined,
          ),
        )
        .limit(1);
      if (dup.length) throw AppError.conflict(CODIGO_DUPLICADO, [{ field: 'codigo', message: CODIGO_DUPLICADO }]);
      if (existing && existing.codigo !== values.codigo && (await codigoEmUso(tx, embarcadorUid, existing.codigo as string))) {
        throw AppError.conflict('O código está em uso em tabelas de frete e não pode mudar.', [
          { field: 'codigo', message: 'Código em uso em tabelas de frete' },
        ]);
      }
    },
    async beforeDelete(tx, ctx, existing) {
      exigirRegistroProprio(existing);
      if (await codigoEmUso(tx, exigirEmbarcador(ctx), existing.codigo as string)) throw AppError.conflict('Registro em uso');
    },
  },
  selecoes: [
    {
      path: '/componentes/ativos',
      summary: 'Componentes ativos (padrão do sistema e do embarcador), por código',
      item: componente,
      limite: 1000,
      consulta: (db, ctx) => catalogoComponentes(db, exigirEmbarcador(ctx), true),
      opcao: (c) => c,
    },
  ],
});
