import { generateCnh, generateCpf, generateRenavam } from '@brazilian-utils/brazilian-utils';
import { and, eq, isNull } from 'drizzle-orm';
import { motoristas, tiposVeiculo, veiculos } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo fleet: Demo Alimentos' own vehicle types (beside the global catalogue of the migration), and
// drivers and vehicles of Rápido Sul and TransMinas (one driver with an expired CNH), all registered by
// Demo (Outro, linked to TransMinas, reads its drivers' CPFs masked). Expresso Nordeste (no user of its
// own: Demo maintains it) has a vehicle, so Demo can show registering fleet there.
export const seedFrota: ModuleSeed = async (tx, ids) => {
  const { rapido, minas, nordeste } = ids.transportadores;
  await tx.insert(tiposVeiculo).values([
    {
      embarcadorUid: ids.embarcadores.demo,
      nome: 'Truck Refrigerado',
      capacidadeKg: '12000',
      capacidadeM3: '45',
      eixos: 3,
      tipoCarroceria: 'FRIGORIFICO',
    },
    {
      embarcadorUid: ids.embarcadores.demo,
      nome: 'Carreta Baú 15 m',
      capacidadeKg: '28000',
      capacidadeM3: '100',
      eixos: 6,
      tipoCarroceria: 'BAU',
    },
  ]);
  const tipo = async (nome: string, embarcadorUid?: string) => {
    const [t] = await tx
      .select({ uid: tiposVeiculo.uid, kg: tiposVeiculo.capacidadeKg, m3: tiposVeiculo.capacidadeM3 })
      .from(tiposVeiculo)
      .where(
        and(
          eq(tiposVeiculo.nome, nome),
          embarcadorUid ? eq(tiposVeiculo.embarcadorUid, embarcadorUid) : isNull(tiposVeiculo.embarcadorUid),
        ),
      );
    if (!t) throw new Error(`tipo de veículo ${nome} não existe (migração tipos_veiculo_catalogo)`);
    return t;
  };
  const ano = new Date().getFullYear();
  await tx.insert(motoristas).values([
    {
      transportadorUid: rapido,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Carlos Eduardo Machado',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'E',
      cnhValidade: `${ano + 3}-08-15`,
      telefone: '41998761234',
    },
    {
      transportadorUid: rapido,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Roberto Luiz Kowalski',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'E',
      cnhValidade: `${ano + 1}-02-28`,
      telefone: '41999812345',
    },
    {
      transportadorUid: rapido,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Edson Pereira dos Santos',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'D',
      cnhValidade: `${ano - 1}-11-30`,
      telefone: '11987001122',
    },
    {
      transportadorUid: rapido,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Márcio Antunes',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'C',
      cnhValidade: `${ano + 2}-06-10`,
      ativo: false,
    },
    {
      transportadorUid: minas,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Geraldo Magela Rocha',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'E',
      cnhValidade: `${ano + 4}-01-20`,
      telefone: '31988223344',
    },
    {
      transportadorUid: minas,
      cadastradoPorEmbarcadorUid: ids.embarcadores.demo,
      nome: 'Wellington Alves Costa',
      cpf: generateCpf(),
      cnhNumero: generateCnh(),
      cnhCategoria: 'AE',
      cnhValidade: `${ano + 2}-09-05`,
      telefone: '31997445566',
    },
  ]);
  // One after another: the seed runs in one transaction, whose client takes one query at a time.
  const carreta = await tipo('Carreta');
  const truck = await tipo('Truck');
  const toco = await tipo('Toco');
  const vuc = await tipo('VUC');
  const bitrem = await tipo('Bitrem');
  const frio = await tipo('Truck Refrigerado', ids.embarcadores.demo);
  const v = (
    transportadorUid: string,
    placa: string,
    t: { uid: string; kg: string; m3: string },
    anoV: number,
    proprietario: string,
    uf: string,
  ) => ({
    transportadorUid,
    placa,
    renavam: generateRenavam(),
    tipoVeiculoUid: t.uid,
    capacidadeKg: t.kg,
    capacidadeM3: t.m3,
    ano: anoV,
    proprietario,
    ufLicenciamento: uf,
  });
  await tx
    .insert(veiculos)
    .values([
      v(rapido, 'RSL2A19', carreta, 2021, 'PROPRIO', 'PR'),
      v(rapido, 'BCX4E71', truck, 2019, 'PROPRIO', 'PR'),
      v(nordeste, 'AUV8123', toco, 2014, 'AGREGADO', 'PE'),
      v(rapido, 'FTR3C45', vuc, 2023, 'PROPRIO', 'SP'),
      v(rapido, 'QKR7J02', frio, 2022, 'TERCEIRO', 'PR'),
      v(minas, 'HMG5B33', bitrem, 2020, 'PROPRIO', 'MG'),
      v(minas, 'GTM1928', carreta, 2016, 'AUTONOMO', 'MG'),
    ]);
};
