import { type Server, createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { embarcadores, pessoas } from '../../db/schema/index.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import {
  buscarEndereco, cadastroEnderecoProvider, enderecoProviderDoAmbiente, faixaEnderecoProvider, httpEnderecoProvider,
} from './service.ts';

// Address by CEP: our records (scoped to the caller), the Correios range of the UF, an optional
// ViaCEP-style provider.
let t: TestApp;
let admin: Api, outro: Api, transp: Api;
let demoUid: string;

beforeAll(async () => {
  t = await createTestApp();
  [admin, outro, transp] = await Promise.all(['admin@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br'].map((l) => as(t.app, l)));
  demoUid = (await t.db.select().from(embarcadores).where(eq(embarcadores.cnpj, '11222333000181')))[0].uid;
});
afterAll(() => t?.close());

const endereco = (api: Api, cep: string) => api.get(`/api/v1/locais/endereco/${cep}`);

describe('GET /locais/endereco/{cep}', () => {
  it('01310-100 with nothing in the caller records: only the state, from the CEP range (completo false)', async () => {
    const res = await endereco(outro, '01310-100');
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({ cep: '01310100', uf: 'SP', municipioIbge: null, cidade: null, logradouro: null, bairro: null, completo: false, origem: 'faixa' });
  });

  it('the CEP of a demo unit (CD Campinas, 13015-000): the complete address from our records', async () => {
    const res = await endereco(admin, '13015-000');
    // (People of the demo seed may add the street to it: the most complete record wins.)
    expect(res.body.data).toMatchObject({ cep: '13015000', uf: 'SP', municipioIbge: '3509502', cidade: 'Campinas', completo: true, origem: 'cadastro' });
    // Another shipper's unit is not a source for someone else.
    expect((await endereco(outro, '13015000')).body.data.origem).toBe('faixa');
  });

  it("a carrier's own CEP is known to that carrier's user and to the shippers it serves", async () => {
    const esperado = { cep: '80010000', uf: 'PR', municipioIbge: '4106902', cidade: 'Curitiba', completo: true, origem: 'cadastro' };
    expect((await endereco(transp, '80010-000')).body.data).toMatchObject(esperado);
    expect((await endereco(admin, '80010000')).body.data).toMatchObject(esperado);
    // Outro is served by TransMinas only, not by Rápido Sul.
    expect((await endereco(outro, '80010000')).body.data).toMatchObject({ uf: 'PR', completo: false, origem: 'faixa' });
  });

  it('a person with street and district gives the whole address; a record whose UF contradicts the range is ignored', async () => {
    await t.db.insert(pessoas).values([
      { embarcadorUid: demoUid, tipoPessoa: 'J', documento: '19131243000197', nome: 'Cliente Paulista Ltda', cep: '04538133', logradouro: 'Avenida Brigadeiro Faria Lima', bairro: 'Itaim Bibi', municipioIbge: '3550308', uf: 'SP' },
      { embarcadorUid: demoUid, tipoPessoa: 'J', documento: '45997418000153', nome: 'Cadastro Errado Ltda', cep: '22250040', municipioIbge: '3550308', uf: 'SP' },
    ]);
    const res = await endereco(admin, '04538-133');
    expect(res.body.data).toEqual({
      cep: '04538133', uf: 'SP', municipioIbge: '3550308', cidade: 'São Paulo', logradouro: 'Avenida Brigadeiro Faria Lima', bairro: 'Itaim Bibi', completo: true, origem: 'cadastro',
    });
    expect((await endereco(admin, '22250-040')).body.data).toMatchObject({ uf: 'RJ', origem: 'faixa', completo: false });
  });

  it("invalid CEP → 400 'CEP inválido'; a CEP in no range → 404", async () => {
    for (const cep of ['1234', '013101000', 'abcdefgh', '01310-10x']) {
      const res = await endereco(admin, cep);
      expect(res.status, cep).toBe(400);
      expect(res.body).toEqual({ success: false, message: 'CEP inválido', errorCode: 400, code: 'VALIDATION', errors: [{ field: 'cep', message: 'CEP inválido' }] });
    }
    const res = await endereco(admin, '00000-000');
    expect(res.status).toBe(404);
    expect(res.body).toMatchObject({ success: false, message: 'CEP não localizado', errorCode: 404 });
  });

  it('every UF range answers its state (one CEP per range)', async () => {
    const casos: [string, string][] = [
      ['01001000', 'SP'], ['20040002', 'RJ'], ['29010000', 'ES'], ['30110000', 'MG'], ['40010000', 'BA'], ['49010000', 'SE'], ['50010000', 'PE'],
      ['57020000', 'AL'], ['58010000', 'PB'], ['59010000', 'RN'], ['60010000', 'CE'], ['64000000', 'PI'], ['65010000', 'MA'], ['66010000', 'PA'],
      ['68900000', 'AP'], ['69005000', 'AM'], ['69301000', 'RR'], ['69400000', 'AM'], ['69900000', 'AC'], ['70040000', 'DF'], ['72800000', 'GO'],
      ['73000000', 'DF'], ['74000000', 'GO'], ['76801000', 'RO'], ['77001000', 'TO'], ['78005000', 'MT'], ['79002000', 'MS'], ['80010000', 'PR'],
      ['88010000', 'SC'], ['90010000', 'RS'],
    ];
    for (const [cep, uf] of casos) {
      const r = await buscarEndereco(cep, [faixaEnderecoProvider(t.db)]);
      expect(r.uf, cep).toBe(uf);
    }
  });
});

describe('external provider (CEP_PROVIDER_URL, ViaCEP format)', () => {
  let server: Server;
  let url: string;
  const pedidos: string[] = [];
  beforeAll(async () => {
    server = createServer((req, res) => {
      pedidos.push(req.url ?? '');
      res.setHeader('content-type', 'application/json');
      if (req.url === '/ws/31270901/json/') {
        return res.end(JSON.stringify({ cep: '31270-901', logradouro: 'Avenida Presidente Antônio Carlos', bairro: 'Pampulha', localidade: 'Belo Horizonte', uf: 'MG', ibge: '3106200' }));
      }
      if (req.url === '/ws/88015100/json/') {
        res.statusCode = 500;
        return res.end('{}');
      }
      res.end(JSON.stringify({ erro: true }));
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/ws/`;
  });
  afterAll(() => server?.close());

  const ctx = () => ({ usuarioUid: 'x', tipoUsuario: 1, embarcadorUid: demoUid, transportadorUid: null, permissoes: {} }) as unknown as RequestContext;
  const cadeia = () => [cadastroEnderecoProvider(t.db, ctx()), httpEnderecoProvider(t.db, url), faixaEnderecoProvider(t.db)];

  it('is off unless CEP_PROVIDER_URL is set', () => {
    expect(enderecoProviderDoAmbiente(t.db, {})).toBeNull();
    expect(enderecoProviderDoAmbiente(t.db, { CEP_PROVIDER_URL: url })).not.toBeNull();
  });

  it('answers when our records do not know the CEP, with our municipality', async () => {
    const r = await buscarEndereco('31270-901', cadeia());
    expect(r).toEqual({ cep: '31270901', uf: 'MG', municipioIbge: '3106200', cidade: 'Belo Horizonte', logradouro: 'Avenida Presidente Antônio Carlos', bairro: 'Pampulha', completo: true, origem: 'externo' });
    expect(pedidos).toContain('/ws/31270901/json/');
  });

  it('our records win; {erro: true} and provider failures fall back to the CEP range', async () => {
    pedidos.length = 0;
    expect((await buscarEndereco('13015000', cadeia())).origem).toBe('cadastro');
    expect(pedidos).toEqual([]);
    expect(await buscarEndereco('69900100', cadeia())).toMatchObject({ uf: 'AC', origem: 'faixa', completo: false });
    const warns: unknown[] = [];
    expect(await buscarEndereco('88015100', cadeia(), { warn: (o) => warns.push(o) })).toMatchObject({ uf: 'SC', origem: 'faixa' });
    expect(warns).toHaveLength(1);
  });
});
