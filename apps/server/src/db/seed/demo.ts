import { sql } from 'drizzle-orm';
import { TIPO_USUARIO, USUARIO_STATUS, todasPermissoes } from '@fretio/core';
import { hashSenha } from '../../lib/crypto.ts';
import type { Db } from '../client.ts';
import type { Tx } from '../../framework/resource.ts';
import {
  centrosCusto, departamentos, embarcadorTransportador, embarcadores, papeis, preUsuariosTransportador,
  transportadores, unidadesEmbarcador, unidadesTransportador, usuarioEmbarcador, usuarios,
} from '../schema/index.ts';

// Demo data for an empty database: two shippers (the second proves isolation), carriers with units,
// users of each actor group, roles with different permissions, cost centres and departments.
export const DEMO = {
  admin: { login: 'admin@demo.com.br', senha: 'demo1234' },
  operador: { login: 'operador@demo.com.br', senha: 'demo1234' },
  outro: { login: 'admin@outro.com.br', senha: 'demo1234' },
  transportador: { login: 'transportador@rapidosul.com.br', senha: 'demo1234' },
};

/** What later seeds hang their records on. */
export type DemoIds = {
  embarcadores: { demo: string; outro: string };
  transportadores: { rapido: string; nordeste: string; minas: string; autonomo: string };
  usuarios: { admin: string; operador: string; outro: string; transportador: string };
};
/** One seed per module (db/seed/<modulo>.ts), run in order inside the same transaction. */
export type ModuleSeed = (tx: Tx, ids: DemoIds) => Promise<void>;

export async function seedDemo(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(embarcadores);
  if (n > 0) return false;
  const senhaHash = await hashSenha('demo1234');
  const { moduleSeeds } = await import('./modules.ts');
  await db.transaction(async (tx) => {
    const [demo, outro] = await tx.insert(embarcadores).values([
      { nome: 'Demo Indústria de Alimentos Ltda', nomeFantasia: 'Demo Alimentos', cnpj: '11222333000181', email: 'logistica@demo.com.br', cep: '01310100', uf: 'SP', municipioIbge: '3550308' },
      { nome: 'Outro Comércio Atacadista S.A.', nomeFantasia: 'Outro Atacado', cnpj: '45723174000110', email: 'frete@outro.com.br', cep: '20040002', uf: 'RJ', municipioIbge: '3304557' },
    ]).returning();
    const [matriz] = await tx.insert(unidadesEmbarcador).values([
      { embarcadorUid: demo.uid, nome: 'Demo Alimentos - Matriz São Paulo', apelido: 'Matriz SP', documento: '11222333000181', cep: '01310100', uf: 'SP', municipioIbge: '3550308' },
      { embarcadorUid: demo.uid, nome: 'Demo Alimentos - CD Campinas', apelido: 'CD Campinas', documento: '11222333000262', cep: '13015000', uf: 'SP', municipioIbge: '3509502' },
      { embarcadorUid: outro.uid, nome: 'Outro Atacado - Matriz Rio', apelido: 'Matriz RJ', documento: '45723174000110', cep: '20040002', uf: 'RJ', municipioIbge: '3304557' },
    ]).returning();

    const carriers = await tx.insert(transportadores).values([
      { nome: 'Rápido Sul Transportes Ltda', nomeFantasia: 'Rápido Sul', cnpj: '60746948000112', rntrc: '012345678', uf: 'PR', municipioIbge: '4106902', cep: '80010000', email: 'comercial@rapidosul.com.br' },
      { nome: 'Expresso Nordeste Logística Ltda', nomeFantasia: 'Expresso Nordeste', cnpj: '33000167000101', rntrc: '023456789', uf: 'PE', municipioIbge: '2611606', cep: '50010000' },
      { nome: 'TransMinas Cargas S.A.', nomeFantasia: 'TransMinas', cnpj: '17184037000110', rntrc: '034567890', uf: 'MG', municipioIbge: '3106200', cep: '30110000' },
      { nome: 'João Carlos Pereira', nomeFantasia: 'João Autônomo', cnpj: '27865757000102', uf: 'SP', municipioIbge: '3550308', cep: '03000000' },
    ]).returning();
    const [rapido, nordeste, minas, autonomo] = carriers;
    // Demo registered them all, so it keeps those with no active user of their own (Rápido Sul has Tiago).
    await tx.update(transportadores).set({ embarcadorGestorUid: demo.uid });
    const unidadesT = await tx.insert(unidadesTransportador).values([
      { transportadorUid: rapido.uid, nome: 'Rápido Sul - Curitiba', apelido: 'Curitiba', documento: rapido.cnpj, uf: 'PR', municipioIbge: '4106902' },
      { transportadorUid: rapido.uid, nome: 'Rápido Sul - Guarulhos', apelido: 'Guarulhos', documento: '60746948000201', uf: 'SP', municipioIbge: '3518800' },
      { transportadorUid: nordeste.uid, nome: 'Expresso Nordeste - Recife', apelido: 'Recife', documento: nordeste.cnpj, uf: 'PE', municipioIbge: '2611606' },
      { transportadorUid: minas.uid, nome: 'TransMinas - Belo Horizonte', apelido: 'BH', documento: minas.cnpj, uf: 'MG', municipioIbge: '3106200' },
      { transportadorUid: autonomo.uid, nome: 'João Carlos Pereira', documento: autonomo.cnpj, indicaAutonomo: true, tipo: 'TAC', rntrc: '04567821', uf: 'SP', municipioIbge: '3550308' },
    ]).returning();
    await tx.insert(embarcadorTransportador).values([
      ...carriers.map((c) => ({ embarcadorUid: demo.uid, transportadorUid: c.uid })),
      { embarcadorUid: outro.uid, transportadorUid: minas.uid },
    ]);

    const todas = todasPermissoes();
    const leitura = Object.fromEntries(Object.keys(todas).map((k) => [k, ['ler']]));
    const [adminDemo, operadorDemo, transpDemo, adminOutro] = await tx.insert(papeis).values([
      { embarcadorUid: demo.uid, nome: 'Administrador', descricao: 'Acesso total', permissoes: todas },
      { embarcadorUid: demo.uid, nome: 'Operador', descricao: 'Consulta tudo; mantém centros de custo e departamentos', permissoes: { ...leitura, 'centros-custo': ['ler', 'criar', 'alterar'], departamentos: ['ler', 'criar', 'alterar'] } },
      { embarcadorUid: demo.uid, nome: 'Transportador', descricao: 'Usuários das transportadoras (mantêm o próprio cadastro, unidades, usuários e frota)', tipo: 2, permissoes: { transportadores: ['ler', 'criar', 'alterar'], embarcadores: ['ler'], nfes: ['ler'], ctes: ['ler'], cotacoesfrete: ['ler'], ordenscoleta: ['ler'], 'eventos-ocorrencia': ['ler', 'criar', 'alterar'], tracking: ['ler'], fatura: ['ler'], 'pre-fatura': ['ler'] } },
      { embarcadorUid: outro.uid, nome: 'Administrador', descricao: 'Acesso total', permissoes: todas },
    ]).returning();

    const ativo = USUARIO_STATUS.ATIVO;
    const [uAdmin, uOperador, uOutro, uTransp, uPre] = await tx.insert(usuarios).values([
      { login: DEMO.admin.login, nome: 'Administrador Demo', apelido: 'Admin', senhaHash, tipoUsuario: TIPO_USUARIO.EMBARCADOR, statusUsuario: ativo },
      { login: DEMO.operador.login, nome: 'Olívia Operadora', apelido: 'Olívia', senhaHash, tipoUsuario: TIPO_USUARIO.EMBARCADOR, statusUsuario: ativo },
      { login: DEMO.outro.login, nome: 'Otávio Outro', senhaHash, tipoUsuario: TIPO_USUARIO.EMBARCADOR, statusUsuario: ativo },
      { login: DEMO.transportador.login, nome: 'Tiago da Rápido Sul', senhaHash, tipoUsuario: TIPO_USUARIO.TRANSPORTADOR, statusUsuario: ativo, transportadorUid: rapido.uid, unidadeTransportadorUid: unidadesT[0].uid },
      { login: 'cadastro@transminas.com.br', nome: 'Marta da TransMinas', senhaHash, tipoUsuario: TIPO_USUARIO.TRANSPORTADOR, statusUsuario: USUARIO_STATUS.PENDENTE, transportadorUid: minas.uid, unidadeTransportadorUid: unidadesT[3].uid },
    ]).returning();
    await tx.insert(usuarioEmbarcador).values([
      { usuarioUid: uAdmin.uid, embarcadorUid: demo.uid, papelUid: adminDemo.uid, unidadeUid: matriz.uid },
      { usuarioUid: uOperador.uid, embarcadorUid: demo.uid, papelUid: operadorDemo.uid, unidadeUid: matriz.uid },
      { usuarioUid: uOutro.uid, embarcadorUid: outro.uid, papelUid: adminOutro.uid },
      { usuarioUid: uTransp.uid, embarcadorUid: demo.uid, papelUid: transpDemo.uid },
    ]);
    await tx.insert(preUsuariosTransportador).values({ embarcadorUid: demo.uid, usuarioUid: uPre.uid, transportadorUid: minas.uid });

    const ccs = await tx.insert(centrosCusto).values([
      { embarcadorUid: demo.uid, codigo: '1.01', nome: 'Logística de Distribuição' },
      { embarcadorUid: demo.uid, codigo: '1.02', nome: 'Suprimentos' },
      { embarcadorUid: demo.uid, codigo: '2.01', nome: 'Comercial' },
      { embarcadorUid: demo.uid, codigo: '9.99', nome: 'Projetos Encerrados', ativo: false },
      { embarcadorUid: outro.uid, codigo: '100', nome: 'Operações Rio' },
    ]).returning();
    await tx.insert(departamentos).values([
      { embarcadorUid: demo.uid, nome: 'Expedição', descricao: 'Carregamento e despacho', centroCustoUid: ccs[0].uid },
      { embarcadorUid: demo.uid, nome: 'Compras', centroCustoUid: ccs[1].uid },
      { embarcadorUid: demo.uid, nome: 'Vendas', centroCustoUid: ccs[2].uid },
      { embarcadorUid: demo.uid, nome: 'Controladoria', ativo: false },
      { embarcadorUid: outro.uid, nome: 'Logística', centroCustoUid: ccs[4].uid },
    ]);

    const ids: DemoIds = {
      embarcadores: { demo: demo.uid, outro: outro.uid },
      transportadores: { rapido: rapido.uid, nordeste: nordeste.uid, minas: minas.uid, autonomo: autonomo.uid },
      usuarios: { admin: uAdmin.uid, operador: uOperador.uid, outro: uOutro.uid, transportador: uTransp.uid },
    };
    for (const seed of moduleSeeds) await seed(tx, ids);
  });
  return true;
}
