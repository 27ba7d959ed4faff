import { sql } from 'drizzle-orm';
import { cargaNfes, cargaProdutos, embarques } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Shipments demo: one of the demo shipper in each status, São Paulo to the usual capitals, each with two
// typed NF-e references. The open one has no carrier yet (generate its quotation or pickup order); the
// others travel with Rápido Sul at an agreed freight. The open one lists its goods (Produtos tab).
export const seedEmbarques: ModuleSeed = async (tx, ids) => {
  const data = (dias: number) => sql`(current_date + ${sql.raw(String(dias))})` as unknown as string;
  const base = { embarcadorUid: ids.embarcadores.demo, origemMunicipioIbge: '3550308', criadoPor: ids.usuarios.admin };
  const rapido = { transportadorUid: ids.transportadores.rapido, prazoAcordadoDiasUteis: 2 };
  const lista = await tx
    .insert(embarques)
    .values([
      { ...base, status: 1, destinoMunicipioIbge: '3304557', dataEmbarque: data(2), observacao: 'Carga de café para o Rio.' },
      { ...base, ...rapido, status: 2, destinoMunicipioIbge: '4106902', dataEmbarque: data(-1), freteAcordado: '1850.00' },
      { ...base, ...rapido, status: 3, destinoMunicipioIbge: '3106200', dataEmbarque: data(-7), freteAcordado: '1320.50' },
      { ...base, status: 4, destinoMunicipioIbge: '2611606', dataEmbarque: data(-3), justificativaStatus: 'Cliente cancelou o pedido.' },
    ])
    .returning({ uid: embarques.uid });
  await tx.insert(cargaNfes).values(
    lista.flatMap((e, i) => [
      { embarqueUid: e.uid, numero: 7001 + 2 * i, serie: 1, valor: String(30000 + 1000 * i), pesoKg: String(1200 + 50 * i), volumeM3: '3.6', volumes: 24 },
      { embarqueUid: e.uid, numero: 7002 + 2 * i, serie: 1, valor: '12500.00', pesoKg: '480', volumeM3: '1.2', volumes: 10 },
    ]),
  );
  await tx.insert(cargaProdutos).values([
    { embarqueUid: lista[0].uid, descricao: 'Café torrado em grãos (saco 30 kg)', quantidade: '40', pesoKg: '1200', volumeM3: '3.6', valor: '30000.00' },
    { embarqueUid: lista[0].uid, descricao: 'Café moído (caixa 10 kg)', quantidade: '48', pesoKg: '480', volumeM3: '1.2', valor: '12500.00' },
  ]);
};
