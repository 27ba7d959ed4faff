import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { cteComponentes, cteNfes, ctes, transportadores } from '../../src/db/schema/index.ts';
import type { TestApp } from './db.ts';
import type { Api } from './http.ts';

// A CT-e as the audit tests build it: São Paulo → Rio de Janeiro, 100 kg, R$ 1.000,00 of goods, issued today by
// the carrier, printing the given components (its total and ICMS follow from them).

export type CteDoTeste = typeof ctes.$inferSelect;
type Base = { embarcadorUid: string; transportadorUid: string; aliquotaIcms: number; hoje: string };
/** A linked note: its access key, and the NF-e record when the test made one. */
type NotaDoCte = string | { chave: string; nfeUid: string };

/** `inserir(componentes, colunas, notas)` numbering the CT-es from `primeiro`; `base` is read at each call (set in beforeAll). */
export function inseridorDeCtes(t: () => TestApp, base: () => Base, primeiro: number) {
  let seq = primeiro;
  return async function inserirCte(componentes: { nome: string; valor: number }[], p: Partial<typeof ctes.$inferInsert> = {}, notas: NotaDoCte[] = [`NFE${randomUUID().slice(0, 8)}`]): Promise<CteDoTeste> {
    const { embarcadorUid, transportadorUid, aliquotaIcms: aliq, hoje } = base();
    const db = t().db;
    const total = Math.round(componentes.reduce((a, c) => a + c.valor * 100, 0)) / 100;
    const n = seq++;
    const [c] = await db.insert(ctes).values({
      embarcadorUid, chave: `3526046074694800011257001${String(n).padStart(9, '0')}1${String(n).padStart(8, '0')}`.slice(0, 44), numero: n, serie: 1,
      emissao: `${hoje}T15:00:00.000Z`, emissaoTexto: `${hoje}T12:00:00-03:00`, tipoCte: 0, origemUf: 'SP', destinoUf: 'RJ',
      origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', valorPrestacao: total.toFixed(2), valorReceber: total.toFixed(2),
      icmsCst: '00', icmsBase: total.toFixed(2), icmsAliquota: String(aliq), icmsValor: (Math.round(total * aliq) / 100).toFixed(2),
      pesoCarga: '100', valorCarga: '1000', transportadorUid, emitenteDocumento: '60746948000112', quantidadeNfes: notas.length, ...p,
    }).returning();
    await db.insert(cteComponentes).values(componentes.map((x, i) => ({ cteUid: c!.uid, ordem: i, nome: x.nome, valor: x.valor.toFixed(2) })));
    await db.insert(cteNfes).values(notas.map((nota, i) => ({ cteUid: c!.uid, embarcadorUid, ordem: i, ...(typeof nota === 'string' ? { chave: nota } : nota) })));
    return c!;
  };
}

/** The engine's price of the tests' CT-e (SP → RJ, 100 kg, R$ 1.000,00) on Rápido Sul's demo table. */
export type CotacaoDoTeste = { componentes: { componente: string; valor: number }[]; valorSemIcms: number; total: number; aliquotaIcms: number; ajusteMinimo: number; rotaUid: string; icms: number };

/**
 * What every audit test starts from: the demo shipper, Rápido Sul with each catalogue component mapped from the
 * CT-e name `CT <código>`, and the calculator's price of the tests' CT-e (what a correct CT-e charges).
 */
export async function cenarioDeAuditoria(t: TestApp, admin: Api): Promise<{ embarcadorUid: string; rapido: string; cotacao: CotacaoDoTeste }> {
  const embarcadorUid = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid as string;
  const rapido = (await t.db.select().from(transportadores).where(eq(transportadores.nomeFantasia, 'Rápido Sul')))[0]!.uid;
  const calc = await admin.post('/api/v1/calculadora/calcular', {
    origem: { municipioIbge: '3550308' }, destino: { municipioIbge: '3304557' }, pesoKg: 100, valorMercadoria: 1000, documentos: 1, transportadorUids: [rapido],
  });
  expect(calc.status, calc.text).toBe(200);
  const cotacao = calc.body.data.cotacoes[0] as CotacaoDoTeste;
  expect(cotacao).toBeTruthy();
  const catalogo = (await admin.get('/api/v1/componentes/ativos')).body.data as { uid: string; codigo: string }[];
  for (const c of catalogo) await admin.post(`/api/v1/transportadores/${rapido}/mapasComponente`, { nome: `CT ${c.codigo}`, componenteUid: c.uid });
  return { embarcadorUid, rapido, cotacao };
}
