import { sql } from 'drizzle-orm';
import type { DbOrTx } from '../../framework/resource.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import { rowsOf } from '../../framework/sql.ts';

// The agreed-price rows of CT-es (calculo.ts calculoAcordado reads them): per NF-e of each CT-e, in the
// CT-e's order, the latest approved spot answer of the CT-e's carrier and the latest order whose selected
// simulation names it. ONE statement for any number of CT-es: the one-CT-e audit asks for one, the
// re-audit batch (lote.ts) for its 250 at once, so both read exactly the same rows.

type Linha = Record<string, unknown>;

export type AlvoAcordado = { uid: string; transportadorUid: string };

/** cteUid → its rows (CT-es without NF-es are absent). */
export async function lerAcordados(db: DbOrTx, embarcadorUid: string, alvos: AlvoAcordado[]): Promise<Map<string, Linha[]>> {
  const out = new Map<string, Linha[]>();
  if (!alvos.length) return out;
  const valores = sql.join(alvos.map((a) => sql`(${a.uid}::uuid, ${a.transportadorUid}::uuid)`), sql`, `);
  const linhas = rowsOf(await db.execute(sql`
    with alvo(cte_uid, transportador_uid) as (values ${valores}),
    notas as (
      select n.cte_uid, a.transportador_uid, n.ordem, n.chave,
             coalesce(n.nfe_uid, (select f.uid from nfes f where f.embarcador_uid = ${embarcadorUid} and f.chave = n.chave limit 1)) as nfe_uid
        from cte_nfes n join alvo a on a.cte_uid = n.cte_uid)
    select x.cte_uid, x.chave,
           spot.frete_esperado as spot_valor, spot.cotacao_uid, spot.cotacao_numero, spot.embarque_uid, spot.embarque_numero,
           ped.frete_esperado as pedido_valor, ped.pedido_uid, ped.pedido_numero, ped.calculo
      from notas x
      left join lateral (
        select cn.frete_esperado, cf.uid as cotacao_uid, cf.numero as cotacao_numero, emb.uid as embarque_uid, emb.numero as embarque_numero
          from carga_nfes cn join cotacoes_frete cf on cf.uid = cn.cotacao_uid
          left join lateral (select e.uid, e.numero from embarques e
                              where e.embarcador_uid = ${embarcadorUid} and e.cotacao_uid = cf.uid order by e.criado_em desc limit 1) emb on true
         where cf.embarcador_uid = ${embarcadorUid} and cf.status = 4 and cf.vencedor_transportador_uid = x.transportador_uid
           and cn.frete_esperado is not null and (cn.chave = x.chave or cn.nfe_uid = x.nfe_uid)
         order by cf.aprovado_em desc nulls last limit 1) spot on true
      left join lateral (
        select p.frete_esperado, p.uid as pedido_uid, p.numero as pedido_numero, s.calculo
          from pedidos p left join pedido_simulacoes s on s.uid = p.simulacao_frete_uid
         where p.embarcador_uid = ${embarcadorUid} and p.nfe_uid = x.nfe_uid and p.transportador_uid = x.transportador_uid
           and p.simulacao_frete_uid is not null and p.frete_esperado is not null
         order by p.atualizado_em desc limit 1) ped on true
     order by x.cte_uid, x.ordem`));
  for (const l of linhas) {
    const u = String(l.cte_uid);
    (out.get(u) ?? out.set(u, []).get(u)!).push(l);
  }
  return out;
}

/** The rows of one CT-e (seeded by the re-audit batch when it runs in one). */
export function linhasAcordadas(db: DbOrTx, embarcadorUid: string, c: AlvoAcordado): Promise<Linha[]> {
  return memoLote(db, `acordado|${c.uid}`, async () => (await lerAcordados(db, embarcadorUid, [c])).get(c.uid) ?? []);
}
