import { and, asc, eq, inArray, sql } from 'drizzle-orm';
import { faixas, prioridades, regras, restricaoPessoas, restricoes, tabelaFreteRotas, tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';

// Freight table queries. Whole tables (routes, rules, ranges, restrictions, priorities) are read with
// one set-based query per child table for any number of tables, never one query per route.

export const TABELA_HISTORICA = 'Tabela histórica não pode ser alterada';

export type TabelaRow = typeof tabelasFrete.$inferSelect;
export type RotaRow = typeof tabelaFreteRotas.$inferSelect;
export type RegraRow = typeof regras.$inferSelect;
export type FaixaRow = typeof faixas.$inferSelect;
export type RestricaoRow = typeof restricoes.$inferSelect;
export type RestricaoPessoaRow = typeof restricaoPessoas.$inferSelect;
export type PrioridadeRow = typeof prioridades.$inferSelect;

export async function tabelaVisivel(db: DbOrTx, ctx: RequestContext, uid: string) {
  const rows = await db
    .select({ uid: tabelasFrete.uid })
    .from(tabelasFrete)
    .where(and(eq(tabelasFrete.uid, uid), eq(tabelasFrete.embarcadorUid, exigirEmbarcador(ctx))))
    .limit(1);
  return rows.length > 0;
}

/** The table locked for a change of itself or its children; 409 when it is read-only history. */
export async function tabelaParaAlterar(tx: DbOrTx, uid: string): Promise<TabelaRow> {
  const [t] = await tx.select().from(tabelasFrete).where(eq(tabelasFrete.uid, uid)).for('update');
  if (!t) throw AppError.notFound();
  if (t.historica) throw AppError.conflict(TABELA_HISTORICA);
  return t;
}

/** Every change of a table or its children bumps `revisao`: the calculator's cache key. */
export async function tocarTabela(tx: DbOrTx, uid: string) {
  await tx
    .update(tabelasFrete)
    .set({ revisao: sql`${tabelasFrete.revisao} + 1`, atualizadoEm: sql`now()` } as never)
    .where(eq(tabelasFrete.uid, uid));
}

export type LinhasTabela = {
  rotas: RotaRow[];
  regras: RegraRow[];
  faixas: Map<string, FaixaRow[]>;
  restricoes: RestricaoRow[];
  pessoas: Map<string, RestricaoPessoaRow[]>;
  prioridades: PrioridadeRow[];
};

function agrupar<T, K>(rows: T[], chave: (r: T) => K): Map<K, T[]> {
  const m = new Map<K, T[]>();
  for (const r of rows) {
    const k = chave(r);
    const g = m.get(k);
    if (g) g.push(r);
    else m.set(k, [r]);
  }
  return m;
}

const LOCAL = ['origem', 'destino'].flatMap((p) =>
  [
    ['Tipo', 'tipo'],
    ['Uf', 'uf'],
    ['Ibge', 'ibge'],
    ['RegiaoUid', 'regiao_uid'],
    ['CepDe', 'cep_de'],
    ['CepAte', 'cep_ate'],
  ].map(([k, c]) => [`${p}${k}`, `${p}_${c}`] as const),
);
/** Only what the engine needs, per child table: [property, column] in order, and the row order. */
const ENXUTO: Record<keyof LinhasBrutas, { tabela: string; colunas: (readonly [string, string])[]; ordem: string }> = {
  rotas: {
    tabela: 'tabela_frete_rotas',
    colunas: [
      ['uid', 'uid'],
      ...LOCAL,
      ['prazoDiasUteis', 'prazo_dias_uteis'],
      ['freteMinimo', 'frete_minimo'],
      ['distanciaKm', 'distancia_km'],
      ['tipoVeiculoUid', 'tipo_veiculo_uid'],
      ['fatorCubagem', 'fator_cubagem'],
    ],
    ordem: 'ordem, criado_em, uid',
  },
  regras: {
    tabela: 'regras',
    colunas: [
      ['uid', 'uid'],
      ['tabelaRotaUid', 'tabela_rota_uid'],
      ['componente', 'componente'],
      ['base', 'base'],
      ['calculo', 'calculo'],
      ['valor', 'valor'],
      ['minimo', 'minimo'],
      ['maximo', 'maximo'],
      ['aposMinimo', 'apos_minimo'],
      ['escopo', 'escopo'],
      ['comparaFaixaSeguinte', 'compara_faixa_seguinte'],
      ['foraBaseTributo', 'fora_base_tributo'],
      ['percentualValor', 'percentual_valor'],
      ['restricaoUid', 'restricao_uid'],
      ...LOCAL,
    ],
    ordem: 'ordem, criado_em, uid',
  },
  faixas: {
    tabela: 'faixas',
    colunas: [
      ['regraUid', 'regra_uid'],
      ['ate', 'ate'],
      ['valor', 'valor'],
      ['modo', 'modo'],
    ],
    ordem: 'ordem, ate nulls last, uid',
  },
  restricoes: {
    tabela: 'restricoes',
    colunas: [
      ['uid', 'uid'],
      ['componente', 'componente'],
      ['modo', 'modo'],
      ['produtos', 'produtos'],
      ['ncms', 'ncms'],
    ],
    ordem: 'componente, criado_em, uid',
  },
  pessoas: {
    tabela: 'restricao_pessoas',
    colunas: [
      ['restricaoUid', 'restricao_uid'],
      ['papel', 'papel'],
      ['documento', 'documento'],
    ],
    ordem: 'papel, documento',
  },
  prioridades: { tabela: 'prioridades', colunas: [...LOCAL, ['prioridade', 'prioridade']], ordem: 'prioridade, criado_em, uid' },
};
type LinhasBrutas = {
  rotas: RotaRow[];
  regras: RegraRow[];
  faixas: FaixaRow[];
  restricoes: RestricaoRow[];
  pessoas: RestricaoPessoaRow[];
  prioridades: PrioridadeRow[];
};

/**
 * One JSON array per table and child kind, built by the database: far fewer rows to transfer than
 * one per route/rule/range (with PGlite, ~8× faster for 50 tables of 500 routes).
 */
async function carregarEnxuto(db: DbOrTx, uids: string[]): Promise<LinhasBrutas> {
  const lista = sql.join(
    uids.map((u) => sql`${u}::uuid`),
    sql`, `,
  );
  const umTipo = async (def: (typeof ENXUTO)[keyof typeof ENXUTO]) => {
    const cols = sql.raw(def.colunas.map(([, c]) => c).join(', '));
    const res = (await db.execute(
      sql`select tabela_frete_uid as t, json_agg(json_build_array(${cols}) order by ${sql.raw(def.ordem)})::text as j from ${sql.identifier(def.tabela)} where tabela_frete_uid in (${lista}) group by 1`,
    )) as unknown as { rows: { t: string; j: string }[] };
    const out: Record<string, unknown>[] = [];
    for (const { t, j } of res.rows) {
      for (const valores of JSON.parse(j) as unknown[][]) {
        const row: Record<string, unknown> = { tabelaFreteUid: t };
        def.colunas.forEach(([k], i) => {
          row[k] = valores[i];
        });
        out.push(row);
      }
    }
    return out;
  };
  const [rotas, regrasR, faixasR, restricoesR, pessoas, prioridadesR] = await Promise.all(
    (['rotas', 'regras', 'faixas', 'restricoes', 'pessoas', 'prioridades'] as const).map((k) => umTipo(ENXUTO[k])),
  );
  return {
    rotas,
    regras: regrasR,
    faixas: faixasR,
    restricoes: restricoesR,
    pessoas,
    prioridades: prioridadesR,
  } as unknown as LinhasBrutas;
}

/**
 * The children of many tables: six queries whatever the number of tables and routes. `enxuto` reads
 * only the engine's columns (the rows then lack timestamps and other fields: build engine shapes only).
 */
export async function carregarLinhas(db: DbOrTx, uids: string[], opcoes: { enxuto?: boolean } = {}): Promise<Map<string, LinhasTabela>> {
  const out = new Map<string, LinhasTabela>();
  if (!uids.length) return out;
  const [rs, gs, fs, xs, ps, ls] = opcoes.enxuto
    ? (Object.values(await carregarEnxuto(db, uids)) as [
        RotaRow[],
        RegraRow[],
        FaixaRow[],
        RestricaoRow[],
        RestricaoPessoaRow[],
        PrioridadeRow[],
      ])
    : await Promise.all([
        db
          .select()
          .from(tabelaFreteRotas)
          .where(inArray(tabelaFreteRotas.tabelaFreteUid, uids))
          .orderBy(asc(tabelaFreteRotas.ordem), asc(tabelaFreteRotas.criadoEm), asc(tabelaFreteRotas.uid)),
        db
          .select()
          .from(regras)
          .where(inArray(regras.tabelaFreteUid, uids))
          .orderBy(asc(regras.ordem), asc(regras.criadoEm), asc(regras.uid)),
        db
          .select()
          .from(faixas)
          .where(inArray(faixas.tabelaFreteUid, uids))
          .orderBy(asc(faixas.ordem), sql`${faixas.ate} asc nulls last`, asc(faixas.uid)),
        db.select().from(restricoes).where(inArray(restricoes.tabelaFreteUid, uids)).orderBy(asc(restricoes.componente), asc(restricoes.criadoEm), asc(restricoes.uid)),
        db
          .select()
          .from(restricaoPessoas)
          .where(inArray(restricaoPessoas.tabelaFreteUid, uids))
          .orderBy(asc(restricaoPessoas.papel), asc(restricaoPessoas.documento)),
        db
          .select()
          .from(prioridades)
          .where(inArray(prioridades.tabelaFreteUid, uids))
          .orderBy(asc(prioridades.prioridade), asc(prioridades.criadoEm), asc(prioridades.uid)),
      ]);
  const porTabela = <T extends { tabelaFreteUid: string }>(rows: T[]) => agrupar(rows, (r) => r.tabelaFreteUid);
  const rotasT = porTabela(rs);
  const regrasT = porTabela(gs);
  const faixasT = porTabela(fs);
  const restricoesT = porTabela(xs);
  const pessoasT = porTabela(ps);
  const prioridadesT = porTabela(ls);
  for (const uid of uids) {
    out.set(uid, {
      rotas: rotasT.get(uid) ?? [],
      regras: regrasT.get(uid) ?? [],
      faixas: agrupar(faixasT.get(uid) ?? [], (f) => f.regraUid),
      restricoes: restricoesT.get(uid) ?? [],
      pessoas: agrupar(pessoasT.get(uid) ?? [], (p) => p.restricaoUid),
      prioridades: prioridadesT.get(uid) ?? [],
    });
  }
  return out;
}

export async function carregarTabela(db: DbOrTx, uid: string, opcoes: { enxuto?: boolean } = {}) {
  const [t] = await db.select().from(tabelasFrete).where(eq(tabelasFrete.uid, uid));
  if (!t) throw AppError.notFound();
  const linhas = (await carregarLinhas(db, [uid], opcoes)).get(uid) as LinhasTabela;
  return { tabela: t, linhas };
}
