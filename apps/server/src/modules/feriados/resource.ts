import { and, eq, getTableColumns, isNull, ne, or, sql } from 'drizzle-orm';
import { feriado, feriadoInput, type z } from '@fretio/core';
import { feriados, municipios } from '../../db/schema/index.ts';
import { defineResource } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { doEmbarcadorOuSistema, exigirRegistroProprio } from '../componentes/escopo.ts';

const DUPLICADO = 'Já existe um feriado nesta data para este local.';

/**
 * Holidays: national ones filled by the system (read-only, `sistema: true`), plus the shipper's own
 * national, state (escopo UF, with uf) and municipal (escopo MUNICIPIO, with municipioIbge) ones.
 */
export const feriadosResource = defineResource({
  nome: 'Feriado',
  path: '/feriados',
  recurso: 'feriados',
  table: feriados,
  uid: feriados.uid,
  scope: doEmbarcadorOuSistema(feriados.embarcadorUid),
  item: feriado,
  input: feriadoInput as unknown as z.ZodObject,
  select: { ...getTableColumns(feriados), sistema: sql<boolean>`(${feriados.embarcadorUid} is null)` },
  sortable: { data: feriados.data, nome: feriados.nome, escopo: feriados.escopo, uf: feriados.uf, criadoEm: feriados.criadoEm },
  defaultSort: 'data',
  filters: {
    data: { column: feriados.data, kind: 'date', range: true },
    ano: { column: sql`extract(year from ${feriados.data})`, kind: 'int' },
    nome: { column: feriados.nome, kind: 'text' },
    escopo: { column: feriados.escopo, kind: 'exact' },
    uf: { column: feriados.uf, kind: 'exact' },
    municipioIbge: { column: feriados.municipioIbge, kind: 'exact' },
    facultativo: { column: feriados.facultativo, kind: 'bool' },
    sistema: { column: sql`(${feriados.embarcadorUid} is null)`, kind: 'bool' },
  },
  hooks: {
    async validate(tx, ctx, values, existing) {
      exigirRegistroProprio(existing);
      if (values.escopo === 'NACIONAL') Object.assign(values, { uf: null, municipioIbge: null });
      if (values.escopo === 'UF') values.municipioIbge = null;
      if (values.escopo === 'MUNICIPIO') {
        const [m] = await tx
          .select({ uf: municipios.uf })
          .from(municipios)
          .where(eq(municipios.ibge, values.municipioIbge as string))
          .limit(1);
        if (!m) throw AppError.field('municipioIbge', `Município ${values.municipioIbge} não encontrado no cadastro do IBGE`);
        if (values.uf && values.uf !== m.uf)
          throw AppError.field('uf', `O município ${values.municipioIbge} fica em ${m.uf}, não em ${values.uf}`);
        values.uf = m.uf;
      }
      const dup = await tx
        .select({ uid: feriados.uid })
        .from(feriados)
        .where(
          and(
            eq(feriados.data, values.data as string),
            eq(feriados.escopo, values.escopo as string),
            sql`${feriados.uf} is not distinct from ${values.uf ?? null}`,
            sql`${feriados.municipioIbge} is not distinct from ${values.municipioIbge ?? null}`,
            or(isNull(feriados.embarcadorUid), eq(feriados.embarcadorUid, exigirEmbarcador(ctx))),
            existing ? ne(feriados.uid, existing.uid as string) : undefined,
          ),
        )
        .limit(1);
      if (dup.length) throw AppError.conflict(DUPLICADO, [{ field: 'data', message: DUPLICADO }]);
    },
    async beforeDelete(_tx, _ctx, existing) {
      exigirRegistroProprio(existing);
    },
  },
});
