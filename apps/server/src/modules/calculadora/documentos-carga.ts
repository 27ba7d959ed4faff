import { sql } from 'drizzle-orm';
import { documentoValido } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { rowsOf } from '../../framework/sql.ts';

// What a simulation's documents say about the load for the table restrictions (by sender, recipient,
// product, NCM): the shipment's NF-e lines (the imported NF-e's parties and items) and product lines, or an
// order's linked NF-e. A party counts only when every document names the same one (a load for two
// recipients matches no single-recipient restriction); product codes not in the register are ignored.

export type PartesEProdutos = { remetente?: string; destinatario?: string; produtos: string[]; ncms: string[] };

type Linha = Record<string, unknown>;

const unico = (vs: unknown[]): string | undefined => {
  const d = [...new Set(vs.filter((v): v is string => typeof v === 'string' && v.length > 0))];
  return d.length === 1 && documentoValido(d[0]) ? d[0] : undefined;
};

/** The parties and products of some documents' rows ('P': remetente/destinatário; 'I': item code/NCM). */
function resumir(r: Linha[]): PartesEProdutos {
  const partes = r.filter((x) => x.k === 'P');
  const itens = r.filter((x) => x.k === 'I');
  const semVazios = (k: 'a' | 'b') => [...new Set(itens.map((x) => x[k]).filter((v): v is string => typeof v === 'string' && !!v))];
  return {
    remetente: partes.length ? unico(partes.map((x) => x.a)) : undefined,
    destinatario: partes.length && partes.every((x) => x.b) ? unico(partes.map((x) => x.b)) : undefined,
    produtos: semVazios('a'),
    ncms: semVazios('b'),
  };
}

async function dasNotas(db: DbOrTx, notas: ReturnType<typeof sql>, linhasProduto: ReturnType<typeof sql> | null): Promise<PartesEProdutos> {
  return resumir(rowsOf(
    await db.execute(sql`
      with n as (${notas})
      select 'P' as k, n.remetente as a, n.destinatario as b from n
      union all
      select 'I', i.codigo, i.ncm from n join nfe_itens i on i.nfe_uid = n.nfe_uid
      ${linhasProduto ? sql`union all select 'I', p.codigo, p.ncm from (${linhasProduto}) x join produtos p on p.uid = x.produto_uid` : sql``}`),
  ));
}

/** The shipment's NF-e lines (typed ones give the issuer only) and product lines. */
export function partesDoEmbarque(db: DbOrTx, embarqueUid: string) {
  return dasNotas(
    db,
    sql`select cn.nfe_uid, coalesce(f.emitente_documento, cn.emitente_cnpj) as remetente, f.destinatario_documento as destinatario
          from carga_nfes cn left join nfes f on f.uid = cn.nfe_uid where cn.embarque_uid = ${embarqueUid}`,
    sql`select produto_uid from carga_produtos where embarque_uid = ${embarqueUid} and produto_uid is not null`,
  );
}

/** An order's linked NF-e (its parties and items); the order's customer is the recipient when set. */
export async function partesDoPedido(db: DbOrTx, nfeUid: string | null): Promise<PartesEProdutos> {
  if (!nfeUid) return { produtos: [], ncms: [] };
  return dasNotas(
    db,
    sql`select f.uid as nfe_uid, f.emitente_documento as remetente, f.destinatario_documento as destinatario from nfes f where f.uid = ${nfeUid}`,
    null,
  );
}

/**
 * The imported NF-es (their parties and items) of many CT-es in one read, for the audit's engine call
 * (the re-audit batch asks for its 250 CT-es, the one-CT-e audit for one: the same rows either way).
 */
export async function partesDosCtes(db: DbOrTx, cteUids: string[]): Promise<Map<string, PartesEProdutos>> {
  const porCte = new Map<string, Linha[]>(cteUids.map((u) => [u, []]));
  if (!cteUids.length) return new Map();
  const r = rowsOf(await db.execute(sql`
    with n as (select n.cte_uid, f.uid as nfe_uid, f.emitente_documento as remetente, f.destinatario_documento as destinatario
                 from cte_nfes n join nfes f on f.uid = n.nfe_uid where n.cte_uid in (${sql.join(cteUids.map((u) => sql`${u}`), sql`, `)}))
    select n.cte_uid as dono, 'P' as k, n.remetente as a, n.destinatario as b from n
    union all
    select n.cte_uid, 'I', i.codigo, i.ncm from n join nfe_itens i on i.nfe_uid = n.nfe_uid
    order by 1, 2, 3, 4`));
  for (const l of r) porCte.get(String(l.dono))?.push(l);
  return new Map([...porCte].map(([u, l]) => [u, resumir(l)]));
}

/** A CT-e's imported NF-es (their parties and items), for the audit's engine call. */
export async function partesDoCte(db: DbOrTx, cteUid: string) {
  return (await partesDosCtes(db, [cteUid])).get(cteUid)!;
}

/**
 * The m³ of CT-es' NF-es (the NF-e itself has no volume field): per note, the m³ typed on its latest
 * shipment/quotation line, else its items' quantity × the register's m³ per unit (codes without case);
 * notes with neither add nothing. A CT-e is absent when no note gives a volume. One read for many CT-es.
 */
export async function m3DosCtes(db: DbOrTx, embarcadorUid: string, cteUids: string[]): Promise<Map<string, number>> {
  const out = new Map<string, number>();
  if (!cteUids.length) return out;
  const rows = rowsOf(
    await db.execute(sql`
      select n.cte_uid, sum(coalesce(
               (select cn.volume_m_3 from carga_nfes cn where cn.nfe_uid = n.nfe_uid and cn.volume_m_3 is not null order by cn.criado_em desc limit 1),
               (select sum(i.quantidade * p.m3) from nfe_itens i
                  join produtos p on p.embarcador_uid = ${embarcadorUid} and upper(p.codigo) = upper(i.codigo)
                 where i.nfe_uid = n.nfe_uid and p.m3 is not null))) as m3
        from cte_nfes n where n.cte_uid in (${sql.join(cteUids.map((u) => sql`${u}`), sql`, `)}) and n.nfe_uid is not null
       group by n.cte_uid`),
  );
  for (const r of rows) if (r.m3 !== null && r.m3 !== undefined) out.set(String(r.cte_uid), Number(Number(r.m3).toFixed(6)));
  return out;
}

/** The m³ of one CT-e's NF-es (m3DosCtes); undefined when no note gives a volume. */
export async function m3DoCte(db: DbOrTx, embarcadorUid: string, cteUid: string): Promise<number | undefined> {
  return (await m3DosCtes(db, embarcadorUid, [cteUid])).get(cteUid);
}

/** A quotation's NF-e lines (the imported NF-e's parties and items; typed ones give the issuer only) and product lines. */
export function partesDaCotacao(db: DbOrTx, cotacaoUid: string) {
  return dasNotas(
    db,
    sql`select cn.nfe_uid, coalesce(f.emitente_documento, cn.emitente_cnpj) as remetente, f.destinatario_documento as destinatario
          from carga_nfes cn left join nfes f on f.uid = cn.nfe_uid where cn.cotacao_uid = ${cotacaoUid}`,
    sql`select produto_uid from carga_produtos where cotacao_uid = ${cotacaoUid} and produto_uid is not null`,
  );
}
