import { and, eq, inArray } from 'drizzle-orm';
import { lerDocumentoFiscal } from '@fretio/core/fiscal';
import { cteXml } from '@fretio/core/fiscal/fixtures';
import type { CteLida } from '@fretio/core/fiscal';
import { vencimentos } from '../../modules/faturamento/condicoes.ts';
import { salvarCte } from '../../modules/ctes/service.ts';
import { emitir } from '../../modules/rpa/resource.ts';
import { calcularRpaServidor } from '../../modules/rpa/service.ts';
import { TABELAS_RPA } from '@fretio/core';
import { auditorias, condicoesPagamento, contaCorrenteTransportador, ctes, faturaCtes, faturas, preFaturas, rpas, tabelasFrete, tabelasRpa, unidadesTransportador } from '../schema/index.ts';
import { atualizarTotaisPreFatura } from '../../modules/auditorias/repository.ts';
import type { ModuleSeed } from './demo.ts';

// Demo settlement: three more CT-es of Rápido Sul (R$ 150,00 each) audited — two approved, one accepted
// with R$ 12,50 on the carrier's running balance —, two payment conditions, and one validated invoice
// (CT-e 502). CT-es 503 and 504 stay available, so "Nova fatura" shows them with the balance suggested.
export const seedFaturamento: ModuleSeed = async (tx, ids) => {
  const embarcadorUid = ids.embarcadores.demo;
  const quem = { embarcadorUid, usuarioUid: ids.usuarios.admin };
  // The CT-es are priced by the agreement "Rápido Sul - Acordo janeiro/2025" (seed tabelas): 150 kg → 150,00;
  // 504 carries 95 kg (toll 17,50, total 137,50) and charges the 150 kg toll: the 12,50 accepted below.
  for (const numero of [502, 503, 504]) {
    const { chave, xml } = cteXml({ emitente: '60746948000112', numero, ...(numero === 504 ? { infQ: [['01', 'PESO BRUTO', '95.0000']] as [string, string, string][] } : {}) });
    await salvarCte(tx, quem, { lida: lerDocumentoFiscal(xml) as CteLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  }
  const doc = await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.numero, [502, 503, 504]))).orderBy(ctes.numero);
  // The audits name the table their expected value comes from (the detail links it).
  const [tabela] = await tx.select({ uid: tabelasFrete.uid }).from(tabelasFrete)
    .where(and(eq(tabelasFrete.embarcadorUid, embarcadorUid), eq(tabelasFrete.transportadorUid, ids.transportadores.rapido), eq(tabelasFrete.nome, 'Rápido Sul - Acordo janeiro/2025'))).limit(1);
  const aud = await tx.insert(auditorias).values(doc.map((c, i) => ({ referenciaUid: tabela?.uid ?? null,
    embarcadorUid, cteUid: c.uid, chaveCte: c.chave, numeroCte: c.numero, serieCte: c.serie, emissao: c.emissao, transportadorUid: c.transportadorUid,
    unidadeTransportadorUid: c.unidadeTransportadorUid, status: i === 2 ? 4 : 1, resultadoCalculo: i === 2 ? 2 : 1, fonte: 'TABELA',
    valorCobrado: '150.00', valorEsperado: i === 2 ? '137.50' : '150.00', diferenca: i === 2 ? '12.50' : '0.00',
    resumo: i === 2 ? 'Divergente: pedágio cobrado em duplicidade (aceita)' : 'Aprovada: dentro da tolerância',
    mensagem: i === 2 ? 'Pedágio em duplicidade; abatimento acordado na próxima fatura.' : null,
  }))).returning();
  await tx.insert(contaCorrenteTransportador).values({
    embarcadorUid, transportadorUid: ids.transportadores.rapido, valor: '12.50', documentoTipo: 'AUDITORIA', documentoUid: aud[2]!.uid, usuarioUid: ids.usuarios.admin,
    historico: 'Divergência aceita no CT-e 504/1: Pedágio em duplicidade; abatimento acordado na próxima fatura.',
  });
  const [trinta] = await tx.insert(condicoesPagamento).values([
    { embarcadorUid, nome: '30 dias', parcelas: [30] },
    { embarcadorUid, nome: '28/42 dias', parcelas: [28, 42] },
  ]).returning();
  const [f] = await tx.insert(faturas).values({
    embarcadorUid, transportadorUid: ids.transportadores.rapido, unidadeTransportadorUid: doc[0]!.unidadeTransportadorUid, condicaoPagamentoUid: trinta!.uid,
    numero: 'RS-2025-001', emissao: '2025-01-20', vencimento: vencimentos([30], '2025-01-20')[0]!, valor: '150.00', status: 2, validadaEm: '2025-01-21T12:00:00.000Z',
  }).returning();
  await tx.insert(faturaCtes).values({ faturaUid: f!.uid, embarcadorUid, cteUid: doc[0]!.uid, auditoriaUid: aud[0]!.uid, valor: '150.00' });
  await tx.update(ctes).set({ faturaUid: f!.uid }).where(eq(ctes.uid, doc[0]!.uid));

  // Pre-invoices (never with 503/504, kept for the "Nova fatura" journey): CT-es 511 and 512 of Rápido Sul,
  // approved, in a manual pre-invoice released on 25/01/2025 (R$ 300,00 — the carrier's user sees it in
  // "Pré-faturas recebidas"); CT-e 513 approved and free, to build one by hand on the Pré-faturas screen.
  for (const numero of [511, 512, 513]) {
    const { chave, xml } = cteXml({ emitente: '60746948000112', numero });
    await salvarCte(tx, quem, { lida: lerDocumentoFiscal(xml) as CteLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  }
  const maisCtes = await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.numero, [511, 512, 513]))).orderBy(ctes.numero);
  const [pre] = await tx.insert(preFaturas).values({
    embarcadorUid, transportadorUid: ids.transportadores.rapido, status: 2, liberadaEm: '2025-01-25T14:00:00.000Z', criadoEm: '2025-01-24T18:00:00.000Z',
    observacao: 'CT-es da segunda quinzena de janeiro.',
  }).returning();
  await tx.insert(auditorias).values(maisCtes.map((c) => ({ referenciaUid: tabela?.uid ?? null,
    embarcadorUid, cteUid: c.uid, chaveCte: c.chave, numeroCte: c.numero, serieCte: c.serie, emissao: c.emissao, transportadorUid: c.transportadorUid,
    unidadeTransportadorUid: c.unidadeTransportadorUid, status: 1, resultadoCalculo: 1, fonte: 'TABELA', valorCobrado: '150.00', valorEsperado: '150.00',
    diferenca: '0.00', resumo: 'Aprovada: dentro da tolerância', preFaturaUid: c.numero === 513 ? null : pre!.uid,
  })));
  await atualizarTotaisPreFatura(tx, pre!.uid);

  // The shipper's RPA table for 2026 (the legal values, to be edited on the "Tabelas do RPA" screen; up to
  // 31/12/2026, so a later version can be added). Other dates use the built-in legal tables.
  const t2026 = TABELAS_RPA.find((t) => t.vigenciaInicio === '2026-01-01')!;
  await tx.insert(tabelasRpa).values({
    embarcadorUid, vigenciaInicio: '2026-01-01', vigenciaFim: '2026-12-31', tetoInss: String(t2026.tetoInss), percentualBaseInss: String(t2026.percentualBaseInss),
    aliquotaInss: String(t2026.aliquotaInss), aliquotaSest: String(t2026.aliquotaSest), aliquotaSenat: String(t2026.aliquotaSenat),
    aliquotaInssPatronal: String(t2026.aliquotaInssPatronal), percentualBaseIrrf: String(t2026.percentualBaseIrrf), deducaoDependente: String(t2026.deducaoDependente),
    faixasIrrf: t2026.faixasIrrf, reducaoIrrf: t2026.reducaoIrrf, fonte: t2026.fonte,
  });

  // Two RPAs of the independent driver in March 2025: the first (12.000,00) issued with its titles, the second
  // (3.500,00) only calculated — its INSS base is what is left of the month's ceiling after the first.
  const [autonomo] = await tx.select({ uid: unidadesTransportador.uid, nome: unidadesTransportador.nome }).from(unidadesTransportador)
    .where(and(eq(unidadesTransportador.transportadorUid, ids.transportadores.autonomo), eq(unidadesTransportador.indicaAutonomo, true)));
  if (autonomo) {
    for (const [data, valorFrete, descricao, emitido] of [
      ['2025-03-14', '12000.00', 'Frete São Paulo → Curitiba (carga fechada)', true],
      ['2025-03-28', '3500.00', 'Frete São Paulo → Campinas', false],
    ] as const) {
      const calculo = await calcularRpaServidor(tx, embarcadorUid, { unidadeTransportadorUid: autonomo.uid, data, valorFrete, dependentes: 1, aliquotaIss: null });
      const [r] = await tx.insert(rpas).values({
        embarcadorUid, unidadeTransportadorUid: autonomo.uid, data, valorFrete, dependentes: 1, descricao, calculo,
        baseInssLimitada: String(calculo.baseInssLimitada), valorLiquido: String(calculo.valorLiquido), status: emitido ? 2 : 1, emitidoEm: emitido ? `${data}T15:00:00.000Z` : null,
      }).returning();
      if (emitido) await emitir(tx as never, { ...r!, unidadeNome: autonomo.nome });
    }
  }
};
