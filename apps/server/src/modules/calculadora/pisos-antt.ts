import { and, asc, desc, eq, getTableColumns, gte, inArray, isNull, lte, or } from 'drizzle-orm';
import { type PisoAntt, pisoAntt, pisoAnttInput, type TipoCargaAntt, type z } from '@fretio/core';
import { pisosAntt } from '../../db/schema/index.ts';
import { type DbOrTx, defineResource, doEmbarcador } from '../../framework/resource.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';

// ANTT minimum-freight coefficients per shipper (/pisos-antt), dated versions typed from the resolution
// in force (Res. ANTT 5.867/2020 Anexo II, Tabela A, as updated). The calculator takes, per quote, the
// version valid on the load's date for its cargo type and the vehicle's axles.
registerUniqueConstraint(
  'pisos_antt_uq',
  'vigenciaInicio',
  'Já existe uma versão destes coeficientes (tipo de carga e eixos) com este início de vigência.',
);

const num = (v: unknown) => Number(v);

export const pisosAnttResource = defineResource({
  nome: 'Coeficiente do piso ANTT',
  path: '/pisos-antt',
  recurso: 'tabelasfrete',
  table: pisosAntt,
  uid: pisosAntt.uid,
  scope: doEmbarcador(pisosAntt.embarcadorUid),
  item: pisoAntt,
  input: pisoAnttInput as unknown as z.ZodObject,
  select: getTableColumns(pisosAntt),
  toValues: (v) => ({ ...v, ccd: String(v.ccd), cc: String(v.cc) }),
  toItem: (r) => ({ ...r, ccd: num(r.ccd), cc: num(r.cc) }),
  sortable: { vigenciaInicio: pisosAntt.vigenciaInicio, tipoCarga: pisosAntt.tipoCarga, eixos: pisosAntt.eixos, criadoEm: pisosAntt.criadoEm },
  defaultSort: 'vigenciaInicio',
  defaultOrder: 'DESC',
  filters: {
    tipoCarga: { column: pisosAntt.tipoCarga, kind: 'exact' },
    eixos: { column: pisosAntt.eixos, kind: 'exact' },
    ativo: { column: pisosAntt.ativo, kind: 'bool' },
    vigenciaInicio: { column: pisosAntt.vigenciaInicio, kind: 'date', range: true },
    fonte: { column: pisosAntt.fonte, kind: 'text' },
  },
});

/**
 * Coefficients valid on `data` for a cargo type, by axle count: of the active versions whose validity
 * holds on the date, the latest start wins.
 */
export async function coeficientesAntt(
  db: DbOrTx,
  embarcadorUid: string,
  tipoCarga: TipoCargaAntt,
  eixos: number[],
  data: string,
): Promise<Map<number, PisoAntt>> {
  if (!eixos.length) return new Map();
  const rows = await db
    .select({ eixos: pisosAntt.eixos, ccd: pisosAntt.ccd, cc: pisosAntt.cc, fonte: pisosAntt.fonte, vigenciaInicio: pisosAntt.vigenciaInicio })
    .from(pisosAntt)
    .where(
      and(
        eq(pisosAntt.embarcadorUid, embarcadorUid),
        eq(pisosAntt.tipoCarga, tipoCarga),
        inArray(pisosAntt.eixos, eixos),
        eq(pisosAntt.ativo, true),
        lte(pisosAntt.vigenciaInicio, data),
        or(isNull(pisosAntt.vigenciaFim), gte(pisosAntt.vigenciaFim, data)),
      ),
    )
    .orderBy(asc(pisosAntt.eixos), desc(pisosAntt.vigenciaInicio));
  const out = new Map<number, PisoAntt>();
  for (const r of rows)
    if (!out.has(r.eixos)) out.set(r.eixos, { ccd: num(r.ccd), cc: num(r.cc), fonte: `${r.fonte} (vigência desde ${r.vigenciaInicio.split('-').reverse().join('/')})` });
  return out;
}
