import { generateCnpj } from '@brazilian-utils/brazilian-utils';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { componentes, embarcadores, motoristas, papeis, transportadores, usuarioEmbarcador, usuarios } from '../../db/schema/index.ts';
import { MANTIDO_POR_OUTRO_EMBARCADOR, MANTIDO_PELO_TRANSPORTADOR } from './propriedade.ts';

// A carrier shared by several shippers (issue 7, fault 1). The attack: shipper B finds shipper A's
// carrier by name, links it, and then read its users' logins and drivers' CPFs, renamed it, changed
// A's driver and locked the carrier's user out of every shipper. Now: linking shows only public data,
// B reads no personal data and changes nothing; only the record's owner does (propriedade.ts).
let t: TestApp;
let admin: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};
let demoUid: string, outroUid: string, tiagoUid: string;
const CPF_MASCARADO = /^\*\*\*\.\d{3}\.\d{3}-\*\*$/;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
  const es = await t.db.select().from(embarcadores);
  demoUid = es.find((e) => e.cnpj === '11222333000181')!.uid;
  outroUid = es.find((e) => e.cnpj === '45723174000110')!.uid;
  [{ uid: tiagoUid }] = await t.db.select({ uid: usuarios.uid }).from(usuarios).where(eq(usuarios.login, 'transportador@rapidosul.com.br'));
});
afterAll(() => t?.close());

const rapido = () => `/api/v1/transportadores/${uid['Rápido Sul']}`;
const carrierRow = async (u: string) => (await t.db.select().from(transportadores).where(eq(transportadores.uid, u)))[0];
const forbidden = (res: { status: number; body: { message: string } }, message: string) => {
  expect(res.status, JSON.stringify(res.body)).toBe(403);
  expect(res.body.message).toBe(message);
};

describe("shipper B links shipper A's carrier (the attack of issue 7)", () => {
  it('finds it by name and by CNPJ with public data only, and links it', async () => {
    const sel = await outro.get('/api/v1/transportadores/listaselecao-geral', { q: 'Rapido' });
    expect(sel.status).toBe(200);
    const opcao = sel.body.data.find((o: { uid: string }) => o.uid === uid['Rápido Sul']);
    expect(Object.keys(opcao).sort()).toEqual(['cnpj', 'label', 'nome', 'uid', 'value']);
    const cnpj = await outro.get('/api/v1/transportadores/consulta-cnpj/60746948000112');
    expect(cnpj.body.data).toMatchObject({ encontrado: true, vinculado: false, transportador: { uid: uid['Rápido Sul'], rntrc: '012345678', email: null, telefone: null } });
    // Linked, its own contact shows (the carrier's company contact, not a person's).
    expect((await admin.get('/api/v1/transportadores/consulta-cnpj/60746948000112')).body.data.transportador.email).toBe('comercial@rapidosul.com.br');
    const link = await outro.post(`/api/v1/embarcadores/${outroUid}/transportadores`, { transportadorUid: uid['Rápido Sul'] });
    expect(link.status).toBe(201);
    expect((await outro.get(rapido())).status).toBe(200);
  });

  it("B reads no user's login of the carrier", async () => {
    const res = await outro.get(`${rapido()}/usuarios`);
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ data: [], totalRecords: 0 });
    expect((await outro.get(`${rapido()}/usuarios/${tiagoUid}`)).status).toBe(404);
    expect((await outro.get(`${rapido()}/usuarios`, { ftr_login: 'transportador' })).body.data.totalRecords).toBe(0);
  });

  it("B reads the drivers with CPF and CNH masked and no phone; the CPF filters find nothing", async () => {
    const res = await outro.get(`${rapido()}/motoristas`, { pps: 50 });
    expect(res.status).toBe(200);
    expect(res.body.data.totalRecords).toBe(4);
    for (const m of res.body.data.data) {
      expect(m.cpf).toMatch(CPF_MASCARADO);
      expect(m.cnhNumero).toMatch(/^\*{9}\d{2}$/);
      expect(m.telefone).toBeNull();
    }
    const [real] = await t.db.select().from(motoristas).where(eq(motoristas.transportadorUid, uid['Rápido Sul'])).limit(1);
    expect((await outro.get(`${rapido()}/motoristas/${real.uid}`)).body.data.cpf).toBe(`***.${real.cpf.slice(3, 6)}.${real.cpf.slice(6, 9)}-**`);
    expect((await outro.get(`${rapido()}/motoristas`, { ftr_cpf: real.cpf })).body.data.totalRecords).toBe(0);
    expect((await outro.get(`${rapido()}/motoristas`, { ftr_cnhNumero: real.cnhNumero })).body.data.totalRecords).toBe(0);
    // Nor an order by CPF: among drivers B registers with chosen CPFs it would reveal the hidden digits.
    expect((await outro.get(`${rapido()}/motoristas`, { ssf: 'cpf' })).status).toBe(400);
    const lista = await outro.get('/api/v1/motoristas/list', { q: real.cpf.slice(0, 6), transportadorUid: uid['Rápido Sul'] });
    expect(lista.body.data).toEqual([]);
    const porNome = await outro.get('/api/v1/motoristas/list', { q: real.nome, transportadorUid: uid['Rápido Sul'] });
    expect(porNome.body.data[0].cpf).toMatch(CPF_MASCARADO);
    expect(porNome.body.data[0].label).not.toContain(real.cpf.slice(0, 3));
    // A registered them: A reads them in full.
    const deA = await admin.get(`${rapido()}/motoristas/${real.uid}`);
    expect(deA.body.data).toMatchObject({ cpf: real.cpf, cnhNumero: real.cnhNumero });
    expect((await admin.get(`${rapido()}/motoristas`, { ftr_cpf: real.cpf })).body.data.totalRecords).toBe(1);
  });

  it('B cannot rename the carrier, change its driver, units, vehicles or users, nor lock its user out', async () => {
    const antes = await carrierRow(uid['Rápido Sul']);
    forbidden(await outro.put(rapido(), { nome: 'Tomado', cnpj: '60746948000112' }), MANTIDO_PELO_TRANSPORTADOR);
    expect(await carrierRow(uid['Rápido Sul'])).toEqual(antes);

    const [m] = await t.db.select().from(motoristas).where(eq(motoristas.transportadorUid, uid['Rápido Sul'])).limit(1);
    const corpo = { nome: 'Trocado', cpf: '52998224725', cnhNumero: '02650306461', cnhCategoria: 'B', cnhValidade: '2031-01-01', telefone: null, ativo: true };
    forbidden(await outro.put(`${rapido()}/motoristas/${m.uid}`, corpo), MANTIDO_PELO_TRANSPORTADOR);
    forbidden(await outro.post(`${rapido()}/motoristas`, corpo), MANTIDO_PELO_TRANSPORTADOR);
    expect((await t.db.select().from(motoristas).where(eq(motoristas.uid, m.uid)))[0]).toEqual(m);

    forbidden(await outro.post(`${rapido()}/unidades`, { nome: 'Intrusa', documento: '52998224725' }), MANTIDO_PELO_TRANSPORTADOR);
    const unidade = (await outro.get(`${rapido()}/unidades`)).body.data.data[0];
    forbidden(await outro.put(`${rapido()}/unidades/${unidade.uid}`, { nome: 'Intrusa', documento: unidade.documento }), MANTIDO_PELO_TRANSPORTADOR);
    const veiculo = (await outro.get(`${rapido()}/veiculos`)).body.data.data[0];
    forbidden(
      await outro.put(`${rapido()}/veiculos/${veiculo.uid}`, { placa: veiculo.placa, renavam: veiculo.renavam, tipoVeiculoUid: veiculo.tipoVeiculoUid, proprietario: 'PROPRIO' }),
      MANTIDO_PELO_TRANSPORTADOR,
    );
    forbidden(await outro.post(`${rapido()}/usuarios`, { nome: 'Infiltrado', login: 'infiltrado@outro.com.br' }), MANTIDO_PELO_TRANSPORTADOR);

    expect((await outro.put(`${rapido()}/usuarios/${tiagoUid}`, { nome: 'Tiago', statusUsuario: 3 })).status).toBe(404);
    expect((await outro.delete(`${rapido()}/usuarios/${tiagoUid}`)).status).toBe(404);
    const [tiago] = await t.db.select().from(usuarios).where(eq(usuarios.uid, tiagoUid));
    expect(tiago.statusUsuario).toBe(2);
    expect((await transp.get(rapido())).status).toBe(200);
  });

  it("what B says about the carrier (component maps) is B's alone", async () => {
    const deA = (await admin.get(`${rapido()}/mapasComponente`)).body.data.totalRecords;
    expect(deA).toBeGreaterThan(0);
    expect((await outro.get(`${rapido()}/mapasComponente`)).body.data.totalRecords).toBe(0);
    const [gris] = await t.db.select({ uid: componentes.uid }).from(componentes).where(and(isNull(componentes.embarcadorUid), eq(componentes.codigo, 'GRIS')));
    expect((await outro.post(`${rapido()}/mapasComponente`, { nome: 'GRIS DO OUTRO', componenteUid: gris.uid })).status).toBe(201);
    expect((await admin.get(`${rapido()}/mapasComponente`)).body.data.totalRecords).toBe(deA);
  });

  it('unlinking removes only the link', async () => {
    expect((await outro.delete(`/api/v1/embarcadores/${outroUid}/transportadores/${uid['Rápido Sul']}`)).status).toBe(200);
    expect((await outro.get(rapido())).status).toBe(404);
    expect((await carrierRow(uid['Rápido Sul'])).embarcadorGestorUid).toBe(demoUid);
    expect((await transp.get(rapido())).status).toBe(200);
  });
});

describe('who maintains a carrier', () => {
  it('a carrier with an active user of its own: not even the shipper that registered it changes it', async () => {
    forbidden(await admin.put(rapido(), { nome: 'Renomeado por A', cnpj: '60746948000112' }), MANTIDO_PELO_TRANSPORTADOR);
    forbidden(await admin.put(`${rapido()}/usuarios/${tiagoUid}`, { nome: 'Tiago', statusUsuario: 3 }), MANTIDO_PELO_TRANSPORTADOR);
    // A sees the users that serve it (Tiago is one).
    expect((await admin.get(`${rapido()}/usuarios`)).body.data.data.map((u: { login: string }) => u.login)).toEqual(['transportador@rapidosul.com.br']);
    // Nor through the shipper's user screen: there A changes only its own link (role, unit, ativo).
    const [m] = await t.db.select().from(usuarioEmbarcador).where(and(eq(usuarioEmbarcador.usuarioUid, tiagoUid), eq(usuarioEmbarcador.embarcadorUid, demoUid)));
    const viaEmbarcador = `/api/v1/embarcadores/${demoUid}/usuarios/${tiagoUid}`;
    forbidden(await admin.put(viaEmbarcador, { nome: 'Tiago da Rápido Sul', papelUid: m.papelUid, statusUsuario: 3 }), MANTIDO_PELO_TRANSPORTADOR);
    forbidden(await admin.put(viaEmbarcador, { nome: 'Outro Nome', papelUid: m.papelUid }), MANTIDO_PELO_TRANSPORTADOR);
    const vinculo = await admin.put(viaEmbarcador, { nome: 'Tiago da Rápido Sul', papelUid: m.papelUid, ativo: true });
    expect(vinculo.status, vinculo.text).toBe(200);
    expect((await t.db.select().from(usuarios).where(eq(usuarios.uid, tiagoUid)))[0]).toMatchObject({ nome: 'Tiago da Rápido Sul', statusUsuario: 2 });
  });

  it("the carrier's own user changes it when its role allows", async () => {
    const papelTransportador = and(eq(papeis.embarcadorUid, demoUid), eq(papeis.nome, 'Transportador'));
    const [{ permissoes: doDemo }] = await t.db.select({ permissoes: papeis.permissoes }).from(papeis).where(papelTransportador);
    // The demo's carrier role maintains its own record; a read-only role does not.
    expect(doDemo).toMatchObject({ transportadores: ['ler', 'criar', 'alterar'] });
    await t.db.update(papeis).set({ permissoes: { transportadores: ['ler'], embarcadores: ['ler'] } }).where(papelTransportador);
    expect((await transp.put(rapido(), { nome: 'Rápido Sul Transportes Ltda', cnpj: '60746948000112' })).status).toBe(403);
    await t.db.update(papeis).set({ permissoes: doDemo }).where(papelTransportador);
    const res = await transp.put(rapido(), { nome: 'Rápido Sul Transportes e Logística Ltda', cnpj: '60746948000112', rntrc: '012345678' });
    expect(res.status, res.text).toBe(200);
    expect(res.body.data).toMatchObject({ nome: 'Rápido Sul Transportes e Logística Ltda', podeAlterar: true });
    expect((await transp.get('/api/v1/transportadores')).body.data.data.map((c: { podeAlterar: boolean }) => c.podeAlterar)).toEqual([true]);
    const motoristasDeTiago = (await transp.get(`${rapido()}/motoristas`)).body.data.data;
    expect(motoristasDeTiago.every((m: { cpf: string }) => /^\d{11}$/.test(m.cpf))).toBe(true);
    // Registered by the carrier itself: no shipper is its registrant.
    const novo = await transp.post(`${rapido()}/motoristas`, { nome: 'Motorista Próprio', cpf: '52998224725', cnhNumero: '02650306461', cnhCategoria: 'C', cnhValidade: '2031-01-01', ativo: true });
    expect(novo.status, novo.text).toBe(201);
    expect((await t.db.select().from(motoristas).where(eq(motoristas.uid, novo.body.data.uid)))[0].cadastradoPorEmbarcadorUid).toBeNull();
    expect((await admin.get(`${rapido()}/motoristas/${novo.body.data.uid}`)).body.data.cpf).toBe('***.982.247-**');
    // What Demo says about its carrier (component maps) is Demo's: the carrier's user never writes it.
    const [gris] = await t.db.select({ uid: componentes.uid }).from(componentes).where(and(isNull(componentes.embarcadorUid), eq(componentes.codigo, 'GRIS')));
    expect((await transp.post(`${rapido()}/mapasComponente`, { nome: 'GRIS DO TIAGO', componenteUid: gris.uid })).status).toBe(403);
  });

  it('a carrier without users is maintained by the shipper that registered it, not by others linked to it', async () => {
    const nordeste = `/api/v1/transportadores/${uid['Expresso Nordeste']}`;
    expect((await outro.post(`/api/v1/embarcadores/${outroUid}/transportadores`, { transportadorUid: uid['Expresso Nordeste'] })).status).toBe(201);
    forbidden(await outro.put(nordeste, { nome: 'Tomado', cnpj: '33000167000101' }), MANTIDO_POR_OUTRO_EMBARCADOR);
    const res = await admin.put(nordeste, { nome: 'Expresso Nordeste Logística Ltda', cnpj: '33000167000101', rntrc: '023456789', uf: 'PE' });
    expect(res.status, res.text).toBe(200);
    // A new carrier is kept by the shipper that registers it.
    const criado = await outro.post('/api/v1/transportadores', { nome: 'Transportes do Outro Ltda', cnpj: generateCnpj(), uf: 'RJ' });
    expect(criado.status, criado.text).toBe(201);
    expect((await carrierRow(criado.body.data.uid)).embarcadorGestorUid).toBe(outroUid);
  });

  it('a carrier nobody keeps is kept by the first shipper that links it; when it unlinks, the next one keeps it', async () => {
    const [orfao] = await t.db.insert(transportadores).values({ nome: 'Autocadastro Transportes Ltda', cnpj: generateCnpj(), uf: 'SP' }).returning();
    const url = `/api/v1/transportadores/${orfao.uid}`;
    expect((await outro.post(`/api/v1/embarcadores/${outroUid}/transportadores`, { transportadorUid: orfao.uid })).status).toBe(201);
    expect((await admin.post(`/api/v1/embarcadores/${demoUid}/transportadores`, { transportadorUid: orfao.uid })).status).toBe(201);
    expect((await outro.put(url, { nome: 'Autocadastro Transportes Ltda', cnpj: orfao.cnpj, uf: 'RJ' })).status).toBe(200);
    forbidden(await admin.put(url, { nome: 'Tomado', cnpj: orfao.cnpj }), MANTIDO_POR_OUTRO_EMBARCADOR);
    expect((await outro.delete(`/api/v1/embarcadores/${outroUid}/transportadores/${orfao.uid}`)).status).toBe(200);
    expect((await admin.put(url, { nome: 'Autocadastro Transportes Ltda', cnpj: orfao.cnpj, uf: 'SP' })).status).toBe(200);
  });

  it("a shipper that does not maintain the carrier removes a user's link to it, never the user's status", async () => {
    expect((await admin.delete(`${rapido()}/usuarios/${tiagoUid}`)).status).toBe(200);
    const [tiago] = await t.db.select().from(usuarios).where(eq(usuarios.uid, tiagoUid));
    expect(tiago.statusUsuario).toBe(2);
    const vinculos = await t.db.select().from(usuarioEmbarcador).where(and(eq(usuarioEmbarcador.usuarioUid, tiagoUid), eq(usuarioEmbarcador.embarcadorUid, demoUid)));
    expect(vinculos).toEqual([]);
  });
});

describe('the carriers list says who may change each one (the web shows Visualizar instead of Editar)', () => {
  it('podeAlterar per carrier and caller', async () => {
    const pode = async (quem: Api) =>
      Object.fromEntries(((await quem.get('/api/v1/transportadores', { pps: 100 })).body.data.data as { uid: string; podeAlterar: boolean }[]).map((c) => [c.uid, c.podeAlterar]));
    expect(await pode(admin)).toMatchObject({ [uid['Rápido Sul']]: false, [uid['Expresso Nordeste']]: true, [uid['João Autônomo']]: true });
    expect(await pode(outro)).toMatchObject({ [uid.TransMinas]: false, [uid['Expresso Nordeste']]: false });
    expect((await outro.get(`/api/v1/transportadores/${uid['Expresso Nordeste']}`)).body.data.podeAlterar).toBe(false);
  });
});

describe("an independent driver's unit (documento is a CPF)", () => {
  it('is masked for a linked shipper that does not maintain the carrier, in every unit list, and its filter finds nothing', async () => {
    const base = `/api/v1/transportadores/${uid.TransMinas}/unidades`;
    const criada = await admin.post(base, { nome: 'Agregado Pedro Alves', documento: '111.444.777-35', indicaAutonomo: true, uf: 'MG' });
    expect(criada.status, criada.text).toBe(201);
    expect(criada.body.data.documento).toBe('11144477735');
    expect((await admin.get(`${base}/${criada.body.data.uid}`)).body.data.documento).toBe('11144477735');
    expect((await outro.get(`${base}/${criada.body.data.uid}`)).body.data.documento).toBe('***.444.777-**');
    const lista = await outro.get(base);
    expect(lista.body.data.data.map((u: { documento: string }) => u.documento)).toEqual(expect.arrayContaining(['***.444.777-**', '17184037000110']));
    expect((await outro.get(base, { ftr_documento: '11144477735' })).body.data.totalRecords).toBe(0);
    expect((await admin.get(base, { ftr_documento: '11144477735' })).body.data.totalRecords).toBe(1);
    const todas = await outro.get('/api/v1/transportadores/transportadores-unidades', { indicaAutonomo: 'true' });
    expect(todas.body.data.data.map((u: { documento: string }) => u.documento)).toEqual(['***.444.777-**']);
    expect((await outro.get('/api/v1/transportadores/transportadores-unidades', { ftr_documento: '111444' })).body.data.totalRecords).toBe(0);
  });
});
