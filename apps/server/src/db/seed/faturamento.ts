import { and, eq, inArray } from 'drizzle-orm';
import { lerDocumentoFiscal } from '@fretio/core/fiscal';
import { cteXml } from '@fretio/core/fiscal/fixtures';
import type { CteLida } from '@fretio/core/fiscal';
import { vencimentos } from '../../modules/faturamento/condicoes.ts';
import { salvarCte } from '../../modules/ctes/service.ts';
import { auditorias, condicoesPagamento, contaCorrenteTransportador, ctes, faturaCtes, faturas } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo settlement: three more CT-es of Rápido Sul (R$ 150,00 each) audited — two approved, one accepted
// with R$ 12,50 on the carrier's running balance —, two payment conditions, and one validated invoice
// (CT-e 502). CT-es 503 and 504 stay available, so "Nova fatura" shows them with the balance suggested.
export const seedFaturamento: ModuleSeed = async (tx, ids) => {
  const embarcadorUid = ids.embarcadores.demo;
  const quem = { embarcadorUid, usuarioUid: ids.usuarios.admin };
  for (const numero of [502, 503, 504]) {
    const { chave, xml } = cteXml({ emitente: '60746948000112', numero });
    await salvarCte(tx, quem, { lida: lerDocumentoFiscal(xml) as CteLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  }
  const doc = await tx.select().from(ctes).where(and(eq(ctes.embarcadorUid, embarcadorUid), inArray(ctes.numero, [502, 503, 504]))).orderBy(ctes.numero);
  const aud = await tx.insert(auditorias).values(doc.map((c, i) => ({
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
};
