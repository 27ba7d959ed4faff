import type { ImportacaoErro, ImportacaoResultado, z } from '@fretio/core';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { auditoriaSistema } from '../../db/schema/index.ts';
import type { Tx } from '../../framework/resource.ts';
import type { FieldError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import type { LinhaPlanilha } from './planilha.ts';

// Register import (pessoas, produtos): every row through the API's zod schema and the same rules
// as the API, duplicates inside the file and against the database as row errors; in ONE transaction,
// nothing saved when any row fails unless apenasValidas. Each saved record gets its audit row.

export type Importador<V extends Record<string, unknown>> = {
  recurso: string;
  table: PgTable;
  schema: z.ZodType<V>;
  /** The field that must be unique (in the file and in the shipper) and its value. */
  chave: { campo: string; de: (v: V) => string; repetida: (linha: number) => string };
  /** Loads what the rules need for all rows at once (existing keys, municipalities...). */
  preparar(
    tx: Tx,
    ctx: RequestContext,
    validos: V[],
  ): Promise<{
    /** The shipper's rules for one row: field errors, and the values to insert (derived fields). */
    validar(v: V): FieldError[] | Promise<FieldError[]>;
    valores(v: V): Record<string, unknown>;
  }>;
};

const LOTE = 500;

export async function importar<V extends Record<string, unknown>>(
  db: Db,
  ctx: RequestContext,
  imp: Importador<V>,
  linhas: LinhaPlanilha[],
  apenasValidas: boolean,
): Promise<ImportacaoResultado> {
  const erros: ImportacaoErro[] = [];
  const parsed: { linha: number; v: V }[] = [];
  const comErro = new Set<number>();
  for (const { linha, valores } of linhas) {
    const r = imp.schema.safeParse(valores);
    if (r.success) parsed.push({ linha, v: r.data });
    else {
      comErro.add(linha);
      for (const issue of r.error.issues)
        erros.push({ linha, campo: issue.path.map(String).join('.') || imp.chave.campo, mensagem: issue.message });
    }
  }

  return db.transaction(async (tx) => {
    const regras = await imp.preparar(
      tx,
      ctx,
      parsed.map((p) => p.v),
    );
    const vistas = new Map<string, number>();
    const aGravar: Record<string, unknown>[] = [];
    for (const { linha, v } of parsed) {
      const k = imp.chave.de(v);
      const anterior = vistas.get(k);
      const es: FieldError[] = anterior !== undefined ? [{ field: imp.chave.campo, message: imp.chave.repetida(anterior) }] : [];
      if (anterior === undefined) vistas.set(k, linha);
      es.push(...(await regras.validar(v)));
      if (es.length) {
        comErro.add(linha);
        for (const e of es) erros.push({ linha, campo: e.field, mensagem: e.message });
      } else aGravar.push({ ...regras.valores(v), ...(ctx.embarcadorUid ? { embarcadorUid: ctx.embarcadorUid } : {}) });
    }
    erros.sort((a, b) => a.linha - b.linha);
    const resultado = { total: linhas.length, validas: linhas.length - comErro.size, invalidas: comErro.size, salvas: 0, erros };
    if (!aGravar.length || (comErro.size && !apenasValidas)) return resultado;

    for (let i = 0; i < aGravar.length; i += LOTE) {
      const rows = (await tx
        .insert(imp.table)
        .values(aGravar.slice(i, i + LOTE) as never)
        .returning()) as Record<string, unknown>[];
      await tx.insert(auditoriaSistema).values(
        rows.map((row) => ({
          embarcadorUid: ctx.embarcadorUid,
          usuarioUid: ctx.usuarioUid,
          recurso: imp.recurso,
          registroUid: String(row.uid),
          acao: 'importar',
          antes: null,
          depois: row,
        })),
      );
      resultado.salvas += rows.length;
    }
    return resultado;
  });
}

export const mensagemImportacao = (r: ImportacaoResultado, apenasValidas: boolean) => {
  if (r.invalidas === 0) return `Importação concluída: ${r.salvas} registro(s) salvo(s).`;
  if (apenasValidas) return `Importação concluída: ${r.salvas} registro(s) salvo(s); ${r.invalidas} linha(s) com erro ignorada(s).`;
  return `Erro ao importar dados. Nenhum registro foi salvo: ${r.invalidas} linha(s) com erro.`;
};
