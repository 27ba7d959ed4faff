import Decimal from 'decimal.js';
import { sql } from 'drizzle-orm';
import { ACAO_OCORRENCIA, type CalculoEsperado, formatarData, formatarDinheiro, type SemCalculo, type TaxaEspecial, TIPO_COBRANCA_OCORRENCIA } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import { rowsOf } from '../../framework/sql.ts';

// Extra charges of delivery occurrences (beyond the special taxes typed on one audit): an event on one of
// the CT-e's NF-es whose kind is 'Cobrança adicional' (ACAO_OCORRENCIA.COBRANCA_ADICIONAL) with a charge —
// a percentage of the freight (of the expected total of the calculation) or a fixed value — is expected on
// the carrier's CT-e of that NF-e: on the latest normal/substitute one (a re-delivery CT-e issued after the
// event takes it, not every CT-e of the note), and only when the event is the carrier's (or has no carrier).
// Each one is a special tax of the comparison (packages/core) under the component it is billed as.

type Linha = Record<string, unknown>;

/** The catalogue component a charge is billed under, by the kind's description: devolução, estadia/diária, else reentrega. */
export function componenteDaCobranca(descricao: string): string {
  const d = descricao.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
  if (/devolu|retorno/.test(d)) return 'DEVOLUCAO';
  if (/estadia|diaria|permanencia|espera/.test(d)) return 'ESTADIA';
  return 'REENTREGA';
}

/** The 'Cobrança adicional' events expected on each of `cteUids` (one read for any number of CT-es), by CT-e. */
export async function ocorrenciasDosCtes(db: DbOrTx, embarcadorUid: string, cteUids: string[]): Promise<Map<string, Linha[]>> {
  const out = new Map<string, Linha[]>(cteUids.map((u) => [u, []]));
  if (!cteUids.length) return out;
  const rows = rowsOf(await db.execute(sql`
    select c.uid as cte_uid, e.data_hora as "dataHora", o.codigo, o.descricao, o.tipo_cobranca as tipo, o.valor_cobranca::text as valor, e.numero_nf as nf
      from ctes c
      join cte_nfes cn on cn.cte_uid = c.uid and cn.nfe_uid is not null
      join eventos_ocorrencia e on e.embarcador_uid = c.embarcador_uid and e.nfe_uid = cn.nfe_uid
      join ocorrencias o on o.uid = e.ocorrencia_uid and o.acao = ${ACAO_OCORRENCIA.COBRANCA_ADICIONAL}
                        and o.valor_cobranca is not null and o.tipo_cobranca in (${TIPO_COBRANCA_OCORRENCIA.PERCENTUAL}, ${TIPO_COBRANCA_OCORRENCIA.VALOR})
     where c.uid in (${sql.join(cteUids.map((u) => sql`${u}`), sql`, `)}) and c.embarcador_uid = ${embarcadorUid}
       and (e.transportador_uid is null or e.transportador_uid = c.transportador_uid)
       and not exists (select 1 from cte_nfes n2 join ctes c2 on c2.uid = n2.cte_uid
                        where n2.nfe_uid = cn.nfe_uid and c2.uid <> c.uid and c2.transportador_uid = c.transportador_uid
                          and not c2.cancelado and c2.status <> 5 and coalesce(c2.tipo_cte, 0) in (0, 3)
                          and (c2.emissao, c2.uid) > (c.emissao, c.uid))
     order by c.uid, e.data_hora, o.codigo, e.uid`));
  for (const r of rows) out.get(String(r.cte_uid))?.push(r);
  return out;
}

export async function cobrancasDeOcorrencias(db: DbOrTx, embarcadorUid: string, cteUid: string, calculo: CalculoEsperado | SemCalculo): Promise<TaxaEspecial[]> {
  // Seeded for the whole batch by the re-audit (lote.ts).
  const rows = await memoLote(db, `ocorrencias|${cteUid}`, async () => (await ocorrenciasDosCtes(db, embarcadorUid, [cteUid])).get(cteUid)!);
  const taxas: TaxaEspecial[] = [];
  for (const r of rows) {
    const quando = formatarData(r.dataHora instanceof Date ? r.dataHora : String(r.dataHora));
    const nome = `Ocorrência ${r.codigo} (${r.descricao}) em ${quando}, NF ${r.nf}`;
    const componente = componenteDaCobranca(String(r.descricao));
    if (r.tipo === TIPO_COBRANCA_OCORRENCIA.VALOR) {
      taxas.push({ descricao: `${nome}: R$ ${formatarDinheiro(new Decimal(String(r.valor)).toFixed(2))}`, valor: new Decimal(String(r.valor)).toFixed(2), componente });
    } else if (calculo.calculado) {
      // percentage of the expected freight, to the centavo (half up)
      const pct = new Decimal(String(r.valor));
      const v = new Decimal(String(calculo.total)).times(pct).div(100).toDecimalPlaces(2, Decimal.ROUND_HALF_UP);
      taxas.push({ descricao: `${nome}: ${pct.toString().replace('.', ',')} % do frete`, valor: v.toFixed(2), componente });
    }
  }
  return taxas;
}
