import { and, eq, ne, sql } from 'drizzle-orm';
import { calcularRpa, ErroRpa, type ResultadoRpa } from '@fretio/core';
import { embarcadorTransportador, rpas, unidadesTransportador } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { tabelasDoEmbarcador } from './tabelas.ts';

// The RPA of an independent driver: the carrier unit must be flagged indicaAutonomo and serve the
// shipper; the month's INSS ceiling and the month's IRRF count the driver's other (not cancelled) RPAs of
// the same month (the IRRF of the month's total income minus what those RPAs withheld).

export type EntradaRpaServidor = { unidadeTransportadorUid: string; data: string; valorFrete: string; dependentes: number; aliquotaIss: string | null };

export async function unidadeAutonoma(db: DbOrTx, embarcadorUid: string, unidadeUid: string) {
  const [u] = await db.select({ uid: unidadesTransportador.uid, nome: unidadesTransportador.nome, autonomo: unidadesTransportador.indicaAutonomo })
    .from(unidadesTransportador)
    .innerJoin(embarcadorTransportador, and(eq(embarcadorTransportador.transportadorUid, unidadesTransportador.transportadorUid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)))
    .where(eq(unidadesTransportador.uid, unidadeUid));
  if (!u) throw AppError.field('unidadeTransportadorUid', 'Unidade do transportador não encontrada');
  if (!u.autonomo) throw AppError.field('unidadeTransportadorUid', 'A unidade do transportador não é de autônomo (indicaAutonomo): RPA só para autônomos.');
  return u;
}

export async function calcularRpaServidor(db: DbOrTx, embarcadorUid: string, e: EntradaRpaServidor, excetoUid?: string): Promise<ResultadoRpa & { baseInssUtilizadaNoMes: number }> {
  await unidadeAutonoma(db, embarcadorUid, e.unidadeTransportadorUid);
  const mes = e.data.slice(0, 7);
  const [{ usada, rendimentoIrrf, inss, irrf }] = await db.select({
    usada: sql<string>`coalesce(sum(${rpas.baseInssLimitada}), 0)`,
    rendimentoIrrf: sql<string>`coalesce(sum((${rpas.calculo} ->> 'rendimentoIrrf')::numeric), 0)`,
    inss: sql<string>`coalesce(sum((${rpas.calculo} ->> 'inss')::numeric), 0)`,
    irrf: sql<string>`coalesce(sum((${rpas.calculo} ->> 'irrf')::numeric), 0)`,
  }).from(rpas).where(and(
    eq(rpas.embarcadorUid, embarcadorUid), eq(rpas.unidadeTransportadorUid, e.unidadeTransportadorUid), ne(rpas.status, 3),
    sql`to_char(${rpas.data}, 'YYYY-MM') = ${mes}`, excetoUid ? ne(rpas.uid, excetoUid) : undefined,
  )) as [{ usada: string; rendimentoIrrf: string; inss: string; irrf: string }];
  try {
    const r = calcularRpa({ data: e.data, valorFrete: e.valorFrete, dependentes: e.dependentes, baseInssUtilizadaNoMes: usada, aliquotaIss: e.aliquotaIss,
      mesAnterior: { rendimentoIrrf, inss, irrf } }, await tabelasDoEmbarcador(db, embarcadorUid));
    return { ...r, baseInssUtilizadaNoMes: Number(usada) };
  } catch (err) {
    if (err instanceof ErroRpa) throw AppError.field(err.campo, err.message);
    throw err;
  }
}
