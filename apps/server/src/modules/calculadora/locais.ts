import { and, asc, eq, gte, lte, sql } from 'drizzle-orm';
import type { Local } from '@fretio/core';
import { faixasCep, faixasCepUf, municipios, regiaoLocais, regioes } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';

// A place of a quote ({cep} | {municipioIbge} | {uf}) → the engine's Local: UF, municipality, CEP and
// every active region of the shipper containing it. CEP → UF (and municipality) by the shipper's own
// CEP ranges (faixascep, narrowest first), else by the Correios ranges of each UF (faixas_cep_uf).

export type EntradaLocal = { cep?: string | null; municipioIbge?: string | null; uf?: string | null };
export type LocalResolvido = { uf: string; ibge: string | null; cep: string | null; regioes: string[] };

/** The engine's Local (absent instead of null). */
export const paraLocal = (l: LocalResolvido): Local => ({
  uf: l.uf,
  ibge: l.ibge ?? undefined,
  cep: l.cep ?? undefined,
  regioes: l.regioes,
});

export async function resolverLocal(db: DbOrTx, embarcadorUid: string, e: EntradaLocal, campo: string): Promise<LocalResolvido> {
  const cep = e.cep ?? null;
  let ibge = e.municipioIbge ?? null;
  let uf = e.uf ?? null;
  if (ibge) {
    const [m] = await db.select({ uf: municipios.uf }).from(municipios).where(eq(municipios.ibge, ibge));
    if (!m) throw AppError.field(`${campo}.municipioIbge`, `Município ${ibge} não encontrado no cadastro do IBGE`);
    uf = m.uf;
  } else if (cep) {
    const [f] = await db
      .select({ uf: faixasCep.uf, ibge: faixasCep.municipioIbge })
      .from(faixasCep)
      .where(
        and(eq(faixasCep.embarcadorUid, embarcadorUid), eq(faixasCep.ativo, true), lte(faixasCep.cepDe, cep), gte(faixasCep.cepAte, cep)),
      )
      .orderBy(sql`(${faixasCep.cepAte}::bigint - ${faixasCep.cepDe}::bigint)`, asc(faixasCep.cepDe))
      .limit(1);
    if (f) {
      uf = f.uf;
      ibge = f.ibge;
    } else {
      const [c] = await db
        .select({ uf: faixasCepUf.uf })
        .from(faixasCepUf)
        .where(and(lte(faixasCepUf.cepInicio, cep), gte(faixasCepUf.cepFim, cep)))
        .limit(1);
      if (!c) throw AppError.field(`${campo}.cep`, `CEP ${cep} não pertence a nenhuma faixa de CEP conhecida`);
      uf = c.uf;
    }
  }
  if (!uf) throw AppError.field(campo, 'Informe o CEP ou o código IBGE do município');
  const rs = await db
    .selectDistinct({ uid: regiaoLocais.regiaoUid })
    .from(regiaoLocais)
    .innerJoin(regioes, eq(regioes.uid, regiaoLocais.regiaoUid))
    .where(
      and(
        eq(regioes.embarcadorUid, embarcadorUid),
        eq(regioes.ativo, true),
        sql`((${regiaoLocais.tipo} = 'UF' and ${regiaoLocais.uf} = ${uf})
          or (${regiaoLocais.tipo} = 'MUNICIPIO' and ${regiaoLocais.ibge} = ${ibge})
          or (${regiaoLocais.tipo} = 'FAIXA_CEP' and ${cep}::varchar between ${regiaoLocais.cepDe} and ${regiaoLocais.cepAte}))`,
      ),
    );
  return { uf, ibge, cep, regioes: rs.map((r) => r.uid).sort() };
}
