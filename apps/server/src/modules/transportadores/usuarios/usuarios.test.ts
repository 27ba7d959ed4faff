import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../test/support/db.ts';
import { type Api, api, as, signIn } from '../../../../test/support/http.ts';
import { emailOutbox, embarcadores, papeis, transportadores, unidadesTransportador, usuarioEmbarcador, usuarios } from '../../../db/schema/index.ts';

// /transportadores/{uid}/usuarios: pending user + membership with the carrier role + activation
// e-mail; status machine; delete = leave the active shipper (and inactivate, by the carrier's owner).
// Writes go to carriers Demo maintains (no active user of their own: TransMinas, Expresso Nordeste);
// Rápido Sul maintains itself (compartilhado.test.ts).
let t: TestApp;
let admin: Api, operador: Api, outro: Api;
const uid: Record<string, string> = {};
let demoUid: string, outroUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operador, outro] = await Promise.all(['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br'].map((l) => as(t.app, l)));
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
  const es = await t.db.select().from(embarcadores);
  demoUid = es.find((e) => e.cnpj === '11222333000181')!.uid;
  outroUid = es.find((e) => e.cnpj === '45723174000110')!.uid;
});
afterAll(() => t?.close());

const base = (nome: string) => `/api/v1/transportadores/${uid[nome]}/usuarios`;
const membership = (usuarioUid: string, embarcadorUid: string) =>
  t.db.select().from(usuarioEmbarcador).where(and(eq(usuarioEmbarcador.usuarioUid, usuarioUid), eq(usuarioEmbarcador.embarcadorUid, embarcadorUid)));

describe('carrier users', () => {
  it("lists the carrier's users without any password data", async () => {
    const res = await admin.get(base('Rápido Sul'));
    expect(res.status).toBe(200);
    expect(res.body.data.data).toHaveLength(1);
    expect(res.body.data.data[0]).toMatchObject({ login: 'transportador@rapidosul.com.br', tipoUsuario: 2, statusUsuario: 2, unidadeTransportadorNome: 'Rápido Sul - Curitiba' });
    expect(res.text).not.toMatch(/senha/i);
    expect((await outro.get(base('Rápido Sul'))).status).toBe(404);
  });

  it('creates a pending user in the active shipper with its carrier role and e-mails the activation link', async () => {
    const [unidade] = await t.db.select().from(unidadesTransportador).where(eq(unidadesTransportador.apelido, 'BH'));
    const res = await admin.post(base('TransMinas'), { nome: 'carla  motorista', login: 'Carla@TransMinas.com.br', unidadeTransportadorUid: unidade.uid });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({ nome: 'Carla Motorista', login: 'carla@transminas.com.br', statusUsuario: 1, tipoUsuario: 2, transportadorUid: uid.TransMinas, unidadeTransportadorNome: 'TransMinas - Belo Horizonte' });
    const novo = res.body.data.uid as string;
    const [m] = await membership(novo, demoUid);
    const [papel] = await t.db.select().from(papeis).where(eq(papeis.uid, m.papelUid as string));
    expect(papel).toMatchObject({ nome: 'Transportador', tipo: 2 });
    const [mail] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.para, 'carla@transminas.com.br'));
    const token = mail.texto.match(/\/ativar\/([A-Za-z0-9_-]{20,})/)?.[1] as string;
    expect(token).toBeTruthy();
    // The link activates the account and the user can sign in.
    const ativa = await api(t.app).post(`/api/v1/auth/active/${token}`, { senha: 'senha-da-carla' });
    expect(ativa.status).toBe(200);
    expect(await signIn(t.app, 'carla@transminas.com.br', 'senha-da-carla')).toMatch(/session-token=/);
    // Now TransMinas has an active user of its own: it maintains its users, not Demo.
    expect((await admin.post(base('TransMinas'), { nome: 'Depois', login: 'depois@transminas.com.br' })).status).toBe(403);
  });

  it('creates the carrier role in a shipper that has none', async () => {
    // Outro only reads TransMinas (Demo registered it): it adds users to a carrier it registered.
    const proprio = await outro.post('/api/v1/transportadores', { nome: 'Bruno Transportes Ltda', cnpj: '19131243000197', uf: 'RJ' });
    expect(proprio.status, proprio.text).toBe(201);
    const res = await outro.post(`/api/v1/transportadores/${proprio.body.data.uid}/usuarios`, { nome: 'Bruno', login: 'bruno@transminas.com.br' });
    expect(res.status).toBe(201);
    const [m] = await membership(res.body.data.uid, outroUid);
    const [papel] = await t.db.select().from(papeis).where(eq(papeis.uid, m.papelUid as string));
    expect(papel).toMatchObject({ embarcadorUid: outroUid, nome: 'Transportador', tipo: 2, permissoes: { transportadores: ['ler'] } });
  });

  it('a login already used answers 409 on login; a unit of another carrier answers 400', async () => {
    const dup = await admin.post(base('Expresso Nordeste'), { nome: 'Outro', login: 'ADMIN@demo.com.br' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'login', message: 'Este login já está em uso.' }]);
    const [alheia] = await t.db.select().from(unidadesTransportador).where(eq(unidadesTransportador.apelido, 'BH'));
    const bad = await admin.post(base('Expresso Nordeste'), { nome: 'Outro', login: 'novo@nordeste.com.br', unidadeTransportadorUid: alheia.uid });
    expect(bad.status).toBe(400);
    expect(bad.body.errors?.[0]?.field).toBe('unidadeTransportadorUid');
    expect((await operador.post(base('Rápido Sul'), { nome: 'X', login: 'x@rapidosul.com.br' })).status).toBe(403);
  });

  it('status changes follow the user state machine (409 naming both statuses)', async () => {
    const res = await admin.post(base('Expresso Nordeste'), { nome: 'Paula', login: 'paula@nordeste.com.br' });
    const one = `${base('Expresso Nordeste')}/${res.body.data.uid}`;
    const proibida = await admin.put(one, { nome: 'Paula', statusUsuario: 3 });
    expect(proibida.status).toBe(409);
    expect(proibida.body.message).toBe("Não é permitido mudar o status de 'Pendente' para 'Inativo'.");
    const ativa = await admin.put(one, { nome: 'Paula Souza', apelido: 'Paula', statusUsuario: 2 });
    expect(ativa.status).toBe(200);
    expect(ativa.body.data).toMatchObject({ nome: 'Paula Souza', apelido: 'Paula', statusUsuario: 2 });
    expect((await admin.put(one, { nome: 'Paula Souza', statusUsuario: 4 })).status).toBe(400);
  });

  it("DELETE by the carrier's owner inactivates the user and removes its membership in the active shipper only", async () => {
    const nova = await admin.post('/api/v1/transportadores', { nome: 'Nova Rota Transportes Ltda', cnpj: '45997418000153', uf: 'SP' });
    const criado = await admin.post(`/api/v1/transportadores/${nova.body.data.uid}/usuarios`, { nome: 'Davi', login: 'davi@novarota.com.br' });
    const res = await admin.delete(`/api/v1/transportadores/${nova.body.data.uid}/usuarios/${criado.body.data.uid}`);
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, data: null });
    const [depois] = await t.db.select().from(usuarios).where(eq(usuarios.uid, criado.body.data.uid));
    expect(depois.statusUsuario).toBe(3);
    expect(await membership(criado.body.data.uid, demoUid)).toHaveLength(0);
    expect((await admin.get(`/api/v1/transportadores/${nova.body.data.uid}/usuarios/${criado.body.data.uid}`)).body.data.statusUsuario).toBe(3);
  });

  it('DELETE by a shipper that does not maintain the carrier removes only its link: the user stays active elsewhere', async () => {
    const [u] = await t.db.select().from(usuarios).where(eq(usuarios.login, 'transportador@rapidosul.com.br'));
    expect((await outro.delete(`${base('Rápido Sul')}/${u.uid}`)).status).toBe(404);
    const res = await admin.delete(`${base('Rápido Sul')}/${u.uid}`);
    expect(res.status).toBe(200);
    const [depois] = await t.db.select().from(usuarios).where(eq(usuarios.uid, u.uid));
    expect(depois.statusUsuario).toBe(2);
    expect(await membership(u.uid, demoUid)).toHaveLength(0);
    // No longer serving Demo, its login is no longer Demo's to read.
    expect((await admin.get(`${base('Rápido Sul')}/${u.uid}`)).status).toBe(404);
    // A user of another carrier is not reachable through this carrier's path.
    const [marta] = await t.db.select().from(usuarios).where(eq(usuarios.login, 'cadastro@transminas.com.br'));
    expect((await admin.delete(`${base('Rápido Sul')}/${marta.uid}`)).status).toBe(404);
  });
});
