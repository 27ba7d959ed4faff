import { and, eq, inArray, sql } from 'drizzle-orm';
import { type AjusteComponente, type TabelaCalculo, derivarTabela } from '@fretio/core';
import { tabelaFreteRotas, regras, tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { montarTabelaCalculo } from './montar.ts';
import { type LinhasTabela, type TabelaRow, carregarLinhas } from './repository.ts';
import { rotularRotas } from './rotulos.ts';

// Derived tables ("vínculo"): tabelas_frete.tabela_base_uid + ajustes_base. The base is never copied:
// every build reads the base's current rows, so the derived table follows its later changes (the
// calculator's cache key includes every table of the chain).

/** Longest chain of bases followed (a cycle is refused when saving; this only bounds a bad row). */
const PROFUNDIDADE_MAXIMA = 10;

/**
 * The version of base `b` that a load on `data` uses: a readjusted base is a new table (tabela_origem_uid →
 * the one it readjusts), so the derived table follows the latest active version of the base's lineage
 * valid on the date, else the base it names (a version still in Validação is not followed).
 */
async function versaoNaData(db: DbOrTx, b: TabelaRow, data: string): Promise<TabelaRow> {
  const [v] = await db
    .select()
    .from(tabelasFrete)
    .where(
      sql`${tabelasFrete.uid} in (
        with recursive versoes(uid, n) as (
          select ${b.uid}::uuid, 0
          union all
          select t.uid, versoes.n + 1 from tabelas_frete t join versoes on t.tabela_origem_uid = versoes.uid
           where versoes.n < ${PROFUNDIDADE_MAXIMA * 5}
        )
        select t.uid from tabelas_frete t join versoes on versoes.uid = t.uid
         where t.uid <> ${b.uid}::uuid and t.embarcador_uid = ${b.embarcadorUid}::uuid and t.status = 1
           and t.vigencia_inicio <= ${data}::date and (t.vigencia_fim is null or t.vigencia_fim >= ${data}::date)
         order by t.versao desc, t.vigencia_inicio desc limit 1)`,
    );
  return v ?? b;
}

/**
 * The bases of `t`, nearest first (empty for an ordinary table). With `data` (a calculation), each base is
 * the version of its lineage valid on that date (versaoNaData).
 */
export async function cadeiaDeBases(db: DbOrTx, t: TabelaRow, data?: string): Promise<TabelaRow[]> {
  const cadeia: TabelaRow[] = [];
  let proxima = t.tabelaBaseUid;
  while (proxima && cadeia.length < PROFUNDIDADE_MAXIMA) {
    const [nomeada] = await db
      .select()
      .from(tabelasFrete)
      .where(and(eq(tabelasFrete.uid, proxima), eq(tabelasFrete.embarcadorUid, t.embarcadorUid)));
    // Adjustments tied to a route name the named version's route uids (a readjust copies routes under new
    // uids): such a chain keeps the named base until routes are mapped across versions.
    const anterior = cadeia.at(-1) ?? t;
    const porRota = (anterior.ajustesBase ?? []).some((a) => a.rotaUid);
    const b = nomeada && data && nomeada.tabelaBaseUid === null && !porRota ? await versaoNaData(db, nomeada, data) : nomeada;
    if (!b || b.uid === t.uid || cadeia.some((c) => c.uid === b.uid)) break;
    cadeia.push(b);
    proxima = b.tabelaBaseUid;
  }
  return cadeia;
}

export const ajustesDe = (t: TabelaRow): AjusteComponente[] =>
  (t.ajustesBase ?? []).map((a) => ({
    componente: a.componente,
    tipo: a.tipo,
    valor: Number(a.valor),
    ...(a.rotaUid ? { rotaUid: a.rotaUid } : {}),
    ...(a.destinatarios?.length ? { destinatarios: a.destinatarios } : {}),
  }));

/** The derived table's own part on top of its base's TabelaCalculo. */
export function derivarDeLinha(base: TabelaCalculo, nomeBase: string, t: TabelaRow): TabelaCalculo {
  return derivarTabela(base, nomeBase, {
    uid: t.uid,
    transportadorUid: t.transportadorUid,
    prioridade: t.prioridade,
    vigenciaInicio: t.vigenciaInicio,
    vigenciaFim: t.vigenciaFim,
    ajustes: ajustesDe(t),
  });
}

/** The engine's table of `t`: its own rows, or (derived) its chain's root with every adjustment on top. */
export function montarComCadeia(t: TabelaRow, cadeia: TabelaRow[], linhasRaiz: LinhasTabela): TabelaCalculo {
  if (!cadeia.length) return montarTabelaCalculo(t, linhasRaiz);
  const raiz = cadeia[cadeia.length - 1];
  let calc = montarTabelaCalculo(raiz, linhasRaiz);
  for (let i = cadeia.length - 2; i >= 0; i--) calc = derivarDeLinha(calc, cadeia[i + 1].nome, cadeia[i]);
  return derivarDeLinha(calc, cadeia[0].nome, t);
}

/** montarComCadeia with the rows loaded (one table). */
export async function montarResolvida(db: DbOrTx, t: TabelaRow, linhasProprias?: LinhasTabela): Promise<TabelaCalculo> {
  const cadeia = await cadeiaDeBases(db, t);
  const dona = cadeia.at(-1) ?? t;
  const linhas = !cadeia.length && linhasProprias ? linhasProprias : (await carregarLinhas(db, [dona.uid], { enxuto: true })).get(dona.uid);
  const calc = montarComCadeia(t, cadeia, linhas as LinhasTabela);
  await rotularRotas(db, [calc]);
  return calc;
}

/**
 * Rules of a base (400 on tabelaBaseUid): a table of the same shipper, Ativo or Validação, not itself,
 * no cycle; a derived table has no routes or rules of its own (they come from the base).
 */
export async function exigirBaseValida(tx: DbOrTx, embarcadorUid: string, propria: string | null, baseUid: string) {
  const campo = 'tabelaBaseUid';
  if (propria && baseUid === propria) throw AppError.field(campo, 'Uma tabela não pode ser base de si mesma');
  const [b] = await tx
    .select()
    .from(tabelasFrete)
    .where(and(eq(tabelasFrete.uid, baseUid), eq(tabelasFrete.embarcadorUid, embarcadorUid)));
  if (!b) throw AppError.field(campo, 'Tabela base não encontrada');
  if (b.historica || ![1, 3].includes(b.status))
    throw AppError.field(campo, `A tabela base "${b.nome}" precisa estar Ativa ou em Validação`);
  if (propria) {
    const cadeia = await cadeiaDeBases(tx, b);
    if (b.tabelaBaseUid === propria || cadeia.some((c) => c.uid === propria || c.tabelaBaseUid === propria))
      throw AppError.field(campo, `Ciclo de vínculos: a tabela "${b.nome}" já deriva desta tabela`);
    const [rota] = await tx.select({ uid: tabelaFreteRotas.uid }).from(tabelaFreteRotas).where(eq(tabelaFreteRotas.tabelaFreteUid, propria)).limit(1);
    const [regra] = await tx.select({ uid: regras.uid }).from(regras).where(eq(regras.tabelaFreteUid, propria)).limit(1);
    if (rota || regra)
      throw AppError.field(campo, 'Uma tabela derivada não tem rotas nem regras próprias (vêm da base): remova-as antes de escolher a base');
  }
  return b;
}

/** Tables whose chain goes through any of `uids` (to refuse deleting/historicising a base). */
export async function derivadasDe(db: DbOrTx, uids: string[]) {
  if (!uids.length) return [];
  return db.select({ uid: tabelasFrete.uid, nome: tabelasFrete.nome }).from(tabelasFrete).where(inArray(tabelasFrete.tabelaBaseUid, uids));
}
