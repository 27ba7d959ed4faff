import { type Acao, RECURSOS, type RecursoDef } from '@fretio/core';
import { sql } from 'drizzle-orm';
import type { Db } from './client.ts';
import { concessoesAplicadas } from './schema/index.ts';

const jsonb = (v: unknown) => sql`${JSON.stringify(v)}::jsonb`;

/** The statements that give one resource's default grant to the roles that do not name it yet. */
function concessoes(r: RecursoDef) {
  const c = r.concessao;
  const semORecurso = sql`NOT permissoes ? ${r.codigo}`;
  const out = [];
  if (c?.embarcador) {
    const { quemPode, acoes } = c.embarcador;
    out.push(sql`UPDATE papeis SET permissoes = permissoes || ${jsonb({ [r.codigo]: acoes })}
      WHERE tipo = 1 AND ${semORecurso} AND permissoes ? ${quemPode.recurso}
        AND permissoes -> ${quemPode.recurso} @> ${jsonb(quemPode.acoes)}`);
  }
  if (c?.transportador) {
    out.push(sql`UPDATE papeis SET permissoes = permissoes || ${jsonb({ [r.codigo]: c.transportador as Acao[] })}
      WHERE tipo = 2 AND ${semORecurso}`);
  }
  return out;
}

/**
 * Gives each resource's default grant once per database (after migrations, before anything is served):
 * a module added to an existing installation reaches its users without a migration of its own, and an
 * administrator who later takes it away from a role is never overruled (the resource is then recorded).
 * The advisory lock makes two instances starting together apply it once.
 */
export async function aplicarConcessoesPadrao(db: Db, recursos: readonly RecursoDef[] = RECURSOS) {
  const pendentes = recursos.filter((r) => r.concessao);
  if (pendentes.length === 0) return [];
  return db.transaction(async (tx) => {
    await tx.execute(sql`SELECT pg_advisory_xact_lock(hashtext('fretio:concessoes-padrao'))`);
    const feitas = new Set((await tx.select({ recurso: concessoesAplicadas.recurso }).from(concessoesAplicadas)).map((c) => c.recurso));
    const aplicadas: string[] = [];
    for (const r of pendentes) {
      if (feitas.has(r.codigo)) continue;
      for (const s of concessoes(r)) await tx.execute(s);
      await tx.insert(concessoesAplicadas).values({ recurso: r.codigo }).onConflictDoNothing();
      aplicadas.push(r.codigo);
    }
    return aplicadas;
  });
}
