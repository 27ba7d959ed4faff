import { sql } from 'drizzle-orm';
import { TIPOS_NOTIFICACAO } from '@fretio/core';
import { cargaProdutos, cotacaoTransportadores, cotacoesFrete, notificacaoGrupos, notificacaoParametros, notificacoes } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Notifications demo: the "Compras" group (the demo administrator) receiving the quotation kinds,
// the product's defaults for the other kinds, and one open quotation whose invite reached Rápido Sul
// (Tiago's bell) and whose answer reached the administrator's bell — real records behind each link.
export const seedNotificacoes: ModuleSeed = async (tx, ids) => {
  const demo = ids.embarcadores.demo;
  const [compras] = await tx.insert(notificacaoGrupos).values({
    embarcadorUid: demo, nome: 'Compras', descricao: 'Mesa de compras de frete: cotações e aprovações', usuarioUids: [ids.usuarios.admin],
  }).returning();
  const daCompra = new Set(['cotacao-resposta', 'cotacao-aguardando-aprovacao', 'cotacao-aprovada', 'cotacao-reprovada']);
  await tx.insert(notificacaoParametros).values(TIPOS_NOTIFICACAO.map((t) => ({
    embarcadorUid: demo, tipo: t.valor, app: t.app, email: t.email, grupoUids: daCompra.has(t.valor) ? [compras.uid] : [],
  })));

  const [c] = await tx.insert(cotacoesFrete).values({
    embarcadorUid: demo, status: 2, situacaoAprovacao: 2, tipoCarga: 'LTL', origemMunicipioIbge: '3550308', destinoMunicipioIbge: '4106902',
    dataColetaDesejada: sql`(current_date + 7)` as unknown as string, prazoResposta: sql`now() + interval '5 days'` as unknown as string,
    observacao: 'Paletes de café torrado; agendar a coleta com a expedição.', criadoPor: ids.usuarios.admin,
  }).returning();
  await tx.insert(cargaProdutos).values({ cotacaoUid: c.uid, descricao: 'Café torrado em paletes', quantidade: '20', pesoKg: '4800', volumeM3: '14.4', valor: '96000' });
  await tx.insert(cotacaoTransportadores).values([
    { cotacaoUid: c.uid, transportadorUid: ids.transportadores.rapido, respondidoEm: sql`now()` as unknown as string, respondidoPor: ids.usuarios.transportador,
      valorTotal: '3850.00', valorFrete: '3850.00', prazoDiasUteis: 2, validade: sql`(current_date + 15)` as unknown as string, horasLivresCarregamento: 4, valorDiaria: '450.00' },
    { cotacaoUid: c.uid, transportadorUid: ids.transportadores.nordeste },
  ]);
  const registro = { embarcadorUid: demo, recurso: 'cotacoesfrete', registroUid: c.uid, titulo: `Cotação nº ${c.numero}`, link: `/cotacoesfrete?ftr_numero=${c.numero}` };
  await tx.insert(notificacoes).values([
    { ...registro, usuarioUid: ids.usuarios.transportador, tipo: 'cotacao-convite', criadoEm: sql`now() - interval '2 hours'` as unknown as string, dataLeitura: sql`now() - interval '1 hour'` as unknown as string,
      mensagem: `Demo Alimentos convidou sua transportadora para a cotação de frete nº ${c.numero}.` },
    { ...registro, usuarioUid: ids.usuarios.admin, tipo: 'cotacao-resposta', mensagem: `Rápido Sul respondeu à cotação nº ${c.numero}: R$ 3.850,00.` },
  ]);
};
