import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../../test/support/db.ts';
import { type Api, as } from '../../../../test/support/http.ts';
import { transportadores } from '../../../db/schema/index.ts';

// /transportadores/{uid}/mapasComponente: the carrier's CT-e component names → our components.
let t: TestApp;
let admin: Api, outro: Api, transp: Api;
const uid: Record<string, string> = {};
const url = (nome: string) => `/api/v1/transportadores/${uid[nome]}/mapasComponente`;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)),
  );
  for (const c of await t.db.select().from(transportadores)) uid[c.nomeFantasia as string] = c.uid;
});
afterAll(() => t?.close());

describe('mapasComponente', () => {
  it('lists the seeded names of a carrier with the component', async () => {
    const res = await admin.get(url('Rápido Sul'), { ftr_componenteCodigo: 'FRETE_PESO' });
    expect(res.body.data.data.map((m: { nome: string; componenteCodigo: string }) => [m.nome, m.componenteCodigo])).toEqual([
      ['FPESO', 'FRETE_PESO'],
      ['FRETE PESO', 'FRETE_PESO'],
    ]);
  });

  it('creates a mapping; the same name (case and accents ignored) for the same carrier is 409', async () => {
    const componentes = (await admin.get('/api/v1/componentes/ativos')).body.data;
    const tde = componentes.find((c: { codigo: string }) => c.codigo === 'TDE');
    const res = await admin.post(url('Rápido Sul'), { nome: 'Taxa Difícil Entrega', componenteUid: tde.uid });
    expect(res.status).toBe(201);
    expect(res.body.data).toMatchObject({
      transportadorUid: uid['Rápido Sul'],
      nome: 'Taxa Difícil Entrega',
      componenteCodigo: 'TDE',
      componenteNome: 'TDE',
    });
    const dup = await admin.post(url('Rápido Sul'), { nome: 'TAXA DIFICIL ENTREGA', componenteUid: tde.uid });
    expect(dup.status).toBe(409);
    expect(dup.body.errors).toEqual([{ field: 'nome', message: 'Este transportador já tem um mapeamento com este nome.' }]);
    // Another carrier may use the name.
    expect((await admin.post(url('TransMinas'), { nome: 'Taxa Difícil Entrega', componenteUid: tde.uid })).status).toBe(201);
    const agend = componentes.find((c: { codigo: string }) => c.codigo === 'AGENDAMENTO');
    const put = await admin.put(`${url('Rápido Sul')}/${res.body.data.uid}`, { nome: 'Taxa Difícil Entrega', componenteUid: agend.uid });
    expect(put.body.data.componenteCodigo).toBe('AGENDAMENTO');
    expect((await admin.delete(`${url('Rápido Sul')}/${res.body.data.uid}`)).status).toBe(200);
  });

  it('a component of another shipper is refused; each shipper keeps its own mappings of a shared carrier', async () => {
    // A component only the other shipper has (the catalogue's own components are everyone's).
    const meus = new Set((await admin.get('/api/v1/componentes/ativos')).body.data.map((c: { uid: string }) => c.uid));
    const paletizacao = (await outro.get('/api/v1/componentes/ativos')).body.data.find((c: { uid: string }) => !meus.has(c.uid));
    expect(paletizacao).toBeDefined();
    const res = await admin.post(url('TransMinas'), { nome: 'PALETES', componenteUid: paletizacao.uid });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ field: 'componenteUid', message: 'Componente não encontrado' }]);
    const deOutro = (await outro.get(url('TransMinas'))).body.data.data.map((m: { nome: string }) => m.nome);
    expect(deOutro).toEqual(['FRETE', 'SEGURO']);
    expect((await outro.get(url('Rápido Sul'))).status).toBe(404);
  });

  it("'Transportador não informado.' without a valid carrier uid; the carrier user reads its own", async () => {
    const res = await admin.get('/api/v1/transportadores/abc/mapasComponente');
    expect(res.status).toBe(400);
    expect(res.body.message).toBe('Transportador não informado.');
    expect((await transp.get(url('Rápido Sul'))).body.data.totalRecords).toBe(8);
    expect((await transp.get(url('TransMinas'))).status).toBe(404);
    expect((await transp.post(url('Rápido Sul'), { nome: 'X', componenteUid: uid.TransMinas })).status).toBe(403);
  });
});
