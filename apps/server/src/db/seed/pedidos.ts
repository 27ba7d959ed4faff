import { lerDocumentoFiscal } from '@fretio/core/fiscal';
import { nfeXml } from '@fretio/core/fiscal/fixtures';
import type { NfeLida } from '@fretio/core/fiscal';
import { and, eq, isNull, sql } from 'drizzle-orm';
import { salvarNfe } from '../../modules/nfes/service.ts';
import { pedidos, planejamentoDocumentos, planejamentosCarga, tiposVeiculo } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Orders and load planning demo: three open ERP orders (simulate their freight over the demo tables),
// two heavy NF-es to Rio de Janeiro still to be planned (together they exceed a Toco), and an open
// plan to Belo Horizonte on a Truck with one order.
export const seedPedidos: ModuleSeed = async (tx, ids) => {
  const demo = ids.embarcadores.demo;
  const quem = { embarcadorUid: demo, usuarioUid: ids.usuarios.admin };
  for (const [numero, peso, qVol] of [
    [1201, '4200.000', '42'],
    [1202, '3600.000', '36'],
  ] as const) {
    const { chave, xml } = nfeXml({
      emitente: '11222333000181',
      numero,
      transportador: '60746948000112',
      emissao: '2026-11-20T09:00:00-03:00',
      ufDestino: 'RJ',
      municipioDestino: '3304557',
      volumes: [{ qVol, pesoB: peso, pesoL: peso }],
    });
    await salvarNfe(tx, quem, { lida: lerDocumentoFiscal(xml) as NfeLida, assinaturaValida: false, xml: Buffer.from(xml), nome: `${chave}.xml` });
  }
  const origem = { origemMunicipioIbge: '3550308', criadoPor: ids.usuarios.admin, embarcadorUid: demo };
  const [, , bh] = await tx
    .insert(pedidos)
    .values([
      { ...origem, numero: 'PV-45872', destinoMunicipioIbge: '3304557', pesoKg: '1000', volumeM3: '3.2', valor: '50000', volumes: 10, dataPrevista: sql`(current_date + 3)` as unknown as string },
      { ...origem, numero: 'PV-45873', destinoMunicipioIbge: '4106902', pesoKg: '2300', volumeM3: '6.5', valor: '18400', volumes: 46, dataPrevista: sql`(current_date + 5)` as unknown as string },
      { ...origem, numero: 'PV-45874', destinoMunicipioIbge: '3106200', pesoKg: '800', volumeM3: '2.4', valor: '12950.90', volumes: 16, dataPrevista: sql`(current_date + 4)` as unknown as string },
    ])
    .returning({ uid: pedidos.uid });
  const [truck] = await tx.select({ uid: tiposVeiculo.uid }).from(tiposVeiculo).where(and(eq(tiposVeiculo.nome, 'Truck'), isNull(tiposVeiculo.embarcadorUid)));
  const [plano] = await tx
    .insert(planejamentosCarga)
    .values({ ...origem, descricao: 'Carga Belo Horizonte', destinoMunicipioIbge: '3106200', tipoVeiculoUid: truck?.uid ?? null, transportadorUid: ids.transportadores.minas })
    .returning({ uid: planejamentosCarga.uid });
  await tx.insert(planejamentoDocumentos).values({ planejamentoUid: plano.uid, pedidoUid: bh.uid });
};
