import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import { TIPO_USUARIO, mapaComponente, mapaComponenteInput } from '@fretio/core';
import { componentes, mapasComponente } from '../../../db/schema/index.ts';
import { defineResource } from '../../../framework/resource.ts';
import { AppError } from '../../../lib/errors.ts';
import { registerUniqueConstraint } from '../../../lib/pg-errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../../plugins/auth/context.ts';
import { transportadorVisivelPorUid } from '../repository.ts';

const DUPLICADO = 'Este transportador já tem um mapeamento com este nome.';
const DO_EMBARCADOR = 'O mapa de componentes é do embarcador: só os usuários dele o alteram.';

/** What a shipper says about a carrier is the shipper's: the carrier's own users never write it. */
function exigirDoEmbarcador(ctx: RequestContext) {
  if (ctx.tipoUsuario === TIPO_USUARIO.TRANSPORTADOR) throw AppError.forbidden(DO_EMBARCADOR);
}
registerUniqueConstraint('mapas_componente_nome_uq', 'nome', DUPLICADO);

/**
 * /transportadores/{uid}/mapasComponente: the name a carrier prints on its CT-e → our component.
 * Kept per shipper (each maps to its own catalogue: it lives on the shipper's link to the carrier, never on
 * the shared carrier), written by the shipper's users only; unique per carrier and name (case and accents ignored).
 */
export const mapasComponenteResource = defineResource({
  nome: 'Mapa de componente do transportador',
  path: '/transportadores/:uid/mapasComponente',
  recurso: 'transportadores',
  table: mapasComponente,
  uid: mapasComponente.uid,
  scope: {
    where: (ctx, parentUid) =>
      and(eq(mapasComponente.transportadorUid, parentUid as string), eq(mapasComponente.embarcadorUid, exigirEmbarcador(ctx))),
    values: (ctx, parentUid) => ({ transportadorUid: parentUid, embarcadorUid: exigirEmbarcador(ctx) }),
    parentVisible: transportadorVisivelPorUid,
  },
  item: mapaComponente,
  input: mapaComponenteInput,
  select: { ...getTableColumns(mapasComponente), componenteCodigo: componentes.codigo, componenteNome: componentes.nome },
  from: (q) => q.innerJoin(componentes, eq(componentes.uid, mapasComponente.componenteUid)),
  sortable: { nome: mapasComponente.nome, componenteCodigo: componentes.codigo, criadoEm: mapasComponente.criadoEm },
  defaultSort: 'nome',
  filters: {
    nome: { column: mapasComponente.nome, kind: 'text' },
    componenteUid: { column: mapasComponente.componenteUid, kind: 'uid' },
    componenteCodigo: { column: componentes.codigo, kind: 'exact' },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      exigirDoEmbarcador(ctx);
      const embarcadorUid = exigirEmbarcador(ctx);
      const [c] = await tx
        .select({ uid: componentes.uid })
        .from(componentes)
        .where(
          and(
            eq(componentes.uid, values.componenteUid as string),
            or(isNull(componentes.embarcadorUid), eq(componentes.embarcadorUid, embarcadorUid)),
          ),
        )
        .limit(1);
      if (!c) throw AppError.field('componenteUid', 'Componente não encontrado');
      const transportadorUid = (values.transportadorUid ?? existing?.transportadorUid) as string;
      const dup = await tx
        .select({ uid: mapasComponente.uid })
        .from(mapasComponente)
        .where(
          and(
            eq(mapasComponente.embarcadorUid, embarcadorUid),
            eq(mapasComponente.transportadorUid, transportadorUid),
            sql`f_norm(${mapasComponente.nome}) = f_norm(${values.nome as string})`,
            existing ? ne(mapasComponente.uid, existing.uid as string) : undefined,
          ),
        )
        .limit(1);
      if (dup.length) throw AppError.conflict(DUPLICADO, [{ field: 'nome', message: DUPLICADO }]);
    },
    beforeDelete: async (_tx, ctx) => exigirDoEmbarcador(ctx),
  },
});
