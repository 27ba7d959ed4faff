import { eq, sql } from 'drizzle-orm';
import { cargaNfes, cargaProdutos, motoristas, ordensColeta, veiculos } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Pickup orders demo: one order of the demo shipper in each status, all to Rápido Sul (so Tiago's
// portal shows the sent, confirmed, refused and cancelled ones), each with a product line and an NF-e.
export const seedOrdensColeta: ModuleSeed = async (tx, ids) => {
  const embarcadorUid = ids.embarcadores.demo;
  const transportadorUid = ids.transportadores.rapido;
  const [v] = await tx.select({ uid: veiculos.uid }).from(veiculos).where(eq(veiculos.transportadorUid, transportadorUid)).limit(1);
  const [m] = await tx.select({ uid: motoristas.uid }).from(motoristas).where(eq(motoristas.transportadorUid, transportadorUid)).limit(1);
  const data = (dias: number) => sql`(current_date + ${sql.raw(String(dias))})` as unknown as string;
  const agora = sql`now()` as unknown as string;
  const base = { embarcadorUid, transportadorUid, origemMunicipioIbge: '3550308', criadoPor: ids.usuarios.admin };
  const ordens = await tx
    .insert(ordensColeta)
    .values([
      { ...base, status: 1, destinoMunicipioIbge: '4106902', dataColetaDesejada: data(5), observacao: 'Paletes de café torrado.' },
      { ...base, status: 2, destinoMunicipioIbge: '3304557', dataColetaDesejada: data(4) },
      { ...base, status: 3, destinoMunicipioIbge: '3106200', dataColetaDesejada: data(3), enviadoEm: agora, observacao: 'Coleta na doca 2, das 8h às 17h.' },
      {
        ...base, status: 4, destinoMunicipioIbge: '4106902', dataColetaDesejada: data(2), enviadoEm: agora, dataColetaPrevista: data(2),
        veiculoUid: v?.uid ?? null, motoristaUid: m?.uid ?? null, respondidoPor: ids.usuarios.transportador, respondidoEm: agora, observacaoTransportador: 'Chegamos às 8h.',
      },
      { ...base, status: 5, destinoMunicipioIbge: '2611606', dataColetaDesejada: data(1), enviadoEm: agora, justificativa: 'Sem veículo disponível na data.', respondidoPor: ids.usuarios.transportador, respondidoEm: agora },
      { ...base, status: 6, destinoMunicipioIbge: '3304557', dataColetaDesejada: data(6), enviadoEm: agora, justificativa: 'Pedido do cliente adiado.' },
    ])
    .returning({ uid: ordensColeta.uid, status: ordensColeta.status });
  const liberado = (status: number, primeiro: boolean) => (status >= 3 || (status === 2 && primeiro) ? agora : null);
  await tx.insert(cargaProdutos).values(
    ordens.map((o, i) => ({ ordemColetaUid: o.uid, descricao: 'Café torrado em paletes', quantidade: String(10 + i), pesoKg: String(2400 + 100 * i), volumeM3: '7.2', valor: String(48000 + 1000 * i), liberadoEm: liberado(o.status, true) })),
  );
  await tx.insert(cargaNfes).values(
    ordens.map((o, i) => ({ ordemColetaUid: o.uid, numero: 91000 + i, serie: 1, valor: String(48000 + 1000 * i), pesoKg: String(2400 + 100 * i), volumes: 20, liberadoEm: liberado(o.status, false) })),
  );
};
