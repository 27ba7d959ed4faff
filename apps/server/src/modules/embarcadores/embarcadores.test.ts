import { createSecureContext } from 'node:tls';
import { execFileSync } from 'node:child_process';
import { X509Certificate } from 'node:crypto';
import { mkdtempSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';

// Shippers and what hangs from them: the register, units, users, carriers, pre-users, logo, certificate.
let t: TestApp;
let admin: Api;
let demo: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = await as(t.app, 'admin@demo.com.br');
  demo = (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
});
afterAll(() => t.close());

function multipart(fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) {
  const boundary = '----fretio-test-boundary';
  const parts: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  if (file) {
    parts.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type}\r\n\r\n`));
    parts.push(file.data, Buffer.from('\r\n'));
  }
  parts.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(parts), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` } };
}
const cookieOf = async (login: string) => (await import('../../../test/support/http.ts')).session(t.app, login);

describe('cadastros/embarcadores', () => {
  it('lists only the shippers of the user', async () => {
    const r = await admin.get('/api/v1/cadastros/embarcadores');
    expect(r.body.data.data.map((e: { nome: string }) => e.nome)).toEqual(['Demo Indústria de Alimentos Ltda']);
    const outro = await as(t.app, 'admin@outro.com.br');
    const other = (await outro.get('/api/v1/cadastros/embarcadores')).body.data.data[0].uid;
    expect((await admin.get(`/api/v1/cadastros/embarcadores/${other}`)).status).toBe(404);
    expect((await admin.put(`/api/v1/cadastros/embarcadores/${other}`, { nome: 'Invasão', cnpj: '45723174000110' })).status).toBe(404);
  });

  it('rejects an invalid CNPJ and a duplicate one', async () => {
    const bad = await admin.post('/api/v1/cadastros/embarcadores', { nome: 'X', cnpj: '11.111.111/1111-11' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ field: 'cnpj', message: 'CNPJ inválido' }]);
    const dup = await admin.post('/api/v1/cadastros/embarcadores', { nome: 'Outro nome', cnpj: '45.723.174/0001-10' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors[0].field).toBe('cnpj');
  });

  it('refuses to delete the active shipper, deletes an empty one', async () => {
    expect((await admin.delete(`/api/v1/cadastros/embarcadores/${demo}`)).status).toBe(409);
    const novo = (await admin.post('/api/v1/cadastros/embarcadores', { nome: 'Vazio Ltda', cnpj: '19131243000197' })).body.data.uid;
    expect((await admin.get('/api/v1/embarcadores/listaselecao')).body.data.map((e: { label: string }) => e.label)).toContain('Vazio Ltda');
    expect((await admin.delete(`/api/v1/cadastros/embarcadores/${novo}`)).status).toBe(200);
    expect((await admin.get(`/api/v1/cadastros/embarcadores/${novo}`)).status).toBe(404);
  });
});

describe('units and users', () => {
  it('creates a unit with a CNPJ and lists it; another shipper path is 404', async () => {
    const u = await admin.post(`/api/v1/embarcadores/${demo}/unidades`, { nome: 'CD Recife', apelido: 'Recife', documento: '11.222.333/0003-43', cep: '50010-000', uf: 'pe' });
    expect(u.status).toBe(201);
    expect(u.body.data).toMatchObject({ documento: '11222333000343', cep: '50010000', uf: 'PE' });
    const list = await admin.get(`/api/v1/embarcadores/${demo}/unidades`, { ssf: 'nome' });
    expect(list.body.data.totalRecords).toBe(3);
    // The same document again: 409 naming the unit that has it (the screen links to it).
    const dup = await admin.post(`/api/v1/embarcadores/${demo}/unidades`, { nome: 'CD Recife 2', documento: '11222333000343', cep: '50010-000', uf: 'PE' });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([
      { field: 'documento', message: 'Já existe uma unidade com este documento.', registro: { uid: u.body.data.uid, nome: 'CD Recife' } },
    ]);
    const outro = await as(t.app, 'admin@outro.com.br');
    expect((await outro.get(`/api/v1/embarcadores/${demo}/unidades`)).status).toBe(404);
  });

  it('a user of two shippers: each changes only its own link, never the account both rely on', async () => {
    const outro = await as(t.app, 'admin@outro.com.br');
    const outroUid = (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const papelDemo = (await admin.get('/api/v1/papeis')).body.data.data[0].uid;
    const papelOutro = (await outro.get('/api/v1/papeis')).body.data.data[0].uid;
    const login = 'compartilhada@exemplo.com.br';
    const criado = await admin.post(`/api/v1/embarcadores/${demo}/usuarios`, { nome: 'Carla Compartilhada', login, papelUid: papelDemo });
    expect(criado.status).toBe(201);
    const uid = criado.body.data.uid;
    expect((await outro.post(`/api/v1/embarcadores/${outroUid}/usuarios`, { nome: 'Carla Compartilhada', login, papelUid: papelOutro })).status).toBe(201);

    const corpo = { nome: 'Carla Compartilhada', papelUid: papelOutro };
    const bloquear = await outro.put(`/api/v1/embarcadores/${outroUid}/usuarios/${uid}`, { ...corpo, statusUsuario: 3 });
    expect(bloquear.status).toBe(403);
    expect(bloquear.body.message).toMatch(/também acessa outro embarcador/);
    expect((await outro.put(`/api/v1/embarcadores/${outroUid}/usuarios/${uid}`, { ...corpo, nome: 'Outro Nome' })).status).toBe(403);
    // Its own link it may switch off; the account stays as it was for Demo.
    expect((await outro.put(`/api/v1/embarcadores/${outroUid}/usuarios/${uid}`, { ...corpo, ativo: false })).status).toBe(200);
    const visto = (await admin.get(`/api/v1/embarcadores/${demo}/usuarios/${uid}`)).body.data;
    expect(visto).toMatchObject({ nome: 'Carla Compartilhada', statusUsuario: 1 });
  });

  it("lists the shipper's users with their role, and nobody removes their own access", async () => {
    const r = await admin.get(`/api/v1/embarcadores/${demo}/usuarios`);
    const nomes = r.body.data.data.map((u: { nome: string; papelNome: string }) => `${u.nome}/${u.papelNome}`);
    expect(nomes).toContain('Administrador Demo/Administrador');
    expect(nomes).toContain('Olívia Operadora/Operador');
    const me = (await admin.get('/api/v1/perfil')).body.data.uid;
    expect((await admin.delete(`/api/v1/embarcadores/${demo}/usuarios/${me}`)).status).toBe(409);
  });
});

describe('carriers of the shipper', () => {
  it('links and unlinks a carrier', async () => {
    const outro = await as(t.app, 'admin@outro.com.br');
    const outroUid = (await outro.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid;
    const before = (await outro.get(`/api/v1/embarcadores/${outroUid}/transportadores`)).body.data;
    expect(before.data.map((c: { nome: string }) => c.nome)).toEqual(['TransMinas Cargas S.A.']);
    const rapido = (await admin.get(`/api/v1/embarcadores/${demo}/transportadores`, { ftr_nome: 'rapido' })).body.data.data[0];
    expect(rapido.vinculadoEm).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    expect((await outro.post(`/api/v1/embarcadores/${outroUid}/transportadores`, { transportadorUid: rapido.uid })).status).toBe(201);
    expect((await outro.post(`/api/v1/embarcadores/${outroUid}/transportadores`, { transportadorUid: rapido.uid })).status).toBe(409);
    expect((await outro.get(`/api/v1/embarcadores/${outroUid}/transportadores`)).body.data.totalRecords).toBe(2);
    expect((await outro.delete(`/api/v1/embarcadores/${outroUid}/transportadores/${rapido.uid}`)).status).toBe(200);
    expect((await outro.delete(`/api/v1/embarcadores/${outroUid}/transportadores/${rapido.uid}`)).status).toBe(404);
  });

  it('approves a pending carrier user, who can then sign in to the shipper', async () => {
    const pend = (await admin.get(`/api/v1/embarcadores/${demo}/pre-usuarios-transportador`)).body.data.data;
    expect(pend).toHaveLength(1);
    expect(pend[0]).toMatchObject({ login: 'cadastro@transminas.com.br', status: 1, transportadorNome: 'TransMinas Cargas S.A.' });
    const bad = await admin.put(`/api/v1/embarcadores/${demo}/pre-usuarios-transportador/${pend[0].uid}`, { status: 3 });
    expect(bad.status).toBe(400);
    const ok = await admin.put(`/api/v1/embarcadores/${demo}/pre-usuarios-transportador/${pend[0].uid}`, { status: 2 });
    expect(ok.status).toBe(200);
    expect(ok.body.data.status).toBe(2);
    const again = await admin.put(`/api/v1/embarcadores/${demo}/pre-usuarios-transportador/${pend[0].uid}`, { status: 2 });
    expect(again.status).toBe(409);
    const marta = await as(t.app, 'cadastro@transminas.com.br');
    const perfil = (await marta.get('/api/v1/perfil')).body.data;
    expect(perfil.embarcadorAtivo.uid).toBe(demo);
    expect(perfil.permissoes.transportadores).toContain('ler');
    // The operator's role may read carriers but not approve them.
    const op = await as(t.app, 'operador@demo.com.br');
    expect((await op.put(`/api/v1/embarcadores/${demo}/pre-usuarios-transportador/${pend[0].uid}`, { status: 4 })).status).toBe(403);
  });
});

describe('carrier users', () => {
  it('never manage the shipper they serve', async () => {
    const carrier = await as(t.app, 'transportador@rapidosul.com.br');
    for (const path of ['pre-usuarios-transportador', 'transportadores', 'certificado-digital-sefaz', 'usuarios', 'unidades']) {
      const r = await carrier.get(`/api/v1/embarcadores/${demo}/${path}`);
      expect([403, 404], `${path}: ${r.status}`).toContain(r.status);
    }
  });
});

describe('logo and certificate', () => {
  it('uploads a logo that downloads back with its content type', async () => {
    const png = Buffer.from('89504e470d0a1a0a0000000d4948445200000001000000010806000000', 'hex');
    const body = multipart({}, { name: 'logo.png', type: 'image/png', data: png });
    const r = await t.app.inject({ method: 'POST', url: `/api/v1/embarcadores/${demo}/logo`, headers: { ...body.headers, cookie: await cookieOf('admin@demo.com.br') }, payload: body.payload });
    expect(r.statusCode).toBe(200);
    const url = r.json().data.logoUrl as string;
    const dl = await t.app.inject({ method: 'GET', url, headers: { cookie: await cookieOf('admin@demo.com.br') } });
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-type']).toBe('image/png');
    expect(dl.rawPayload.equals(png)).toBe(true);
    const outro = await t.app.inject({ method: 'GET', url, headers: { cookie: await cookieOf('admin@outro.com.br') } });
    expect(outro.statusCode).toBe(404);
    expect(dl.headers['content-security-policy']).toContain('sandbox');
    const svg = multipart({}, { name: 'x.svg', type: 'image/svg+xml', data: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>') });
    const svgUp = await t.app.inject({ method: 'POST', url: `/api/v1/embarcadores/${demo}/logo`, headers: { ...svg.headers, cookie: await cookieOf('admin@demo.com.br') }, payload: svg.payload });
    expect(svgUp.statusCode).toBe(400);
    const txt = multipart({}, { name: 'x.txt', type: 'text/plain', data: Buffer.from('oi') });
    const wrong = await t.app.inject({ method: 'POST', url: `/api/v1/embarcadores/${demo}/logo`, headers: { ...txt.headers, cookie: await cookieOf('admin@demo.com.br') }, payload: txt.payload });
    expect(wrong.statusCode).toBe(400);
  });

  it('accepts an A1 certificate only with its right password', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cert-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '2', '-subj', '/CN=Demo Alimentos'], { stdio: 'ignore' });
    execFileSync('openssl', ['pkcs12', '-export', '-inkey', join(dir, 'k.pem'), '-in', join(dir, 'c.pem'), '-out', join(dir, 'a1.pfx'), '-passout', 'pass:segredo123'], { stdio: 'ignore' });
    const pfx = readFileSync(join(dir, 'a1.pfx'));
    const cookie = await cookieOf('admin@demo.com.br');
    const send = (senha: string) => {
      const b = multipart({ senha, expiracao: '2027-03-31' }, { name: 'a1.pfx', type: 'application/x-pkcs12', data: pfx });
      return t.app.inject({ method: 'PUT', url: '/api/v1/embarcadores/certificado-digital-sefaz', headers: { ...b.headers, cookie }, payload: b.payload });
    };
    const wrong = await send('errada');
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().errors[0].field).toBe('file');
    const noPass = await send('');
    expect(noPass.json().errors[0]).toEqual({ field: 'senha', message: 'Senha do certificado é obrigatória' });
    const ok = await send('segredo123');
    expect(ok.statusCode).toBe(200);
    expect(ok.json().message).toBe('Certificado digital atualizado com sucesso');
    const info = await admin.get(`/api/v1/embarcadores/${demo}/certificado-digital-sefaz`);
    // The certificate's own expiry is kept, not the date the client sent.
    const validTo = new X509Certificate(readFileSync(join(dir, 'c.pem'))).validTo;
    expect(info.body.data.expiracaoCertificadoDigitalSefaz).toBe(new Date(validTo).toISOString().slice(0, 10));
    const [row] = await t.db.query.embarcadores.findMany({ where: (e, { eq }) => eq(e.uid, demo) });
    expect(row.certificadoSenhaCifrada).not.toContain('segredo123');
    const arquivo = info.body.data.certificadoDigitalSefazUrl.split('/')[1];
    expect((await admin.get(`/api/download/certificado/${arquivo}`)).status).toBe(400);
  });

  it('accepts an A1 file made with the legacy algorithms of Brazilian CAs (RC2-40), which OpenSSL 3 refuses', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'cert-legado-'));
    execFileSync('openssl', ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', join(dir, 'k.pem'), '-out', join(dir, 'c.pem'), '-days', '30', '-subj', '/CN=DEMO ALIMENTOS LTDA:12345678000195'], { stdio: 'ignore' });
    execFileSync('openssl', ['pkcs12', '-export', '-legacy', '-inkey', join(dir, 'k.pem'), '-in', join(dir, 'c.pem'), '-out', join(dir, 'a1.pfx'), '-passout', 'pass:legado1'], { stdio: 'ignore' });
    const pfx = readFileSync(join(dir, 'a1.pfx'));
    // What Node's own TLS says of such a file: it cannot read it.
    expect(() => createSecureContext({ pfx, passphrase: 'legado1' })).toThrow();
    const b = multipart({ senha: 'legado1' }, { name: 'a1.pfx', type: 'application/x-pkcs12', data: pfx });
    const r = await t.app.inject({ method: 'PUT', url: '/api/v1/embarcadores/certificado-digital-sefaz', headers: { ...b.headers, cookie: await cookieOf('admin@demo.com.br') }, payload: b.payload });
    expect(r.statusCode).toBe(200);
    const validTo = new X509Certificate(readFileSync(join(dir, 'c.pem'))).validTo;
    expect(r.json().data.expiracaoCertificadoDigitalSefaz).toBe(new Date(validTo).toISOString().slice(0, 10));
  });
});
