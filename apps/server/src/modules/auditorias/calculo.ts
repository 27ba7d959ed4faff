import { and, asc, eq, gte, isNull, lte, or } from 'drizzle-orm';
import { type CalculoEsperado, calcularFrete, esperadoDoMotor, type SemCalculo } from '@fretio/core';
import { tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { montarTabelas } from '../calculadora/service.ts';
import { paraLocal, resolverLocal } from '../calculadora/locais.ts';
import { aliquotaIcms } from '../configuracoes/service.ts';
import { hojeSaoPaulo } from '../feriados/service.ts';
import type { CteCarregado } from './cte.ts';

// The expected value of a CT-e from the carrier's rate table valid on the CT-e's emission date (São Paulo
// day): origin/destination from the CT-e's municipalities, weight = the larger of the CT-e's cargo weight
// and the NF-es' gross weight, goods value = sum of the linked NF-es (the CT-e's vCarga while none is
// imported), volumes and documents from the NF-es.

const brData = (iso: string) => iso.split('-').reverse().join('/');
const maior = (a: string | null, b: string | null) => Math.max(Number(a ?? 0), Number(b ?? 0));

export async function calculoPelaTabela(db: DbOrTx, embarcadorUid: string, c: CteCarregado, simples: boolean): Promise<CalculoEsperado | SemCalculo> {
  if (!c.transportadorUid)
    return { calculado: false, motivo: `O emitente do CT-e (CNPJ ${c.cte.emitente.documento ?? '—'}) não é um transportador cadastrado.` };
  const data = hojeSaoPaulo(new Date(c.cte.emissao));
  const tabelas = await db.select().from(tabelasFrete).where(and(
    eq(tabelasFrete.embarcadorUid, embarcadorUid), eq(tabelasFrete.transportadorUid, c.transportadorUid), eq(tabelasFrete.status, 1),
    lte(tabelasFrete.vigenciaInicio, data), or(isNull(tabelasFrete.vigenciaFim), gte(tabelasFrete.vigenciaFim, data)),
  )).orderBy(asc(tabelasFrete.prioridade), asc(tabelasFrete.nome));
  if (!tabelas.length) return { calculado: false, motivo: `Nenhuma tabela de frete ativa do transportador vigente em ${brData(data)}.` };
  if (!c.cte.origem.municipioIbge || !c.cte.destino.municipioIbge)
    return { calculado: false, motivo: 'O CT-e não informa o município de origem ou de destino.' };
  let origem: Awaited<ReturnType<typeof resolverLocal>>;
  let destino: typeof origem;
  try {
    origem = await resolverLocal(db, embarcadorUid, { municipioIbge: c.cte.origem.municipioIbge }, 'origem');
    destino = await resolverLocal(db, embarcadorUid, { municipioIbge: c.cte.destino.municipioIbge }, 'destino');
  } catch (e) {
    if (e instanceof AppError) return { calculado: false, motivo: e.message };
    throw e;
  }
  const pesoKg = maior(c.cte.pesoCarga as string | null, c.pesoNfes);
  const valorMercadoria = Number(c.valorNfes ?? c.cte.valorCarga ?? 0);
  const aliquota = simples ? 0 : await aliquotaIcms(db, embarcadorUid, origem.uf, destino.uf, data);
  const montadas = await montarTabelas(db, embarcadorUid, tabelas);
  const carga = {
    origem: paraLocal(origem), destino: paraLocal(destino), data, pesoKg, valorMercadoria,
    volumes: c.volumesNfes === null ? undefined : Number(c.volumesNfes),
    documentos: c.quantidadeNfes || undefined,
    remetente: c.cte.remetente?.documento ?? undefined,
    destinatario: c.cte.destinatario?.documento ?? undefined,
  };
  const motivos: string[] = [];
  // Several tables of the carrier may be valid: the best priority wins, then the lowest total (the
  // calculator's ranking), so the audit expects what the shipper would have been quoted.
  let melhor: { t: (typeof tabelas)[number]; r: Extract<ReturnType<typeof calcularFrete>, { cotado: true }> } | null = null;
  for (const t of tabelas) {
    const m = montadas.get(t.uid);
    if (!m) continue;
    if (m.erros.length) { motivos.push(`tabela "${t.nome}" com erro de cadastro: ${m.erros[0]!.message}`); continue; }
    const r = calcularFrete(m.tabela, carga, { aliquotaIcms: aliquota, feriados: [] });
    if (!r.cotado) { motivos.push(`tabela "${t.nome}": ${r.motivo}`); continue; }
    if (!melhor || t.prioridade < melhor.t.prioridade || (t.prioridade === melhor.t.prioridade && r.total < melhor.r.total)) melhor = { t, r };
  }
  if (melhor) {
    const { t, r } = melhor;
    return esperadoDoMotor(r, 'TABELA', {
      descricao: `tabela "${t.nome}" vigente em ${brData(data)}, ${origem.uf} → ${destino.uf}, ${pesoKg} kg, mercadoria R$ ${valorMercadoria.toFixed(2).replace('.', ',')}`,
      referenciaUid: t.uid, pesoKg, valorMercadoria,
    });
  }
  return { calculado: false, motivo: `Nenhuma tabela vigente cota este CT-e (${motivos.join('; ')}).` };
}
