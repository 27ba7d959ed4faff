import { channel } from 'node:diagnostics_channel';
import type { ImportacaoErro, ImportacaoResultado, z } from '@fretio/core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditoriaSistema } from '../../db/schema/index.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';
import { cederVez, fatias } from '../../lib/lotes.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import type { DbOrTx } from '../resource.ts';
import type { LinhaPlanilha } from './planilha.ts';

// The register import pipeline (pessoas, produtos; the next modules declare an Importador):
//   rows (planilha.ts, parsed in a worker) → every row through the API's zod schema and the module's
//   rules (keys repeated in the file or already stored are row errors) → report → write.
// Validation is complete before the first write, so "nothing saved unless apenasValidas" holds
// without one long transaction: the write goes in batches of LOTE rows, each its own short
// transaction with its audit rows, yielding to the event loop between batches (PGlite has one
// connection: other tenants' queries run in the gaps). It takes rows and a progress callback, so
// the persistent task queue can run it later unchanged.

export type Importador<V extends Record<string, unknown>> = {
  recurso: string;
  table: PgTable;
  schema: z.ZodType<V>;
  /** The field that must be unique (in the file and in the shipper) and its value. */
  chave: { campo: string; de: (v: V) => string; repetida: (linha: number) => string };
  /** Loads what the rules need for all rows at once (existing keys, municipalities...), in bounded queries. */
  preparar(
    db: DbOrTx,
    ctx: RequestContext,
    validos: V[],
  ): Promise<{
    /** The shipper's rules for one row: field errors, and the values to insert (derived fields). */
    validar(v: V): FieldError[] | Promise<FieldError[]>;
    valores(v: V): Record<string, unknown>;
  }>;
};

export type Progresso = (p: { fase: 'validando' | 'gravando'; feitas: number; total: number }) => void;
type AGravar = { linha: number; chave: string; valores: Record<string, unknown> };

/** Every import's progress, published for observers (metrics, tests): {recurso, fase, feitas, total}. */
export const canalImportacao = channel('fretio:importacao');
const avisar = (recurso: string, p: Parameters<Progresso>[0], progresso?: Progresso) => {
  progresso?.(p);
  if (canalImportacao.hasSubscribers) canalImportacao.publish({ recurso, ...p });
};

/** Rows per write transaction: short enough that other requests wait milliseconds, not seconds. */
export const LOTE = 500;
/** Rows validated between two yields to the event loop. */
const PASSO = 1_000;

/** Validates every row; nothing is written. */
export async function validarImportacao<V extends Record<string, unknown>>(
  db: DbOrTx,
  ctx: RequestContext,
  imp: Importador<V>,
  linhas: LinhaPlanilha[],
  progresso?: Progresso,
) {
  const erros: ImportacaoErro[] = [];
  const parsed: { linha: number; v: V }[] = [];
  const comErro = new Set<number>();
  const falha = (linha: number, campo: string, mensagem: string) => {
    comErro.add(linha);
    erros.push({ linha, campo, mensagem });
  };
  for (const [i, { linha, valores }] of linhas.entries()) {
    if (i % PASSO === PASSO - 1) await cederVez();
    const r = imp.schema.safeParse(valores);
    if (r.success) parsed.push({ linha, v: r.data });
    else for (const issue of r.error.issues) falha(linha, issue.path.map(String).join('.') || imp.chave.campo, issue.message);
  }
  const regras = await imp.preparar(
    db,
    ctx,
    parsed.map((p) => p.v),
  );
  const vistas = new Map<string, number>();
  const aGravar: AGravar[] = [];
  for (const [i, { linha, v }] of parsed.entries()) {
    if (i % PASSO === PASSO - 1) {
      avisar(imp.recurso, { fase: 'validando', feitas: i, total: parsed.length }, progresso);
      await cederVez();
    }
    const chave = imp.chave.de(v);
    const anterior = vistas.get(chave);
    const es: FieldError[] = anterior !== undefined ? [{ field: imp.chave.campo, message: imp.chave.repetida(anterior) }] : [];
    if (anterior === undefined) vistas.set(chave, linha);
    es.push(...(await regras.validar(v)));
    if (es.length) for (const e of es) falha(linha, e.field, e.message);
    else aGravar.push({ linha, chave, valores: { ...regras.valores(v), ...(ctx.embarcadorUid ? { embarcadorUid: ctx.embarcadorUid } : {}) } });
  }
  erros.sort((a, b) => a.linha - b.linha);
  const resultado: ImportacaoResultado = { total: linhas.length, validas: linhas.length - comErro.size, invalidas: comErro.size, salvas: 0, erros };
  return { resultado, aGravar };
}

/**
 * Writes validated rows in batches. A key stored by someone else after validation is skipped
 * (ON CONFLICT DO NOTHING) and reported on its row; a database failure stops the import with an
 * error that says how many rows were already saved (earlier batches stay committed).
 */
export async function gravarEmLotes<V extends Record<string, unknown>>(
  db: Db,
  ctx: RequestContext,
  imp: Importador<V>,
  aGravar: AGravar[],
  resultado: ImportacaoResultado,
  progresso?: Progresso,
) {
  const campoChave = imp.chave.campo;
  for (const lote of fatias(aGravar, LOTE)) {
    await cederVez();
    let salvas: Record<string, unknown>[];
    try {
      salvas = await db.transaction(async (tx) => {
        const rows = (await tx.insert(imp.table).values(lote.map((l) => l.valores) as never).onConflictDoNothing().returning()) as Record<string, unknown>[];
        if (rows.length)
          await tx.insert(auditoriaSistema).values(
            rows.map((row) => ({ embarcadorUid: ctx.embarcadorUid, usuarioUid: ctx.usuarioUid, recurso: imp.recurso, registroUid: String(row.uid), acao: 'importar', antes: null, depois: row })),
          );
        return rows;
      });
    } catch (e) {
      const interrompida = new AppError(
        'INTERNAL',
        `Importação interrompida por um erro no banco de dados: ${resultado.salvas} registro(s) já foram salvos (até a linha ` +
          `${lote[0].linha - 1}). Importe o arquivo de novo com "somente válidas": os já salvos aparecerão como repetidos.`,
      );
      // The cause reaches the log through the error handler (class and SQL state only: lib/log-seguro.ts).
      interrompida.cause = e;
      throw interrompida;
    }
    resultado.salvas += salvas.length;
    if (salvas.length < lote.length) {
      const gravadas = new Set(salvas.map((r) => String(r[campoChave])));
      for (const l of lote)
        if (!gravadas.has(l.chave)) resultado.erros.push({ linha: l.linha, campo: campoChave, mensagem: 'Cadastrado por outra pessoa durante a importação' });
      resultado.invalidas += lote.length - salvas.length;
      resultado.validas -= lote.length - salvas.length;
    }
    avisar(imp.recurso, { fase: 'gravando', feitas: resultado.salvas, total: aGravar.length }, progresso);
  }
  resultado.erros.sort((a, b) => a.linha - b.linha);
  return resultado;
}

/** The whole import of a register: validate everything, then write unless a row failed (or apenasValidas). */
export async function importar<V extends Record<string, unknown>>(
  db: Db,
  ctx: RequestContext,
  imp: Importador<V>,
  linhas: LinhaPlanilha[],
  apenasValidas: boolean,
  progresso?: Progresso,
): Promise<ImportacaoResultado> {
  const { resultado, aGravar } = await validarImportacao(db, ctx, imp, linhas, progresso);
  if (!aGravar.length || (resultado.invalidas && !apenasValidas)) return resultado;
  return gravarEmLotes(db, ctx, imp, aGravar, resultado, progresso);
}

export const mensagemImportacao = (r: ImportacaoResultado, apenasValidas: boolean) => {
  if (r.invalidas === 0) return `Importação concluída: ${r.salvas} registro(s) salvo(s).`;
  if (apenasValidas) return `Importação concluída: ${r.salvas} registro(s) salvo(s); ${r.invalidas} linha(s) com erro ignorada(s).`;
  if (r.salvas) return `Importação concluída em parte: ${r.salvas} registro(s) salvo(s); ${r.invalidas} linha(s) com erro.`;
  return `Erro ao importar dados. Nenhum registro foi salvo: ${r.invalidas} linha(s) com erro.`;
};
