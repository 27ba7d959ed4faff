import { randomBytes } from 'node:crypto';
import { generateCnh, generateCnpj, generateCpf, generateLicensePlate, generateRenavam } from '@brazilian-utils/brazilian-utils';
import { sql } from 'drizzle-orm';
import { TIPOS_NOTIFICACAO } from '@fretio/core';
import type { Created, Harness } from './support/harness.ts';
import { fixturesAuditoria, rotasAuditoria } from './fixtures-auditoria.ts';
import { rotasBi } from './fixtures-bi.ts';
import { novoToken } from '../src/modules/tracking/service.ts';

// Valid request bodies for every API resource, used by the generic suites in test/generic
// (tenant isolation, permissions, bad input). They run over the route table, so a new module is
// covered as soon as it is registered, provided it has an entry here. Those suites fail with a
// message naming the missing entry.
//
// Adding a resource ('/x', or '/x/:uid/y' for a sub-collection):
//   '/x': { body: (h) => ({ ...a valid body, unique on every call: use h.seq() / uniq() / generateCnpj() }) },
//   '/x/:uid/y': { parent: (h) => uid of a parent shipper A can see, body: (h, { parent }) => ({ ... }) },
// A body may create what it refers to: `centroCustoUid: (await h.create('/centros-custo')).uid`.
// `create` replaces POST when a resource has none (insert the row and return its uid); `update`
// gives a PUT body when the default (a fresh `body`) is not valid for PUT.
//
// Adding a custom route whose path carries a uid (e.g. 'POST /api/v1/x/:uid/aprovar'): the suites
// infer the uid when the path starts with a resource's record path ('/api/v1/x/:uid/...') or a
// sub-collection's parent ('/api/v1/embarcadores/:uid/...'); otherwise add to `routeFixtures`
// `params` (uids of shipper A's records) and, when it takes a JSON body, `body`.

export type Body = Record<string, unknown>;

export type ResourceFixture = {
  /** Sub-collections: the parent's uid, as visible to shipper A's administrator. */
  parent?: (h: Harness) => Promise<string> | string;
  /** A valid POST body, unique on every call. */
  body?: (h: Harness, ctx: { parent?: string }) => Promise<Body> | Body;
  /** A valid PUT body for `rec`; defaults to a fresh `body`. */
  update?: (h: Harness, rec: Created) => Promise<Body> | Body;
  /** Creates a record of shipper A without the resource's POST reply carrying its uid; returns the uid. */
  create?: (h: Harness, ctx: { parent?: string }) => Promise<string>;
};

export type RouteFixture = {
  /** Path parameter values naming records of shipper A. */
  params?: (h: Harness) => Promise<Record<string, string>>;
  /** A valid JSON body for the route. */
  body?: (h: Harness, params: Record<string, string>) => Promise<Body> | Body;
  /** What shipper B's administrator gets on shipper A's record; 404 unless said otherwise. */
  expectForOtherShipper?: number;
  /** Leave the route out of the tenant-isolation suite, saying why. */
  exempt?: string;
};

export const uniq = () => randomBytes(4).toString('hex');
let issSeq = 0;

/** A 44-digit access key no import will ever produce (the check digit is not computed). */
const chaveFicticia = (h: Harness) => `99${String(Date.now()).slice(-10)}${String(h.seq()).padStart(8, '0')}${randomBytes(12).toString('hex').replace(/\D/g, '').padEnd(24, '7').slice(0, 24)}`;

/** A carrier in no shipper's list (created straight in the table), for linking tests. */
export async function carrierSemVinculo(h: Harness): Promise<string> {
  const n = h.seq();
  const [row] = await h.rows<{ uid: string }>(
    sql`insert into transportadores (nome, cnpj, uf) values (${`Transportadora Avulsa ${n} Ltda`}, ${generateCnpj()}, 'SP') returning uid`,
  );
  return row.uid;
}

/** A carrier user asking to serve shipper A (pending), as the carrier sign-up leaves it. */
export async function preUsuarioPendente(h: Harness): Promise<string> {
  const transportadorUid = await carrierSemVinculo(h);
  const [u] = await h.rows<{ uid: string }>(
    sql`insert into usuarios (login, nome, tipo_usuario, status_usuario, transportador_uid)
        values (${`pre.${uniq()}@transportes.com.br`}, 'Pré Usuário Teste', 2, 1, ${transportadorUid}) returning uid`,
  );
  const [p] = await h.rows<{ uid: string }>(
    sql`insert into pre_usuarios_transportador (embarcador_uid, usuario_uid, transportador_uid)
        values (${h.embarcadorA}, ${u.uid}, ${transportadorUid}) returning uid`,
  );
  return p.uid;
}

const carrierOfA = async (h: Harness) => (await h.create('/transportadores')).uid;

// Notifications: shipper A's administrator, a kind A has no parameter for (freeing one if all are
// configured: the POST puts it back), and a notification of A's administrator.
const usuarioDeA = async (h: Harness) => (await h.rows<{ uid: string }>(sql`select uid from usuarios where login = 'admin@demo.com.br'`))[0].uid;
async function tipoNotificacaoLivre(h: Harness): Promise<string> {
  const livre = await h.rows<{ tipo: string }>(sql`select t.tipo from unnest(${sql.raw(`array[${TIPOS_NOTIFICACAO.map((t) => `'${t.valor}'`).join(',')}]`)}) as t(tipo)
    where not exists (select 1 from notificacao_parametros p where p.embarcador_uid = ${h.embarcadorA} and p.tipo = t.tipo) limit 1`);
  if (livre[0]) return livre[0].tipo;
  const [solto] = await h.rows<{ tipo: string }>(sql`delete from notificacao_parametros where uid = (select uid from notificacao_parametros
    where embarcador_uid = ${h.embarcadorA} and grupo_uids = '{}' order by criado_em, uid limit 1) returning tipo`);
  return solto.tipo;
}
const notificacaoDeA = async (h: Harness) => ({
  uid: (await h.rows<{ uid: string }>(sql`insert into notificacoes (embarcador_uid, usuario_uid, tipo, titulo, mensagem)
    values (${h.embarcadorA}, ${await usuarioDeA(h)}, 'cotacao-resposta', 'Notificação de teste', 'Criada pelos testes') returning uid`))[0].uid,
});

// Freight registers and tables (frete): helpers shared by their fixtures.
const componenteNovo = async (h: Harness) => (await h.create('/componentes')).item?.codigo as string;
const tabelaDeA = async (h: Harness) => (await h.create('/tabelasfrete')).uid;
/** A CEP range of its own on every call, so places never repeat inside one table. */
const faixaCepUnica = (h: Harness) => {
  const de = 10000000 + h.seq() * 1000 + Math.floor(Math.random() * 900);
  return { tipo: 'FAIXA_CEP', de: String(de), ate: String(de + 99) };
};
async function rotaDaTabela(h: Harness, tabela: string): Promise<string> {
  const res = await h.admin.post(`/api/v1/tabelasfrete/${tabela}/rotas`, { origem: { tipo: 'UF', uf: 'SP' }, destino: faixaCepUnica(h), prazoDiasUteis: 2, freteMinimo: 50 });
  if (res.status !== 201) throw new Error(`rota da tabela: ${res.status} ${res.text}`);
  return res.body.data.uid;
}
async function regraFaixa(h: Harness, tabela: string): Promise<string> {
  const res = await h.admin.post(`/api/v1/tabelasfrete/${tabela}/generalidades`, { componente: await componenteNovo(h), base: 'PESO', calculo: 'FAIXA' });
  if (res.status !== 201) throw new Error(`regra FAIXA: ${res.status} ${res.text}`);
  return res.body.data.uid;
}
async function restricaoDaTabela(h: Harness): Promise<{ uid: string; childUid: string }> {
  const uid = await tabelaDeA(h);
  const res = await h.admin.post(`/api/v1/tabelasfrete/${uid}/restricoes-componentes`, { componente: 'TDE', modo: 'SOMENTE' });
  if (res.status !== 201) throw new Error(`restrição: ${res.status} ${res.text}`);
  return { uid, childUid: res.body.data.uid };
}
const pessoaDeA = async (h: Harness) => (await h.rows<{ uid: string }>(sql`select uid from pessoas where embarcador_uid = ${h.embarcadorA} order by nome limit 1`))[0].uid;
async function anexoDeTabela(h: Harness): Promise<{ uid: string; anexoUid: string }> {
  const uid = await tabelaDeA(h);
  const [a] = await h.rows<{ uid: string }>(
    sql`insert into arquivos (embarcador_uid, tipo, nome, tipo_conteudo, tamanho, chave) values (${h.embarcadorA}, 'anexo', 'teste.txt', 'text/plain', 2, ${`anexo/${uniq()}`}) returning uid`,
  );
  await h.rows(sql`insert into anexos (uid, embarcador_uid, entidade, entidade_uid, arquivo_uid, nome) values (${a.uid}, ${h.embarcadorA}, 'tabelasfrete', ${uid}, ${a.uid}, 'teste.txt') returning uid`);
  return { uid, anexoUid: a.uid };
}

// Freight procurement (solicitações, cotações): helpers shared by their fixtures.
const cargaLugares = () => ({ origemMunicipioIbge: '3550308', destinoCep: '20040002', dataColetaDesejada: '2026-12-01' });
const solicitacaoDeA = async (h: Harness) => (await h.create('/solicitacoesfrete')).uid;
const cotacaoDeA = async (h: Harness) => (await h.create('/cotacoesfrete')).uid;
/** A quotation of shipper A with one invited carrier of A. */
async function cotacaoComConvite(h: Harness): Promise<{ uid: string; transportadorUid: string }> {
  const uid = await cotacaoDeA(h);
  const transportadorUid = await carrierOfA(h);
  const res = await h.admin.post(`/api/v1/cotacoesfrete/${uid}/transportadores`, { transportadorUid });
  if (res.status !== 201) throw new Error(`convite: ${res.status} ${res.text}`);
  return { uid, transportadorUid };
}
/** An open quotation (answers allowed) with one invited carrier. */
async function cotacaoAbertaComConvite(h: Harness) {
  const c = await cotacaoComConvite(h);
  const res = await h.admin.put(`/api/v1/cotacoesfrete/${c.uid}/atualizarstatus`, { status: 2 });
  if (res.status !== 200) throw new Error(`abrir cotação: ${res.status} ${res.text}`);
  return c;
}
/** A note of shipper A carried by Rápido Sul, so its carrier user may register events on it (portal). */
async function nfeDoTransportadorDemo(h: Harness): Promise<string> {
  const uid = (await h.create('/documentos/nfes')).uid;
  await h.rows(sql`update nfes set transportador_uid = (select transportador_uid from usuarios where login = 'transportador@rapidosul.com.br') where uid = ${uid} returning uid`);
  return uid;
}
async function anexoDe(h: Harness, entidade: string, uid: string): Promise<{ uid: string; anexoUid: string }> {
  const [a] = await h.rows<{ uid: string }>(
    sql`insert into arquivos (embarcador_uid, tipo, nome, tipo_conteudo, tamanho, chave) values (${h.embarcadorA}, 'anexo', 'teste.txt', 'text/plain', 2, ${`anexo/${uniq()}`}) returning uid`,
  );
  await h.rows(sql`insert into anexos (uid, embarcador_uid, entidade, entidade_uid, arquivo_uid, nome) values (${a.uid}, ${h.embarcadorA}, ${entidade}, ${uid}, ${a.uid}, 'teste.txt') returning uid`);
  return { uid, anexoUid: a.uid };
}
const embarqueDeA = async (h: Harness) => (await h.create('/embarque')).uid;
async function simulacaoDeEmbarque(h: Harness): Promise<{ uid: string; simulacaoUid: string }> {
  const uid = await embarqueDeA(h);
  await h.admin.post(`/api/v1/embarque/${uid}/nfes`, nfeCarga(h));
  const res = await h.admin.post(`/api/v1/embarque/${uid}/simular-frete`);
  if (res.status !== 201) throw new Error(`simular-frete: ${res.status} ${res.text}`);
  return { uid, simulacaoUid: res.body.data.uid };
}
// Orders and load planning (issue 11).
const pedidoCorpo = (h: Harness) => ({ numero: `PT-${h.seq()}-${uniq()}`, ...cargaLugares(), pesoKg: 1200, valor: '35.000,00', volumes: 8, dataPrevista: '2026-12-03' });
const pedidoDeA = async (h: Harness) => (await h.create('/documentos/pedidos')).uid;
async function pedidoSimulado(h: Harness): Promise<{ uid: string; simulacaoFreteUid: string }> {
  const uid = await pedidoDeA(h);
  const res = await h.admin.get(`/api/v1/documentos/pedidos/${uid}/simular-frete`);
  if (res.status !== 200 || !res.body.data.data.length) throw new Error(`simular-frete do pedido: ${res.status} ${res.text}`);
  return { uid, simulacaoFreteUid: res.body.data.data[0].uid };
}
// Pickup orders: a draft with a carrier of A and one product line; sent to the carrier when asked.
async function ordemDeA(h: Harness): Promise<string> {
  const uid = (await h.create('/ordenscoleta')).uid;
  const res = await h.admin.post(`/api/v1/ordenscoleta/${uid}/produtos`, produtoCarga(h));
  if (res.status !== 201) throw new Error(`produto da ordem: ${res.status} ${res.text}`);
  return uid;
}
async function ordemAguardando(h: Harness): Promise<{ uid: string }> {
  const uid = await ordemDeA(h);
  const res = await h.admin.put(`/api/v1/ordenscoleta/${uid}/atualizarstatus`, { status: 2 });
  if (res.status !== 200) throw new Error(`aguardar liberação: ${res.status} ${res.text}`);
  return { uid };
}
const itemDaOrdem = async (h: Harness, uid: string) => (await h.rows<{ uid: string }>(sql`select uid from carga_produtos where ordem_coleta_uid = ${uid} limit 1`))[0].uid;
async function ordemEnviada(h: Harness): Promise<{ uid: string }> {
  const { uid } = await ordemAguardando(h);
  const res = await h.admin.put(`/api/v1/ordenscoleta/${uid}/liberacaoitem`, { itemUid: await itemDaOrdem(h, uid) });
  if (res.status !== 200 || res.body.data.status !== 3) throw new Error(`liberar item: ${res.status} ${res.text}`);
  return { uid };
}
const produtoCarga = (h: Harness) => ({ descricao: `Carga de Teste ${h.seq()}`, quantidade: 10, pesoKg: 120.5, volumeM3: 0.8, valor: '1.500,00' });
const nfeCarga = (h: Harness) => ({ numero: 100000 + h.seq(), serie: 1, valor: 2500, pesoKg: 300, volumes: 12 });

export const fixtures: Record<string, ResourceFixture> = {
  ...fixturesAuditoria,
  '/centros-custo': {
    body: (h) => {
      const n = h.seq();
      return { codigo: `T${n}-${uniq()}`, nome: `Centro de Custo de Teste ${n}`, ativo: true };
    },
  },
  '/departamentos': {
    body: async (h) => {
      const n = h.seq();
      const cc = await h.create('/centros-custo');
      return { nome: `Departamento de Teste ${n} ${uniq()}`, descricao: 'Criado pelos testes', centroCustoUid: cc.uid, ativo: true };
    },
  },
  '/papeis': {
    body: (h) => ({
      nome: `Papel de Teste ${h.seq()} ${uniq()}`,
      descricao: 'Criado pelos testes',
      tipo: 1,
      permissoes: { 'centros-custo': ['ler', 'criar'], departamentos: ['ler'] },
    }),
  },
  '/api-token': {
    body: (h) => ({ nome: `Integração de Teste ${h.seq()}`, expiraEm: null }),
  },
  '/cadastros/embarcadores': {
    body: (h) => {
      const n = h.seq();
      return {
        nome: `Embarcador de Teste ${n} Ltda`,
        nomeFantasia: `Teste ${n}`,
        cnpj: generateCnpj(),
        email: `contato${n}.${uniq()}@teste.com.br`,
        telefone: '(11) 3333-4444',
        cep: '01310-100',
        uf: 'SP',
        municipioIbge: '3550308',
        ativo: true,
      };
    },
  },
  '/embarcadores/:uid/unidades': {
    parent: (h) => h.embarcadorA,
    body: (h) => {
      const n = h.seq();
      return { nome: `Unidade de Teste ${n}`, apelido: `U${n}`, documento: generateCnpj(), cep: '13015-000', uf: 'SP', municipioIbge: '3509502', ativo: true };
    },
  },
  '/embarcadores/:uid/usuarios': {
    parent: (h) => h.embarcadorA,
    body: async (h) => {
      const n = h.seq();
      return {
        nome: `Usuária de Teste ${n}`,
        apelido: `Teste ${n}`,
        login: `usuario${n}.${uniq()}@demo.com.br`,
        papelUid: await h.papelUid(h.embarcadorA, 'Operador'),
        unidadeUid: null,
      };
    },
  },
  '/embarcadores/:uid/transportadores': {
    parent: (h) => h.embarcadorA,
    body: async (h) => ({ transportadorUid: await carrierSemVinculo(h) }),
    // The reply is {transportadorUid}; the "record" is the link, named by the carrier's uid.
    async create(h, { parent }) {
      const transportadorUid = await carrierSemVinculo(h);
      const res = await h.admin.post(`/api/v1/embarcadores/${parent}/transportadores`, { transportadorUid });
      if (res.status !== 201) throw new Error(`vincular transportador: ${res.status} ${res.text}`);
      return transportadorUid;
    },
  },
  '/transportadores': {
    body: (h) => {
      const n = h.seq();
      return {
        nome: `Transportes de Teste ${n} Ltda`,
        nomeFantasia: `Transteste ${n}`,
        cnpj: generateCnpj(),
        ie: '1234567890',
        rntrc: '12345678',
        email: `comercial${n}.${uniq()}@transteste.com.br`,
        telefone: '(41) 3333-4444',
        cep: '80010-000',
        uf: 'PR',
        municipioIbge: '4106902',
        ativo: true,
      };
    },
  },
  '/transportadores/:uid/unidades': {
    parent: carrierOfA,
    body: (h) => {
      const n = h.seq();
      return { nome: `Filial de Teste ${n}`, apelido: `F${n}`, documento: generateCnpj(), indicaAutonomo: false, cep: '80010-000', uf: 'PR', municipioIbge: '4106902', ativo: true };
    },
  },
  '/transportadores/:uid/usuarios': {
    parent: carrierOfA,
    body: (h) => {
      const n = h.seq();
      return { nome: `Motorista de Teste ${n}`, apelido: `M${n}`, login: `motorista${n}.${uniq()}@transteste.com.br`, unidadeTransportadorUid: null };
    },
    update: (h) => ({ nome: `Motorista Alterado ${h.seq()}`, apelido: null, unidadeTransportadorUid: null }),
  },
  '/pessoas': {
    body: (h) => {
      const n = h.seq();
      return {
        documento: generateCnpj(), ie: 'ISENTO', nome: `Cliente de Teste ${n} Ltda`, nomeFantasia: `Cliente ${n}`,
        cep: '30130-010', logradouro: 'Avenida Afonso Pena', numero: String(n), bairro: 'Centro', municipioIbge: '3106200', uf: 'MG',
        email: `cliente${n}.${uniq()}@teste.com.br`, telefone: '(31) 3222-1000', remetente: false, destinatario: true, tomador: false, ativo: true,
      };
    },
  },
  '/produtos': {
    body: (h) => {
      const n = h.seq();
      return { codigo: `P${n}-${uniq()}`, descricao: `Produto de Teste ${n}`, ncm: '0901.21.00', unidade: 'CX', pesoBrutoKg: 10.5, pesoLiquidoKg: 10, comprimentoCm: 40, larguraCm: 30, alturaCm: 25, valorUnitario: '189,90', ean: null, ativo: true };
    },
  },
  '/setor': {
    body: (h) => {
      const n = h.seq();
      return { codigo: `S${n}-${uniq()}`, nome: `Setor de Teste ${n} ${uniq()}`, descricao: 'Criado pelos testes', ativo: true };
    },
  },
  '/zona': {
    body: (h) => {
      const n = h.seq();
      return { codigo: `Z${n}-${uniq()}`, nome: `Zona de Teste ${n} ${uniq()}`, descricao: 'Capital e região metropolitana', uf: 'SP', ativo: true };
    },
  },
  '/tiposveiculo': {
    body: (h) => ({ nome: `Tipo de Teste ${h.seq()} ${uniq()}`, capacidadeKg: 8000, capacidadeM3: 45.5, eixos: 3, tipoCarroceria: 'BAU', ativo: true }),
  },
  '/transportadores/:uid/motoristas': {
    parent: carrierOfA,
    body: (h) => ({ nome: `Motorista de Teste ${h.seq()}`, cpf: generateCpf(), cnhNumero: generateCnh(), cnhCategoria: 'E', cnhValidade: '2031-12-31', telefone: '(41) 99999-0000', ativo: true }),
  },
  '/transportadores/:uid/veiculos': {
    parent: carrierOfA,
    body: async (h) => {
      const [tipo] = await h.rows<{ uid: string }>(sql`select uid from tipos_veiculo where embarcador_uid is null and nome = 'Truck'`);
      return { placa: generateLicensePlate(), renavam: generateRenavam(), tipoVeiculoUid: tipo.uid, capacidadeKg: null, capacidadeM3: null, ano: 2022, proprietario: 'PROPRIO', ufLicenciamento: 'PR', ativo: true };
    },
  },
  '/configuracoes/tributos': {
    // Interstate rules, one year each far in the future: never overlapping another call's.
    body: (h) => {
      const ano = 2200 + h.seq();
      return { tipo: 'INTERESTADUAL', ufOrigem: 'SP', ufDestino: 'BA', aliquota: 7, vigenciaInicio: `${ano}-01-01`, vigenciaFim: `${ano}-12-31`, descricao: 'Criado pelos testes', ativo: true };
    },
  },
  '/pisos-antt': {
    // A start date of its own per call (unique per shipper, cargo type, axles and start).
    body: (h) => ({ tipoCarga: 'CARGA_GERAL', eixos: 5, ccd: 6.1234, cc: 650.5, vigenciaInicio: `${2300 + h.seq()}-01-01`, fonte: 'Criado pelos testes', ativo: true }),
  },
  '/configuracoes/iss': {
    // A municipality of its own on every call (unique per shipper and municipality): a counter of its own,
    // since h.seq() grows with every fixture of a suite and would run past the 853 municipalities of one UF.
    body: async (h) => {
      const [m] = await h.rows<{ ibge: string }>(sql`select ibge from municipios where uf <> 'SP' order by ibge offset ${issSeq++} limit 1`);
      return { municipioIbge: m.ibge, aliquota: 2.5, retencao: 'NAO_RETIDO', observacao: 'Criado pelos testes', ativo: true, def: false };
    },
  },
  '/regioes': {
    body: (h) => ({ nome: `Região de Teste ${h.seq()} ${uniq()}`, descricao: 'Criada pelos testes', ativo: true }),
  },
  '/regioes/:uid/locais': {
    parent: async (h) => (await h.create('/regioes')).uid,
    body: (h) => faixaCepUnica(h),
  },
  '/faixascep': {
    body: (h) => {
      const f = faixaCepUnica(h);
      return { nome: `Faixa de Teste ${h.seq()}`, uf: 'SP', municipioIbge: null, de: f.de, ate: f.ate, ativo: true };
    },
  },
  '/feriados': {
    body: (h) => {
      const d = new Date(Date.UTC(2031, 0, 1) + (h.seq() * 7 + Math.floor(Math.random() * 5000)) * 86_400_000).toISOString().slice(0, 10);
      return { data: d, nome: `Feriado de Teste ${uniq()}`, escopo: 'UF', uf: 'SP', municipioIbge: null, facultativo: false };
    },
  },
  '/modais': {
    body: (h) => ({ codigo: `MODAL_${h.seq()}_${uniq().toUpperCase()}`, nome: `Modal de Teste ${h.seq()}`, fatorCubagemPadrao: 250, ativo: true }),
  },
  '/componentes': {
    body: (h) => ({ codigo: `COMP_${h.seq()}_${uniq().toUpperCase()}`, nome: `Componente de Teste ${h.seq()}`, descricao: 'Criado pelos testes', ativo: true }),
  },
  '/transportadores/:uid/mapasComponente': {
    parent: carrierOfA,
    body: async (h) => {
      const [c] = await h.rows<{ uid: string }>(sql`select uid from componentes where embarcador_uid is null and codigo = 'GRIS'`);
      return { nome: `COMPONENTE CTE ${h.seq()} ${uniq()}`, componenteUid: c.uid };
    },
  },
  '/prazosentrega': {
    body: async (h) => ({ transportadorUid: await carrierOfA(h), origem: { tipo: 'UF', uf: 'SP' }, destino: faixaCepUnica(h), prazoDiasUteis: 3, observacao: 'Criado pelos testes', ativo: true }),
  },
  '/rotas': {
    body: (h) => ({ nome: `Rota de Teste ${h.seq()} ${uniq()}`, transportadorUid: null, origem: { tipo: 'UF', uf: 'SP' }, destino: { tipo: 'MUNICIPIO', ibge: '3304557' }, distanciaKm: 430, ativo: true }),
  },
  '/tabelasfrete': {
    body: async (h) => ({
      nome: `Tabela de Teste ${h.seq()} ${uniq()}`,
      transportadorUid: await carrierOfA(h),
      modalUid: null,
      vigenciaInicio: '2026-01-01',
      vigenciaFim: null,
      fatorCubagem: 300,
      icmsIncluso: false,
      prioridade: 0,
      observacoes: 'Criada pelos testes',
    }),
  },
  '/tabelasfrete/:uid/rotas': {
    parent: tabelaDeA,
    body: (h) => ({ origem: { tipo: 'UF', uf: 'SP' }, destino: faixaCepUnica(h), prazoDiasUteis: 2, freteMinimo: 80, distanciaKm: null }),
  },
  '/tabelasfrete/:uid/generalidades': {
    parent: tabelaDeA,
    body: async (h) => ({ componente: await componenteNovo(h), base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 3, aposMinimo: false }),
  },
  '/tabelasfrete/:uid/adicionais': {
    parent: tabelaDeA,
    body: async (h) => ({ componente: await componenteNovo(h), base: 'VIAGEM', calculo: 'FIXO', valor: 35, destino: { tipo: 'UF', uf: 'SP' } }),
  },
  '/tabelasfrete/:uid/rotasComponente': {
    parent: tabelaDeA,
    body: async (h, { parent }) => ({ tabelaRotaUid: await rotaDaTabela(h, parent as string), componente: await componenteNovo(h), base: 'VIAGEM', calculo: 'FIXO', valor: 4.5 }),
  },
  '/tabelasfrete/:uid/faixasCalculo': {
    parent: tabelaDeA,
    body: async (h, { parent }) => ({ regraUid: await regraFaixa(h, parent as string), ate: null, valor: 90, modo: 'FIXO' }),
  },
  '/tabelasfrete/:uid/prioridades': {
    parent: tabelaDeA,
    body: (h) => ({ origem: null, destino: { tipo: 'UF', uf: 'MG' }, prioridade: h.seq() % 100, observacao: 'Criada pelos testes' }),
  },
  '/tabelasfrete/:uid/restricoes-componentes': {
    parent: tabelaDeA,
    body: async (h) => ({ componente: await componenteNovo(h), modo: 'SOMENTE', descricao: 'Criada pelos testes' }),
  },
  '/solicitacoesfrete': {
    body: async (h) => ({ ...cargaLugares(), remetenteUid: await pessoaDeA(h), observacao: `Solicitação de teste ${h.seq()}` }),
  },
  '/solicitacoesfrete/:uid/produtos': { parent: solicitacaoDeA, body: produtoCarga },
  '/solicitacoesfrete/:uid/nfes': { parent: solicitacaoDeA, body: nfeCarga },
  '/cotacoesfrete': {
    body: (h) => ({ ...cargaLugares(), tipoCarga: 'LTL', valorAlvo: '900,00', prazoResposta: null, observacao: `Cotação de teste ${h.seq()}` }),
  },
  '/cotacoesfrete/:uid/produtos': { parent: cotacaoDeA, body: produtoCarga },
  '/cotacoesfrete/:uid/nfes': { parent: cotacaoDeA, body: nfeCarga },
  '/embarque': {
    body: (h) => ({ ...cargaLugares(), cotacaoUid: null, transportadorUid: null, dataEmbarque: '2026-12-02', observacao: `Embarque de teste ${h.seq()}` }),
  },
  '/embarque/:uid/nfes': { parent: embarqueDeA, body: nfeCarga },
  '/embarque/:uid/produtos': { parent: embarqueDeA, body: produtoCarga },
  '/documentos/pedidos': { body: pedidoCorpo },
  '/planejamento-carga': { body: (h) => ({ ...cargaLugares(), descricao: `Planejamento de teste ${h.seq()}`, dataEmbarque: '2026-12-04', documentos: [] }) },
  '/ordenscoleta': {
    body: async (h) => ({ ...cargaLugares(), transportadorUid: await carrierOfA(h), cotacaoUid: null, observacao: `Ordem de coleta de teste ${h.seq()}` }),
  },
  '/ordenscoleta/:uid/produtos': { parent: ordemDeA, body: produtoCarga },
  '/ordenscoleta/:uid/nfes': { parent: ordemDeA, body: nfeCarga },
  '/ocorrencias': {
    body: (h) => ({ codigo: `T${h.seq()}${uniq()}`.slice(0, 10), descricao: `Ocorrência de Teste ${h.seq()}`, acao: 3, tipoCobranca: 'V', valorCobranca: 35.5, ativo: true }),
  },
  '/ocorrencias/depara': {
    body: async (h) => ({
      transportadorUid: await carrierOfA(h),
      codigoTransportador: `C${h.seq()}`,
      descricaoTransportador: 'Código do transportador (testes)',
      ocorrenciaUid: (await h.create('/ocorrencias')).uid,
    }),
  },
  '/eventos-ocorrencia': {
    body: async (h) => ({
      nfeUid: await nfeDoTransportadorDemo(h),
      ocorrenciaUid: (await h.create('/ocorrencias')).uid,
      dataHora: '2025-02-03T10:15:00-03:00',
      observacao: `Evento de teste ${h.seq()}`,
    }),
  },
  // One row per NF-e (no POST): the note is the record.
  '/tracking': { create: async (h) => (await h.create('/documentos/nfes')).uid },
  '/ocorrencias/sem-depara': {
    // Rows arrive only from carrier files (EDI import): inserted straight for the suites.
    create: async (h) => {
      const [row] = await h.rows<{ uid: string }>(
        sql`insert into ocorrencias_sem_depara (embarcador_uid, cnpj_transportador, codigo_transportador, quantidade) values (${h.embarcadorA}, ${generateCnpj()}, ${`X${h.seq()}`}, 1) returning uid`,
      );
      return row.uid;
    },
  },
  '/fila-tarefas': {
    // Tasks are queued by the modules (no POST): a finished one, so DELETE applies.
    create: async (h) =>
      (await h.rows<{ uid: string }>(sql`insert into tarefas (embarcador_uid, tipo, status, preparada, concluido_em) values (${h.embarcadorA}, 'teste-fixture', 3, true, now()) returning uid`))[0].uid,
  },
  '/logs': { body: (h) => ({ nivel: 'info', origem: 'testes', mensagem: `Entrada de teste ${h.seq()}` }) },
  '/historico-webservice': {
    create: async (h) =>
      (await h.rows<{ uid: string }>(sql`insert into historico_webservice (embarcador_uid, servico, ambiente, url, c_stat, sucesso, duracao_ms) values (${h.embarcadorA}, 'NFeDistribuicaoDFe', 'homologacao', 'https://localhost/ws', '138', true, 12) returning uid`))[0].uid,
  },
  '/documentos/nfes': {
    // Notes arrive by import (no POST): one row of shipper A with a key of its own, and its tracking row
    // (an import writes both in one transaction).
    create: async (h) => {
      const [n] = await h.rows<{ uid: string }>(sql`insert into nfes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, emitente_documento, emitente_nome) values (${h.embarcadorA}, ${chaveFicticia(h)}, ${h.seq()}, 1, now(), '2025-01-10T10:00:00-03:00', '11222333000181', 'Emitente Teste') returning uid`);
      await h.rows(sql`insert into rastreios (nfe_uid, embarcador_uid, token) values (${n.uid}, ${h.embarcadorA}, ${novoToken()}) returning nfe_uid`);
      return n.uid;
    },
    update: () => ({ observacao: `Alterada pelos testes ${uniq()}` }),
  },
  '/documentos/ctes': {
    create: async (h) =>
      (await h.rows<{ uid: string }>(sql`insert into ctes (embarcador_uid, chave, numero, serie, emissao, emissao_texto, protocolo) values (${h.embarcadorA}, ${chaveFicticia(h)}, ${h.seq()}, 1, now(), '2025-01-10T10:00:00-03:00', '135250000000001') returning uid`))[0].uid,
  },
  '/documentos/nfe-virtual': {
    body: (h) => ({
      numero: 900_000 + h.seq() * 97 + Math.floor(Math.random() * 90),
      serie: 1,
      emissao: '2025-03-01',
      emitenteDocumento: '11222333000181',
      emitenteNome: 'Emitente Teste',
      destinatarioDocumento: generateCnpj(),
      destinatarioNome: 'Destinatário Teste',
      destinatarioUf: 'RJ',
      valorTotal: 100.5,
    }),
  },
  '/sefaz/resumos': {
    create: async (h) =>
      (await h.rows<{ uid: string }>(sql`insert into sefaz_resumos (embarcador_uid, servico, cnpj_interessado, nsu, schema, chave, xml) values (${h.embarcadorA}, 'nfe', '12345678000195', ${String(h.seq()).padStart(15, '0')}, 'resNFe_v1.01.xsd', '35261111222333000181550010000012341000012345', '<resNFe/>') returning uid`))[0].uid,
  },
  '/grupo-notificacoes': { body: async (h) => ({ nome: `Grupo ${h.seq()} ${uniq()}`, descricao: null, ativo: true, usuarioUids: [await usuarioDeA(h)] }) },
  '/parametro-notificacao': { body: async (h) => ({ tipo: await tipoNotificacaoLivre(h), grupoUids: [], app: true, email: false, ativo: true }) },
};

export const routeFixtures: Record<string, RouteFixture> = {
  ...rotasAuditoria,
  ...rotasBi,
  'PATCH /api/v1/notificacao/:uid': { params: notificacaoDeA, body: () => ({ dataLeitura: '2026-11-26T12:00:00Z' }) },
  'DELETE /api/v1/notificacao/:uid': { params: notificacaoDeA },
  'POST /api/v1/documentos/export-nfes': { body: () => ({ filtros: {}, incluirXml: false }) },
  'POST /api/v1/documentos/export-notfis': { body: async (h) => ({ nfeUids: [(await h.create('/documentos/nfes')).uid], transportadorUid: await carrierOfA(h), versao: '3.1' }) },
  'POST /api/v1/exportar-lista': { body: () => ({ lista: '/centros-custo', filtros: {}, colunas: [{ campo: 'nome', titulo: 'Nome' }] }) },
  'PUT /api/v1/documentos/ctes/:uid/status': { body: () => ({ status: 2 }) },
  'PUT /api/v1/tabelasfrete/:uid/atualizarstatus': {
    body: () => ({ status: 2, justificativa: 'Teste de isolamento' }),
  },
  'PUT /api/v1/perfil/embarcador-ativo/:uid': {
    params: async (h) => ({ uid: h.embarcadorA }),
  },
  'POST /api/v1/usuarios/startresetpassword/:id': {
    params: async (h) => ({ id: await h.userUid('operador@demo.com.br') }),
  },
  'POST /api/v1/usuarios/startrevalidacao/:id': {
    // A user just added to shipper A is pending activation.
    params: async (h) => ({ id: (await h.create('/embarcadores/:uid/usuarios')).uid }),
  },
  'PUT /api/v1/embarcadores/:uid/pre-usuarios-transportador/:preUsuarioUid': {
    params: async (h) => ({ uid: h.embarcadorA, preUsuarioUid: await preUsuarioPendente(h) }),
    body: () => ({ status: 2 }),
  },
  'DELETE /api/v1/embarcadores/:uid/transportadores/:transportadorUid': {
    params: async (h) => ({ uid: h.embarcadorA, transportadorUid: (await h.create('/embarcadores/:uid/transportadores')).uid }),
  },
  'POST /api/v1/tabelasfrete/:uid/reajustar': {
    body: () => ({ vigenciaInicio: '2027-01-01', vigenciaFim: null, percentual: 5 }),
  },
  'GET /api/v1/tabelasfrete/:uid/anexos/:anexoUid': { params: anexoDeTabela },
  'DELETE /api/v1/tabelasfrete/:uid/anexos/:anexoUid': { params: anexoDeTabela },
  'GET /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/remetentes': { params: restricaoDaTabela },
  'GET /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/destinatarios': { params: restricaoDaTabela },
  'POST /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/importar-remetentes': { params: restricaoDaTabela },
  'POST /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/importar-destinatarios': { params: restricaoDaTabela },
  'POST /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/remetentes/:pessoaUid': { params: async (h) => ({ ...(await restricaoDaTabela(h)), pessoaUid: await pessoaDeA(h) }) },
  'DELETE /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/remetentes/:pessoaUid': { params: async (h) => ({ ...(await restricaoDaTabela(h)), pessoaUid: await pessoaDeA(h) }) },
  'POST /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/destinatarios/:pessoaUid': { params: async (h) => ({ ...(await restricaoDaTabela(h)), pessoaUid: await pessoaDeA(h) }) },
  'DELETE /api/v1/tabelasfrete/:uid/restricoes-componentes/:childUid/destinatarios/:pessoaUid': { params: async (h) => ({ ...(await restricaoDaTabela(h)), pessoaUid: await pessoaDeA(h) }) },
  'PUT /api/v1/solicitacoesfrete/:uid/atualizarstatus': { body: () => ({ status: 4 }) },
  'GET /api/v1/solicitacoesfrete/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'solicitacoesfrete', await solicitacaoDeA(h)) },
  'DELETE /api/v1/solicitacoesfrete/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'solicitacoesfrete', await solicitacaoDeA(h)) },
  'PUT /api/v1/cotacoesfrete/:uid/atualizarstatus': { body: () => ({ status: 5, justificativa: 'Cancelada pelos testes' }) },
  'PUT /api/v1/cotacoesfrete/:uid/aprovacao': { body: () => ({ aprovado: false, justificativa: 'Reprovada pelos testes' }) },
  'PUT /api/v1/cotacoesfrete/:uid/aprovacao-usuario': { body: () => ({ aprovado: false, justificativa: 'Reprovada pelos testes' }) },
  'POST /api/v1/cotacoesfrete/:uid/transportadores': { body: async (h) => ({ transportadorUid: await carrierOfA(h) }) },
  'PUT /api/v1/cotacoesfrete/:uid/transportadores/:transportadorUid': {
    params: cotacaoAbertaComConvite,
    body: () => ({ valorTotal: '850,00', prazoDiasUteis: 3, validade: '2026-12-31', horasLivresCarregamento: 4, valorDiaria: 300, observacao: null }),
  },
  'DELETE /api/v1/cotacoesfrete/:uid/transportadores/:transportadorUid': { params: cotacaoComConvite },
  'POST /api/v1/cotacoesfrete/from-solicitacao/:solicitacaoUid': { params: async (h) => ({ solicitacaoUid: await solicitacaoDeA(h) }) },
  'GET /api/v1/cotacoesfrete/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'cotacoesfrete', await cotacaoDeA(h)) },
  'DELETE /api/v1/cotacoesfrete/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'cotacoesfrete', await cotacaoDeA(h)) },
  'PUT /api/v1/ordenscoleta/:uid/atualizarstatus': { body: () => ({ status: 6, justificativa: 'Cancelada pelos testes' }) },
  'PUT /api/v1/ordenscoleta/:uid/liberacaoitem': { params: ordemAguardando, body: async (h, p) => ({ itemUid: await itemDaOrdem(h, p.uid) }) },
  'PUT /api/v1/ordenscoleta/:uid/confirmar': { params: ordemEnviada, body: () => ({ dataColetaPrevista: '2026-12-04' }) },
  'PUT /api/v1/ordenscoleta/:uid/recusar': { params: ordemEnviada, body: () => ({ justificativa: 'Recusada pelos testes' }) },
  'GET /api/v1/ordenscoleta/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'ordenscoleta', await ordemDeA(h)) },
  'DELETE /api/v1/ordenscoleta/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'ordenscoleta', await ordemDeA(h)) },
  'PUT /api/v1/embarque/:uid/cancel': { body: () => ({ justificativaStatus: 'Cancelado pelos testes' }) },
  'PUT /api/v1/embarque/:uid/reabrir': { body: () => ({ justificativaStatus: 'Reaberto pelos testes' }) },
  'POST /api/v1/documentos/pedidos/:uid/definir-nfe': { body: async (h) => ({ nfeUid: (await h.create('/documentos/nfes')).uid }) },
  'POST /api/v1/documentos/pedidos/:uid/definir-transportador': { body: async (h) => ({ transportadorUid: await carrierOfA(h) }) },
  'POST /api/v1/documentos/pedidos/:uid/selecionar-calculo': { params: pedidoSimulado, body: (_h, p) => ({ simulacaoFreteUid: p.simulacaoFreteUid }) },
  'POST /api/v1/planejamento-carga/documentos/filter': { body: () => ({ destinoUf: 'RJ' }) },
  'POST /api/v1/planejamento-carga/propor': {
    body: async (h) => ({ tipo: 'nfe', destinoUf: 'RJ', origemMunicipioIbge: '3550308', tipoVeiculoUid: (await h.create('/tiposveiculo')).uid }),
  },
  'POST /api/v1/planejamento-carga/:uid/mover': {
    body: async (h) => ({ destinoUid: (await h.create('/planejamento-carga')).uid, documentos: [{ nfeUid: (await h.create('/documentos/nfes')).uid }] }),
  },
  'GET /api/v1/embarque/:uid/simulacoes/:simulacaoUid': { params: simulacaoDeEmbarque },
  'GET /api/v1/eventos-ocorrencia/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'eventos-ocorrencia', (await h.create('/eventos-ocorrencia')).uid) },
  'DELETE /api/v1/eventos-ocorrencia/:uid/anexos/:anexoUid': { params: async (h) => anexoDe(h, 'eventos-ocorrencia', (await h.create('/eventos-ocorrencia')).uid) },
  'POST /api/v1/tracking/recalcular-prazo-entrega': { body: () => ({ dataInicio: '2025-01-01', dataFim: '2025-01-31' }) },
  'GET /api/v1/ocorrencias/transportador/:transportadorUid/copiar': {
    params: async (h) => ({ transportadorUid: (await h.create('/ocorrencias/depara')).item?.transportadorUid as string }),
  },
  'POST /api/v1/ocorrencias/transportador/:transportadorUid/copiar': {
    params: async (h) => ({ transportadorUid: (await h.create('/ocorrencias/depara')).item?.transportadorUid as string }),
  },
};
