import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { LocalRef } from '@fretio/core';
import { garantirFeriadosNacionais, hojeSaoPaulo } from '../../modules/feriados/service.ts';
import { localParaColunas } from '../../modules/regioes/local-ref.ts';
import { componentes, faixasCep, feriados, mapasComponente, prazosEntrega, regiaoLocais, regioes, rotas } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo freight registers: regions (Northeast capitals, Greater São Paulo, South), the shipper's CEP
// ranges of the capitals, national holidays of this and next year plus state/municipal ones, a custom
// component, the carriers' CT-e component names, delivery deadlines and the route register.

export const REGIOES_DEMO = {
  nordeste: 'Nordeste - Capitais',
  grandeSp: 'Grande São Paulo',
  sul: 'Sul',
  interiorSp: 'Interior de SP - Campinas',
};
const UF = (uf: string): LocalRef => ({ tipo: 'UF', uf });
const MUN = (ibge: string): LocalRef => ({ tipo: 'MUNICIPIO', ibge });
type ColunasOd = { origemTipo: string; destinoTipo: string } & Record<string, string | null>;
const od = (o: LocalRef, d: LocalRef) => ({ ...localParaColunas(o, 'origem'), ...localParaColunas(d, 'destino') }) as ColunasOd;

export const seedFrete: ModuleSeed = async (tx, ids) => {
  const { demo, outro } = ids.embarcadores;
  const { rapido, nordeste, minas } = ids.transportadores;
  const ano = Number(hojeSaoPaulo().slice(0, 4));

  const [ne, gsp, sul, campinas, zonaSul] = await tx
    .insert(regioes)
    .values([
      { embarcadorUid: demo, nome: REGIOES_DEMO.nordeste, descricao: 'Capitais dos nove estados do Nordeste' },
      { embarcadorUid: demo, nome: REGIOES_DEMO.grandeSp, descricao: 'CEPs da capital e da região metropolitana' },
      { embarcadorUid: demo, nome: REGIOES_DEMO.sul, descricao: 'PR, SC e RS' },
      { embarcadorUid: demo, nome: REGIOES_DEMO.interiorSp, descricao: 'Campinas e arredores' },
      { embarcadorUid: outro, nome: 'Rio - Zona Sul', descricao: 'CEPs da Zona Sul do Rio de Janeiro' },
    ])
    .returning();
  const capitaisNe = ['2611606', '2927408', '2304400', '2111300', '2408102', '2507507', '2704302', '2800308', '2211001'];
  await tx
    .insert(regiaoLocais)
    .values([
      ...capitaisNe.map((ibge) => ({ regiaoUid: ne.uid, tipo: 'MUNICIPIO', ibge })),
      { regiaoUid: gsp.uid, tipo: 'FAIXA_CEP', cepDe: '01000000', cepAte: '09999999' },
      ...['PR', 'SC', 'RS'].map((uf) => ({ regiaoUid: sul.uid, tipo: 'UF', uf })),
      { regiaoUid: campinas.uid, tipo: 'FAIXA_CEP', cepDe: '13000000', cepAte: '13999999' },
      { regiaoUid: zonaSul.uid, tipo: 'FAIXA_CEP', cepDe: '22000000', cepAte: '22999999' },
    ]);

  await tx.insert(faixasCep).values([
    { embarcadorUid: demo, nome: 'São Paulo - Capital', uf: 'SP', municipioIbge: '3550308', cepDe: '01000000', cepAte: '05999999' },
    { embarcadorUid: demo, nome: 'Campinas', uf: 'SP', municipioIbge: '3509502', cepDe: '13000000', cepAte: '13139999' },
    { embarcadorUid: demo, nome: 'Rio de Janeiro - Capital', uf: 'RJ', municipioIbge: '3304557', cepDe: '20000000', cepAte: '23799999' },
    { embarcadorUid: demo, nome: 'Belo Horizonte', uf: 'MG', municipioIbge: '3106200', cepDe: '30000000', cepAte: '31999999' },
    { embarcadorUid: demo, nome: 'Curitiba', uf: 'PR', municipioIbge: '4106902', cepDe: '80000000', cepAte: '82999999' },
    { embarcadorUid: demo, nome: 'Recife', uf: 'PE', municipioIbge: '2611606', cepDe: '50000000', cepAte: '52999999' },
    { embarcadorUid: outro, nome: 'Rio de Janeiro - Capital', uf: 'RJ', municipioIbge: '3304557', cepDe: '20000000', cepAte: '23799999' },
  ]);

  await garantirFeriadosNacionais(tx, [ano, ano + 1]);
  await tx.insert(feriados).values([
    {
      embarcadorUid: demo,
      data: `${ano}-01-25`,
      nome: 'Aniversário de São Paulo',
      escopo: 'MUNICIPIO',
      uf: 'SP',
      municipioIbge: '3550308',
    },
    { embarcadorUid: demo, data: `${ano}-07-09`, nome: 'Revolução Constitucionalista', escopo: 'UF', uf: 'SP' },
    { embarcadorUid: demo, data: `${ano}-04-23`, nome: 'Dia de São Jorge', escopo: 'UF', uf: 'RJ' },
    { embarcadorUid: demo, data: `${ano}-03-06`, nome: 'Data Magna de Pernambuco', escopo: 'UF', uf: 'PE' },
    {
      embarcadorUid: demo,
      data: `${ano}-09-08`,
      nome: 'Nossa Senhora da Luz dos Pinhais',
      escopo: 'MUNICIPIO',
      uf: 'PR',
      municipioIbge: '4106902',
    },
    { embarcadorUid: demo, data: `${ano}-12-24`, nome: 'Véspera de Natal (expediente reduzido)', escopo: 'NACIONAL', facultativo: true },
    { embarcadorUid: outro, data: `${ano}-01-20`, nome: 'São Sebastião', escopo: 'MUNICIPIO', uf: 'RJ', municipioIbge: '3304557' },
  ]);

  await tx.insert(componentes).values([
    { embarcadorUid: demo, codigo: 'AGENDAMENTO', nome: 'Taxa de agendamento', descricao: 'Entrega com hora marcada no cliente' },
    { embarcadorUid: outro, codigo: 'PALETIZACAO', nome: 'Paletização', descricao: 'Carga paletizada pelo transportador' },
  ]);
  const padrao = await tx.select().from(componentes).where(isNull(componentes.embarcadorUid));
  const c = Object.fromEntries(padrao.map((x) => [x.codigo, x.uid]));
  const mapa = (embarcadorUid: string, transportadorUid: string, nomes: [string, string][]) =>
    nomes.map(([nome, codigo]) => ({ embarcadorUid, transportadorUid, nome, componenteUid: c[codigo] }));
  await tx.insert(mapasComponente).values([
    ...mapa(demo, rapido, [
      ['FRETE PESO', 'FRETE_PESO'],
      ['FPESO', 'FRETE_PESO'],
      ['AD VALOREM', 'FRETE_VALOR'],
      ['FVALOR', 'FRETE_VALOR'],
      ['GRIS', 'GRIS'],
      ['PEDAGIO', 'PEDAGIO'],
      ['TAXAS', 'DESPACHO'],
      ['TAS', 'TAS'],
    ]),
    ...mapa(demo, nordeste, [
      ['Frete Peso', 'FRETE_PESO'],
      ['Ad Valorem', 'FRETE_VALOR'],
      ['Gris', 'GRIS'],
      ['Pedágio', 'PEDAGIO'],
      ['Tx. Dificuldade Entrega', 'TDE'],
    ]),
    ...mapa(demo, minas, [
      ['FRETE', 'FRETE_PESO'],
      ['SEGURO', 'FRETE_VALOR'],
      ['GRIS', 'GRIS'],
      ['PEDAGIO', 'PEDAGIO'],
      ['TDA', 'TDA'],
    ]),
    ...mapa(outro, minas, [
      ['FRETE', 'FRETE_PESO'],
      ['SEGURO', 'FRETE_VALOR'],
    ]),
  ]);

  await tx.insert(prazosEntrega).values([
    { embarcadorUid: demo, transportadorUid: rapido, ...od(UF('SP'), UF('PR')), prazoDiasUteis: 2 },
    { embarcadorUid: demo, transportadorUid: rapido, ...od(UF('SP'), UF('RJ')), prazoDiasUteis: 2 },
    {
      embarcadorUid: demo,
      transportadorUid: rapido,
      ...od(MUN('3550308'), MUN('4106902')),
      prazoDiasUteis: 1,
      observacao: 'Capital a capital',
    },
    { embarcadorUid: demo, transportadorUid: nordeste, ...od(UF('SP'), { tipo: 'REGIAO', regiaoUid: ne.uid }), prazoDiasUteis: 6 },
    { embarcadorUid: demo, transportadorUid: minas, ...od(UF('SP'), UF('MG')), prazoDiasUteis: 2 },
    { embarcadorUid: demo, transportadorUid: minas, ...od(UF('SP'), UF('RJ')), prazoDiasUteis: 3 },
    { embarcadorUid: outro, transportadorUid: minas, ...od(UF('RJ'), UF('MG')), prazoDiasUteis: 2 },
  ]);

  await tx.insert(rotas).values([
    { embarcadorUid: demo, nome: 'São Paulo → Rio de Janeiro', ...od(MUN('3550308'), MUN('3304557')), distanciaKm: '430' },
    {
      embarcadorUid: demo,
      nome: 'São Paulo → Curitiba',
      transportadorUid: rapido,
      ...od(MUN('3550308'), MUN('4106902')),
      distanciaKm: '408',
    },
    {
      embarcadorUid: demo,
      nome: 'São Paulo → Belo Horizonte',
      transportadorUid: minas,
      ...od(MUN('3550308'), MUN('3106200')),
      distanciaKm: '586',
    },
    {
      embarcadorUid: demo,
      nome: 'São Paulo → Recife',
      transportadorUid: nordeste,
      ...od(MUN('3550308'), MUN('2611606')),
      distanciaKm: '2660',
    },
    {
      embarcadorUid: demo,
      nome: 'SP → Capitais do Nordeste',
      transportadorUid: nordeste,
      ...od(UF('SP'), { tipo: 'REGIAO', regiaoUid: ne.uid }),
    },
    { embarcadorUid: demo, nome: 'Grande SP → Sul', ...od({ tipo: 'REGIAO', regiaoUid: gsp.uid }, { tipo: 'REGIAO', regiaoUid: sul.uid }) },
    {
      embarcadorUid: outro,
      nome: 'Rio → Belo Horizonte',
      transportadorUid: minas,
      ...od(MUN('3304557'), MUN('3106200')),
      distanciaKm: '434',
    },
  ]);
};

/** Uids of the demo regions by name (for the tables seed). */
export async function regioesPorNome(tx: Parameters<ModuleSeed>[0], embarcadorUid: string, nomes: string[]) {
  const rs = await tx
    .select({ uid: regioes.uid, nome: regioes.nome })
    .from(regioes)
    .where(and(eq(regioes.embarcadorUid, embarcadorUid), inArray(regioes.nome, nomes)));
  return Object.fromEntries(rs.map((r) => [r.nome, r.uid]));
}
