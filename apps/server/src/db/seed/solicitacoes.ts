import { sql } from 'drizzle-orm';
import { cargaProdutos, cotacaoTransportadores, cotacoesFrete, solicitacoesFrete } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Freight requests and quotations demo: a request of the demo shipper in each status and a quotation in each
// status the notifications seed does not show (it has the open one), São Paulo to the usual capitals. The
// request in "Cotação" carries the draft quotation, the one "Em Andamento" the finalised one; the closed and
// finalised quotations hold the carriers' answers (the comparison screen has something to compare).
export const seedSolicitacoes: ModuleSeed = async (tx, ids) => {
  const demo = ids.embarcadores.demo;
  const data = (dias: number) => sql`(current_date + ${sql.raw(String(dias))})` as unknown as string;
  const agora = sql`now()` as unknown as string;
  const base = { embarcadorUid: demo, origemMunicipioIbge: '3550308', criadoPor: ids.usuarios.admin };
  const pedidos = await tx
    .insert(solicitacoesFrete)
    .values([
      { ...base, status: 1, destinoMunicipioIbge: '3304557', dataColetaDesejada: data(6), observacao: 'Reposição de estoque do CD Rio.' },
      { ...base, status: 2, destinoMunicipioIbge: '4106902', dataColetaDesejada: data(5) },
      { ...base, status: 3, destinoMunicipioIbge: '3106200', dataColetaDesejada: data(4), justificativaStatus: 'Falta o destinatário da carga.' },
      { ...base, status: 4, destinoMunicipioIbge: '4106902', dataColetaDesejada: data(-2) },
      { ...base, status: 5, destinoMunicipioIbge: '2611606', dataColetaDesejada: data(-12) },
    ])
    .returning({ uid: solicitacoesFrete.uid });
  await tx.insert(cargaProdutos).values(
    pedidos.map((p, i) => ({ solicitacaoUid: p.uid, descricao: 'Café torrado em paletes', quantidade: String(8 + i), pesoKg: String(1900 + 100 * i), volumeM3: '5.4', valor: String(38000 + 2000 * i) })),
  );

  const q = { ...base, tipoCarga: 'LTL', destinoMunicipioIbge: '4106902', dataColetaDesejada: data(5) };
  const cotacoes = await tx
    .insert(cotacoesFrete)
    .values([
      { ...q, status: 1, situacaoAprovacao: 1, solicitacaoUid: pedidos[1].uid, valorAlvo: '2100.00' },
      { ...q, status: 3, situacaoAprovacao: 3, destinoMunicipioIbge: '3106200', prazoResposta: sql`now() - interval '1 day'` as unknown as string, valorAlvo: '1500.00' },
      {
        ...q, status: 4, situacaoAprovacao: 5, solicitacaoUid: pedidos[3].uid, dataColetaDesejada: data(-2), valorAlvo: '2000.00',
        vencedorTransportadorUid: ids.transportadores.rapido, valorAprovado: '1890.00', aprovadoPor: ids.usuarios.admin, aprovadoEm: agora,
      },
      { ...q, status: 5, situacaoAprovacao: 6, destinoMunicipioIbge: '2611606', justificativa: 'Carga consolidada em outro embarque.' },
    ])
    .returning({ uid: cotacoesFrete.uid });
  await tx.insert(cargaProdutos).values(cotacoes.map((c, i) => ({ cotacaoUid: c.uid, descricao: 'Café torrado em paletes', quantidade: String(9 + i), pesoKg: String(2000 + 100 * i), volumeM3: '5.4', valor: '40000' })));
  const resposta = (valorTotal: string, prazoDiasUteis: number) => ({
    respondidoEm: agora, valorTotal, valorFrete: valorTotal, prazoDiasUteis, validade: data(15), horasLivresCarregamento: 4, valorDiaria: '400.00',
  });
  await tx.insert(cotacaoTransportadores).values([
    { cotacaoUid: cotacoes[0].uid, transportadorUid: ids.transportadores.rapido },
    { cotacaoUid: cotacoes[1].uid, transportadorUid: ids.transportadores.rapido, respondidoPor: ids.usuarios.transportador, ...resposta('1480.00', 2) },
    { cotacaoUid: cotacoes[1].uid, transportadorUid: ids.transportadores.minas, ...resposta('1395.50', 3) },
    { cotacaoUid: cotacoes[2].uid, transportadorUid: ids.transportadores.rapido, respondidoPor: ids.usuarios.transportador, ...resposta('1890.00', 2) },
    { cotacaoUid: cotacoes[2].uid, transportadorUid: ids.transportadores.nordeste, ...resposta('2050.00', 4) },
    { cotacaoUid: cotacoes[3].uid, transportadorUid: ids.transportadores.nordeste },
  ]);
};
