import { generateCnh, generateCpf, generateRenavam } from '@brazilian-utils/brazilian-utils';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { transportadores } from '../../db/schema/index.ts';

// Fleet: vehicle types (global catalogue + own), drivers and vehicles nested under a carrier
// (the carrier's visibility decides: 404 otherwise) and the flat selection lists.
let t: TestApp;
let admin: Api, outro: Api, transp: Api, operador: Api;
const carrier: Record<string, string> = {};
let truckUid = '';

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp, operador] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br', 'operador@demo.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) carrier[c.nomeFantasia as string] = c.uid;
  truckUid = (await admin.get('/api/v1/tiposveiculo/list')).body.data.find((x: { label: string }) => x.label === 'Truck').value;
});
afterAll(() => t?.close());

const ontem = () => new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10);
const motorista = (extra: Record<string, unknown> = {}) => ({
  nome: 'ADEMIR DOS SANTOS',
  cpf: generateCpf(),
  cnhNumero: generateCnh(),
  cnhCategoria: 'e',
  cnhValidade: '2032-05-31',
  telefone: '(41) 99876-5432',
  ...extra,
});
const veiculo = (extra: Record<string, unknown> = {}) => ({
  placa: 'abc-1d23',
  renavam: generateRenavam(),
  tipoVeiculoUid: truckUid,
  ano: 2021,
  ufLicenciamento: 'PR',
  ...extra,
});
const motoristasDe = (nome: string) => `/api/v1/transportadores/${carrier[nome]}/motoristas`;
const veiculosDe = (nome: string) => `/api/v1/transportadores/${carrier[nome]}/veiculos`;

describe('tiposveiculo', () => {
  it('lists the global catalogue with realistic capacities, ordered by capacity', async () => {
    const res = await admin.get('/api/v1/tiposveiculo/list');
    expect(res.status).toBe(200);
    const labels = res.body.data.map((x: { label: string }) => x.label);
    expect(labels.filter((l: string) => ['VUC', '3/4', 'Toco', 'Truck', 'Carreta', 'Bitrem', 'Rodotrem'].includes(l))).toEqual([
      'VUC',
      '3/4',
      'Toco',
      'Truck',
      'Carreta',
      'Bitrem',
      'Rodotrem',
    ]);
    expect(res.body.data.find((x: { label: string }) => x.label === 'Rodotrem')).toMatchObject({
      capacidadeKg: 50000,
      capacidadeM3: 140,
      eixos: 9,
      tipoCarroceria: 'GRANELEIRO',
      global: true,
    });
    const lista = await admin.get('/api/v1/tiposveiculo', { ftr_global: 'true', pps: 50 });
    expect(lista.body.data.totalRecords).toBe(8);
  });

  it("a shipper adds its own type (invisible to others), can't edit the global ones (403), and names stay unique", async () => {
    const res = await admin.post('/api/v1/tiposveiculo', {
      nome: 'Carreta Sider Rebaixada',
      capacidadeKg: '26.000',
      capacidadeM3: 95,
      eixos: 6,
      tipoCarroceria: 'SIDER',
    });
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({ capacidadeKg: 26000, capacidadeM3: 95, global: false, ativo: true });
    expect((await outro.get(`/api/v1/tiposveiculo/${res.body.data.uid}`)).status).toBe(404);
    expect((await outro.get('/api/v1/tiposveiculo/list')).body.data.map((x: { value: string }) => x.value)).not.toContain(
      res.body.data.uid,
    );
    const global = await admin.put(`/api/v1/tiposveiculo/${truckUid}`, {
      nome: 'Truck',
      capacidadeKg: 1,
      capacidadeM3: 1,
      eixos: 3,
      tipoCarroceria: 'BAU',
    });
    expect(global.status).toBe(403);
    expect((await admin.get(`/api/v1/tiposveiculo/${truckUid}`)).body.data.capacidadeKg).toBe(14000);
    const dup = await admin.post('/api/v1/tiposveiculo', {
      nome: 'TRUCK',
      capacidadeKg: 1,
      capacidadeM3: 1,
      eixos: 3,
      tipoCarroceria: 'BAU',
    });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'nome', message: 'Já existe um tipo de veículo com este nome: Truck' }]);
    // Inactive: out of /list, still in /list-all.
    await admin.put(`/api/v1/tiposveiculo/${res.body.data.uid}`, { ...res.body.data, ativo: false });
    expect((await admin.get('/api/v1/tiposveiculo/list')).body.data.map((x: { value: string }) => x.value)).not.toContain(
      res.body.data.uid,
    );
    expect((await admin.get('/api/v1/tiposveiculo/list-all')).body.data).toContainEqual(
      expect.objectContaining({ value: res.body.data.uid, label: 'Carreta Sider Rebaixada', ativo: false }),
    );
  });

  it.each([
    ['eixos', { eixos: 10 }, 'Deve ser menor ou igual a 9'],
    ['eixos', { eixos: 0 }, 'Deve ser maior ou igual a 1'],
    ['capacidadeKg', { capacidadeKg: 'muito' }, 'Número inválido'],
  ])('invalid %s → 400', async (field, extra, message) => {
    const res = await admin.post('/api/v1/tiposveiculo', {
      nome: 'Tipo Ruim',
      capacidadeKg: 1000,
      capacidadeM3: 10,
      eixos: 2,
      tipoCarroceria: 'BAU',
      ...extra,
    });
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('tipoCarroceria outside the enum → 400 on that field', async () => {
    const res = await admin.post('/api/v1/tiposveiculo', {
      nome: 'Tipo Ruim',
      capacidadeKg: 1000,
      capacidadeM3: 10,
      eixos: 2,
      tipoCarroceria: 'CAÇAMBA',
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { field: string }) => e.field)).toEqual(['tipoCarroceria']);
  });
});

describe('transportadores/{uid}/motoristas', () => {
  it('creates a driver: name capitalised, digits stored, valid CNH → plain success message', async () => {
    const body = motorista();
    // Demo maintains Expresso Nordeste (no user of its own); Rápido Sul maintains itself (403 below).
    const res = await admin.post(motoristasDe('Expresso Nordeste'), body);
    expect(res.status, res.text).toBe(201);
    expect(res.body.message).toBe('Registro salvo com sucesso.');
    expect(res.body.data).toMatchObject({
      transportadorUid: carrier['Expresso Nordeste'],
      nome: 'Ademir dos Santos',
      cpf: body.cpf,
      cnhCategoria: 'E',
      cnhVencida: false,
      telefone: '41998765432',
    });
  });

  it("an expired CNH is accepted with cnhVencida=true and a 'CNH vencida' warning, on create and update", async () => {
    const res = await admin.post(motoristasDe('Expresso Nordeste'), motorista({ nome: 'Vencido da Silva', cnhValidade: ontem() }));
    expect(res.status).toBe(201);
    expect(res.body).toMatchObject({
      success: true,
      message: 'Registro salvo com sucesso. Atenção: CNH vencida.',
      data: { cnhVencida: true },
    });
    const url = `${motoristasDe('Expresso Nordeste')}/${res.body.data.uid}`;
    const renovada = await admin.put(url, {
      ...motorista(),
      cpf: res.body.data.cpf,
      cnhNumero: res.body.data.cnhNumero,
      cnhValidade: '2030-01-01',
    });
    expect(renovada.body).toMatchObject({ message: 'Registro salvo com sucesso.', data: { cnhVencida: false } });
    const vencida = await admin.put(url, { ...motorista({ nome: 'Vencido da Silva' }), cnhValidade: '2020-01-31' });
    expect(vencida.status).toBe(200);
    expect(vencida.body.message).toMatch(/CNH vencida/);
    // The seeded driver with an expired CNH shows up in the filter.
    const filtro = await admin.get(motoristasDe('Rápido Sul'), { ftr_cnhVencida: 'true' });
    expect(filtro.body.data.data.map((m: { nome: string }) => m.nome)).toEqual(['Edson Pereira dos Santos']);
    const doNordeste = await admin.get(motoristasDe('Expresso Nordeste'), { ftr_cnhVencida: 'true' });
    expect(doNordeste.body.data.data.map((m: { nome: string }) => m.nome)).toEqual(['Vencido da Silva']);
  });

  it.each([
    ['cpf', { cpf: '111.111.111-11' }, 'CPF inválido'],
    ['cnhNumero', { cnhNumero: '12345678901' }, 'CNH inválida'],
    ['cnhValidade', { cnhValidade: '31/12/2030' }, 'data inválida'],
  ])('invalid %s → 400 naming the field', async (field, extra, message) => {
    const res = await admin.post(motoristasDe('Rápido Sul'), motorista(extra));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it('a CNH category outside A..AE → 400; the same CPF twice in a carrier → 409', async () => {
    expect((await admin.post(motoristasDe('Rápido Sul'), motorista({ cnhCategoria: 'F' }))).body.errors[0].field).toBe('cnhCategoria');
    const body = motorista();
    const primeiro = await admin.post(motoristasDe('TransMinas'), body);
    expect(primeiro.status).toBe(201);
    // The conflict names the driver who has the CPF: the form links to it ("Abrir o cadastro de …").
    const registro = { uid: primeiro.body.data.uid, nome: primeiro.body.data.nome };
    const dup = await admin.post(motoristasDe('TransMinas'), { ...body, cnhNumero: generateCnh() });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'cpf', message: 'Já existe um motorista deste transportador com este CPF.', registro }]);
    // Another driver taking that CPF by an edit: the same; the driver saved with its own CPF: no conflict.
    const outroMotorista = await admin.post(motoristasDe('TransMinas'), motorista());
    const put = await admin.put(`${motoristasDe('TransMinas')}/${outroMotorista.body.data.uid}`, { ...motorista(), cpf: body.cpf });
    expect(put.status).toBe(409);
    expect(put.body.errors[0].registro).toEqual(registro);
    expect((await admin.put(`${motoristasDe('TransMinas')}/${registro.uid}`, { ...body, nome: 'Nome Novo' })).status).toBe(200);
    // The same CPF at another carrier is another driver.
    expect((await admin.post(motoristasDe('Expresso Nordeste'), { ...body, cnhNumero: generateCnh() })).status).toBe(201);
  });

  it("a carrier the shipper doesn't serve → 404; the carrier's own user sees only its drivers", async () => {
    expect((await outro.get(motoristasDe('Rápido Sul'))).status).toBe(404);
    expect((await outro.post(motoristasDe('Rápido Sul'), motorista())).status).toBe(404);
    const um = (await admin.get(motoristasDe('Rápido Sul'))).body.data.data[0];
    expect((await outro.get(`${motoristasDe('Rápido Sul')}/${um.uid}`)).status).toBe(404);
    expect((await outro.put(`${motoristasDe('Rápido Sul')}/${um.uid}`, motorista())).status).toBe(404);
    expect((await admin.get(`${motoristasDe('TransMinas')}/${um.uid}`)).status).toBe(404);
    expect((await transp.get(motoristasDe('Rápido Sul'))).status).toBe(200);
    expect((await transp.get(motoristasDe('TransMinas'))).status).toBe(404);
    expect((await operador.post(motoristasDe('Rápido Sul'), motorista())).status).toBe(403);
    // Rápido Sul has an active user of its own: it maintains its fleet, not the shipper.
    const proprio = await admin.post(motoristasDe('Rápido Sul'), motorista());
    expect(proprio.status).toBe(403);
    expect(proprio.body.message).toMatch(/^Este transportador é mantido pelo próprio transportador/);
    expect((await admin.put(`${motoristasDe('Rápido Sul')}/${um.uid}`, motorista())).status).toBe(403);
  });

  it('motoristas/list: active drivers of the visible carriers, flat, with carrier names', async () => {
    const demo = await admin.get('/api/v1/motoristas/list');
    expect(demo.status).toBe(200);
    const porTransp = new Set(demo.body.data.map((m: { transportadorNome: string }) => m.transportadorNome));
    expect([...porTransp].sort()).toEqual(['Expresso Nordeste Logística Ltda', 'Rápido Sul Transportes Ltda', 'TransMinas Cargas S.A.']);
    expect(demo.body.data.map((m: { nome: string }) => m.nome)).not.toContain('Márcio Antunes');
    const geraldo = demo.body.data.find((m: { nome: string }) => m.nome === 'Geraldo Magela Rocha');
    expect(geraldo.label).toMatch(/^Geraldo Magela Rocha - \d{3}\.\d{3}\.\d{3}-\d{2} \(TransMinas Cargas S\.A\.\)$/);
    // Outro serves only TransMinas.
    const doOutro = await outro.get('/api/v1/motoristas/list');
    expect(new Set(doOutro.body.data.map((m: { transportadorUid: string }) => m.transportadorUid))).toEqual(new Set([carrier.TransMinas]));
    expect((await admin.get('/api/v1/motoristas/list', { q: 'kowalski' })).body.data.map((m: { nome: string }) => m.nome)).toEqual([
      'Roberto Luiz Kowalski',
    ]);
  });
});

describe('transportadores/{uid}/veiculos', () => {
  it('accepts a Mercosul plate (stored upper-case without hyphen) and takes capacities from the type', async () => {
    const res = await admin.post(veiculosDe('Expresso Nordeste'), veiculo());
    expect(res.status, res.text).toBe(201);
    expect(res.body.data).toMatchObject({
      placa: 'ABC1D23',
      tipoVeiculoUid: truckUid,
      tipoVeiculoNome: 'Truck',
      capacidadeKg: 14000,
      capacidadeM3: 55,
      proprietario: 'PROPRIO',
      ufLicenciamento: 'PR',
    });
    const antiga = await admin.post(
      veiculosDe('Expresso Nordeste'),
      veiculo({ placa: 'xyz 9876', capacidadeKg: '12.500,50', proprietario: 'AGREGADO' }),
    );
    expect(antiga.status).toBe(201);
    expect(antiga.body.data).toMatchObject({ placa: 'XYZ9876', capacidadeKg: 12500.5, capacidadeM3: 55, proprietario: 'AGREGADO' });
  });

  it.each([
    ['placa', { placa: 'AB-12345' }, 'Placa inválida'],
    ['placa', { placa: 'ABCD123' }, 'Placa inválida'],
    ['renavam', { renavam: '12345678901' }, 'RENAVAM inválido'],
    ['ufLicenciamento', { ufLicenciamento: 'XX' }, 'UF inválida'],
    ['tipoVeiculoUid', { tipoVeiculoUid: 'não-é-uid' }, 'Identificador inválido'],
  ])('invalid %s → 400 naming the field', async (field, extra, message) => {
    const res = await admin.post(veiculosDe('Rápido Sul'), veiculo(extra));
    expect(res.status).toBe(400);
    expect(res.body.errors).toContainEqual({ field, message });
  });

  it("a duplicate plate in the carrier → 409; another shipper's own type → 400", async () => {
    const dup = await admin.post(veiculosDe('Expresso Nordeste'), veiculo({ placa: 'ABC-1D23' }));
    expect(dup.status).toBe(409);
    const existente = (await admin.get(veiculosDe('Expresso Nordeste'), { ftr_placa: 'ABC1D23' })).body.data.data[0];
    expect(dup.body.errors).toEqual([
      { field: 'placa', message: 'Já existe um veículo deste transportador com esta placa.', registro: { uid: existente.uid, nome: 'ABC1D23' } },
    ]);
    const tipoOutro = await outro.post('/api/v1/tiposveiculo', {
      nome: 'Tipo do Outro',
      capacidadeKg: 1000,
      capacidadeM3: 8,
      eixos: 2,
      tipoCarroceria: 'BAU',
    });
    const res = await admin.post(veiculosDe('TransMinas'), veiculo({ placa: 'OUT1A11', tipoVeiculoUid: tipoOutro.body.data.uid }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'tipoVeiculoUid', message: 'Tipo de veículo não encontrado' }]);
  });

  it('veiculos/list?tp= filters by vehicle type over the visible carriers; isolation holds', async () => {
    const todos = await admin.get('/api/v1/veiculos/list');
    expect(todos.status).toBe(200);
    expect(todos.body.data.length).toBeGreaterThanOrEqual(9);
    const trucks = await admin.get('/api/v1/veiculos/list', { tp: truckUid });
    expect(trucks.body.data.length).toBeGreaterThanOrEqual(3);
    expect(trucks.body.data.every((v: { tipoVeiculoUid: string }) => v.tipoVeiculoUid === truckUid)).toBe(true);
    expect(trucks.body.data.map((v: { label: string }) => v.label)).toContain('XYZ-9876 - Truck (Expresso Nordeste Logística Ltda)');
    const doOutro = await outro.get('/api/v1/veiculos/list');
    expect(doOutro.body.data.map((v: { placa: string }) => v.placa).sort()).toEqual(['GTM1928', 'HMG5B33']);
    const v = todos.body.data.find((x: { placa: string }) => x.placa === 'ABC1D23');
    expect((await outro.get(`${veiculosDe('Expresso Nordeste')}/${v.value}`)).status).toBe(404);
    expect((await admin.get('/api/v1/veiculos/list', { tp: 'x' })).status).toBe(400);
  });
});

describe('vehicle list filter', () => {
  it('finds a plate typed with its hyphen', async () => {
    const t = await createTestApp();
    try {
      const admin = await as(t.app, 'admin@demo.com.br');
      const carriers = (await admin.get('/api/v1/transportadores')).body.data.data as { uid: string }[];
      let found = null as null | { placa: string };
      for (const c of carriers) {
        const list = (await admin.get(`/api/v1/transportadores/${c.uid}/veiculos`)).body.data?.data ?? [];
        const old = list.find((v: { placa: string }) => /^[A-Z]{3}\d{4}$/.test(v.placa));
        if (!old) continue;
        const typed = `${old.placa.slice(0, 3)}-${old.placa.slice(3)}`;
        const r = await admin.get(`/api/v1/transportadores/${c.uid}/veiculos`, { ftr_placa: typed });
        expect(r.body.data.data.map((v: { placa: string }) => v.placa)).toEqual([old.placa]);
        found = old;
        break;
      }
      expect(found).not.toBeNull();
    } finally {
      await t.close();
    }
  });
});
