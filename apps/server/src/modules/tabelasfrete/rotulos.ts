import { inArray } from 'drizzle-orm';
import { type LocalRef, type TabelaCalculo, rotuloLocal } from '@fretio/core';
import { municipios, regioes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';

// Routes named by their places in messages (not-quoted reasons, validation errors, warnings), never by
// uid: "São Paulo/SP → Campinas/SP", "SP → região Interior". Two queries for any number of tables.
// A region renamed later shows its old name in a cached table's messages until the table changes
// (a label only: the calculation never reads it).

export async function rotularRotas(db: DbOrTx, tabelas: TabelaCalculo[]): Promise<void> {
  const ibges = new Set<string>();
  const regs = new Set<string>();
  const lugares = tabelas.flatMap((t) => t.rotas.flatMap((r) => [r.origem, r.destino]));
  for (const l of lugares) {
    if (l.tipo === 'MUNICIPIO') ibges.add(l.ibge.trim());
    else if (l.tipo === 'REGIAO') regs.add(l.regiaoUid);
  }
  const [ms, rs] = await Promise.all([
    ibges.size ? db.select({ ibge: municipios.ibge, nome: municipios.nome, uf: municipios.uf }).from(municipios).where(inArray(municipios.ibge, [...ibges])) : [],
    regs.size ? db.select({ uid: regioes.uid, nome: regioes.nome }).from(regioes).where(inArray(regioes.uid, [...regs])) : [],
  ]);
  const municipio = new Map(ms.map((m) => [m.ibge, `${m.nome}/${m.uf}`]));
  const regiao = new Map(rs.map((r) => [r.uid, `região ${r.nome}`]));
  const nome = (l: LocalRef) =>
    (l.tipo === 'MUNICIPIO' ? municipio.get(l.ibge.trim()) : l.tipo === 'REGIAO' ? regiao.get(l.regiaoUid) : undefined) ?? rotuloLocal(l);
  for (const t of tabelas) for (const r of t.rotas) r.rotulo = `${nome(r.origem)} → ${nome(r.destino)}`;
}
