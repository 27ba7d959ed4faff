import { eq, sql } from 'drizzle-orm';
import { cotacoesFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { AppError } from '../../lib/errors.ts';
import { partesDaCotacao } from '../calculadora/documentos-carga.ts';
import { calcular } from '../calculadora/service.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';

// The engine's price for the quotation's cargo from each invited carrier's own tables (the cheapest
// valid table of that carrier), to compare with the spot answers. The load as the calculator takes it:
// priced as of the desired collection date (else the day the quotation was created), with its sender and
// recipient (the quotation's own, else those of its NF-es) and its products (product lines and NF-e items)
// for the tables' restrictions, so the engine price is the calculator's for the same load. No price when the quotation's
// places or cargo do not allow a calculation, or the carrier has no table that covers the route.

export async function precoDoMotor(db: DbOrTx, ctx: RequestContext, cotacaoUid: string, transportadorUids: string[]) {
  const out = new Map<string, { total: number; tabelaNome: string }>();
  if (!transportadorUids.length) return out;
  const [c] = await db
    .select({
      c: cotacoesFrete,
      peso: sql<string>`coalesce((select sum(peso_kg) from carga_nfes where cotacao_uid = ${cotacaoUid}), (select sum(peso_kg) from carga_produtos where cotacao_uid = ${cotacaoUid}), 0)`,
      m3: sql<string | null>`coalesce((select sum(volume_m_3) from carga_nfes where cotacao_uid = ${cotacaoUid}), (select sum(volume_m_3) from carga_produtos where cotacao_uid = ${cotacaoUid}))`,
      valor: sql<string>`coalesce((select sum(valor) from carga_nfes where cotacao_uid = ${cotacaoUid}), (select sum(valor) from carga_produtos where cotacao_uid = ${cotacaoUid}), 0)`,
      volumes: sql<number>`coalesce((select sum(volumes) from carga_nfes where cotacao_uid = ${cotacaoUid}), 0)::int`.mapWith(Number),
      nfes: sql<number>`(select count(*)::int from carga_nfes where cotacao_uid = ${cotacaoUid})`.mapWith(Number),
    })
    .from(cotacoesFrete)
    .where(eq(cotacoesFrete.uid, cotacaoUid));
  if (!c) return out;
  const local = (cep: string | null, ibge: string | null) => (cep || ibge ? { cep: ibge ? null : cep, municipioIbge: ibge, uf: null } : null);
  const origem = local(c.c.origemCep, c.c.origemMunicipioIbge);
  const destino = local(c.c.destinoCep, c.c.destinoMunicipioIbge);
  if (!origem || !destino) return out;
  const doc = await partesDaCotacao(db, cotacaoUid);
  try {
    const r = await calcular(db, ctx, {
      origem,
      destino,
      pesoKg: Number(c.peso),
      m3: c.m3 === null ? undefined : Number(c.m3),
      valorMercadoria: Number(c.valor),
      volumes: c.volumes || undefined,
      documentos: Math.max(1, c.nfes),
      transportadorUids,
      tipoVeiculoUid: c.c.tipoVeiculoUid ?? undefined,
      data: c.c.dataColetaDesejada ?? hojeSaoPaulo(new Date(c.c.criadoEm)),
      remetente: c.c.remetenteUid ?? doc.remetente,
      destinatario: c.c.destinatarioUid ?? doc.destinatario,
      produtos: doc.produtos,
    }, { ncms: doc.ncms, produtosDesconhecidos: 'ignorar' });
    for (const q of r.cotacoes) {
      const atual = out.get(q.transportadorUid);
      if (!atual || q.total < atual.total) out.set(q.transportadorUid, { total: q.total, tabelaNome: q.tabelaNome });
    }
  } catch (e) {
    if (!(e instanceof AppError)) throw e;
    // A place the engine cannot resolve (e.g. an unknown CEP) leaves the comparison without engine prices.
  }
  return out;
}
