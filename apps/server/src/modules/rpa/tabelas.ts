import { and, eq, getTableColumns, ne, sql } from 'drizzle-orm';
import { conferirTabelaRpa, TABELAS_RPA, type TabelaRpa, tabelaRpa, tabelaRpaInput, type z } from '@fretio/core';
import { tabelasRpa } from '../../db/schema/index.ts';
import { defineResource, type DbOrTx, doEmbarcador } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { registerUniqueConstraint } from '../../lib/pg-errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';

// The shipper's RPA tables (beyond the built-in legal ones): dated versions of the INSS ceiling, the
// INSS/SEST/SENAT/patronal rates, the IRRF brackets, the dependant deduction and the IRRF reduction. A
// receipt is computed with the version valid on its date — the shipper's where one covers it, else the
// built-in table. Issued receipts keep the calculation they were issued with.

registerUniqueConstraint('tabelas_rpa_inicio_uq', 'vigenciaInicio', 'Já existe uma tabela do RPA com este início de vigência.');

type Row = typeof tabelasRpa.$inferSelect;
const num = (v: unknown) => (v === null || v === undefined ? null : Number(v));

export const tabelaRpaItem = (r: Record<string, unknown>) => {
  const red = r.reducaoIrrf as Row['reducaoIrrf'];
  return {
    ...r, tetoInss: Number(r.tetoInss), percentualBaseInss: Number(r.percentualBaseInss), aliquotaInss: Number(r.aliquotaInss), aliquotaSest: Number(r.aliquotaSest),
    aliquotaSenat: Number(r.aliquotaSenat), aliquotaInssPatronal: Number(r.aliquotaInssPatronal), percentualBaseIrrf: Number(r.percentualBaseIrrf),
    deducaoDependente: Number(r.deducaoDependente), reducaoAte: red?.ate ?? null, reducaoMaximo: red?.maximo ?? null, reducaoAteFaixa: red?.ateFaixa ?? null,
    reducaoConstante: red?.constante ?? null, reducaoCoeficiente: red?.coeficiente ?? null, fonte: (r.fonte as string | null) ?? null,
  } as z.infer<typeof tabelaRpa>;
};

/** A stored version as the calculation reads it. */
export function paraTabelaRpa(r: Row): TabelaRpa {
  return {
    vigenciaInicio: r.vigenciaInicio, vigenciaFim: r.vigenciaFim, tetoInss: Number(r.tetoInss), percentualBaseInss: Number(r.percentualBaseInss),
    aliquotaInss: Number(r.aliquotaInss), aliquotaSest: Number(r.aliquotaSest), aliquotaSenat: Number(r.aliquotaSenat),
    aliquotaInssPatronal: Number(r.aliquotaInssPatronal), percentualBaseIrrf: Number(r.percentualBaseIrrf), deducaoDependente: Number(r.deducaoDependente),
    faixasIrrf: r.faixasIrrf, reducaoIrrf: r.reducaoIrrf ?? null, fonte: r.fonte ?? 'Tabela do embarcador',
  };
}

/** The tables a receipt of this shipper may use, the shipper's first (the first that covers a date wins). */
export async function tabelasDoEmbarcador(db: DbOrTx, embarcadorUid: string): Promise<TabelaRpa[]> {
  const proprias = await db.select().from(tabelasRpa).where(eq(tabelasRpa.embarcadorUid, embarcadorUid)).orderBy(tabelasRpa.vigenciaInicio);
  return [...proprias.map(paraTabelaRpa), ...TABELAS_RPA];
}

export const tabelasRpaResource = defineResource({
  nome: 'Tabela do RPA',
  path: '/rpa/tabelas',
  recurso: 'rpa',
  table: tabelasRpa,
  uid: tabelasRpa.uid,
  scope: doEmbarcador(tabelasRpa.embarcadorUid),
  item: tabelaRpa,
  input: tabelaRpaInput,
  select: getTableColumns(tabelasRpa),
  toItem: tabelaRpaItem as never,
  sortable: { vigenciaInicio: tabelasRpa.vigenciaInicio, tetoInss: tabelasRpa.tetoInss },
  defaultSort: 'vigenciaInicio',
  defaultOrder: 'DESC',
  filters: { vigenciaInicio: { column: tabelasRpa.vigenciaInicio, kind: 'date', range: true } },
  hooks: {
    async validate(tx, ctx, values, existing) {
      const v = { ...existing, ...values } as Record<string, unknown>;
      const erro = conferirTabelaRpa(v as never);
      if (erro) throw AppError.field(erro.field, erro.message);
      const fim = (v.vigenciaFim as string | null) ?? null;
      const [sobrepoe] = await tx.select({ inicio: tabelasRpa.vigenciaInicio, fim: tabelasRpa.vigenciaFim }).from(tabelasRpa).where(and(
        eq(tabelasRpa.embarcadorUid, exigirEmbarcador(ctx)), existing ? ne(tabelasRpa.uid, existing.uid as string) : undefined,
        sql`daterange(${tabelasRpa.vigenciaInicio}, ${tabelasRpa.vigenciaFim}, '[]') && daterange(${v.vigenciaInicio as string}::date, ${fim}::date, '[]')`,
      )).limit(1);
      if (sobrepoe) {
        const br = (d: string | null) => (d ? d.split('-').reverse().join('/') : 'sem fim');
        throw AppError.field('vigenciaInicio', `A vigência cruza a da tabela de ${br(sobrepoe.inicio)} a ${br(sobrepoe.fim)}.`);
      }
      if (values.reducaoAte !== undefined || !existing) {
        values.reducaoIrrf = v.reducaoAte === null || v.reducaoAte === undefined ? null : {
          ate: num(v.reducaoAte), maximo: num(v.reducaoMaximo), ateFaixa: num(v.reducaoAteFaixa), constante: num(v.reducaoConstante), coeficiente: num(v.reducaoCoeficiente),
        };
      }
      for (const k of ['reducaoAte', 'reducaoMaximo', 'reducaoAteFaixa', 'reducaoConstante', 'reducaoCoeficiente']) delete values[k];
    },
  },
});
