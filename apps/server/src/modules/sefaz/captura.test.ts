import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { and, desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { embarcadores, historicoWebservice, sefazDistribuicao, sefazResumos, tarefas } from '../../db/schema/index.ts';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { type Doc, type Roteiro, emitirCertificados, iniciarSefazFalsa } from '../../../test/support/sefaz-falsa.ts';
import { copiasDaAmostra } from '../../../test/support/lote-fiscal.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';
import { agendarCapturas } from './agendador.ts';

// The SEFAZ capture against a local fake distribution server (HTTPS demanding the shipper's client
// certificate): the NSU loop, full documents through the import pipeline, summaries kept, the one-hour
// wait after cStat 137, the stop at 656, the legacy A1 file, every call in the web-service history.

const DADOS = join(process.cwd(), '../shared/data');
const SENHA = 'a1-legado';
const CNPJ_CERTIFICADO = '12345678000195';

function multipart(fields: Record<string, string>, file: { name: string; data: Buffer }) {
  const b = `----fretio${Date.now()}`;
  const partes: Buffer[] = [];
  for (const [k, v] of Object.entries(fields)) partes.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="${k}"\r\n\r\n${v}\r\n`));
  partes.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: application/x-pkcs12\r\n\r\n`), file.data, Buffer.from(`\r\n--${b}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

const RES_NFE = (chave: string) =>
  `<resNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.01"><chNFe>${chave}</chNFe><CNPJ>11222333000181</CNPJ><xNome>FORNECEDOR EXEMPLO LTDA</xNome><IE>123</IE><dhEmi>2026-11-20T10:00:00-03:00</dhEmi><tpNF>1</tpNF><vNF>1500.00</vNF><digVal>x</digVal><dhRecbto>2026-11-20T10:00:05-03:00</dhRecbto><nProt>135260000000001</nProt><cSitNFe>1</cSitNFe></resNFe>`;

describe('captura de documentos na SEFAZ', () => {
  let t: TestApp;
  let admin: Api;
  let cnpj: string;
  let sefaz: Awaited<ReturnType<typeof iniciarSefazFalsa>>;
  let roteiro: Roteiro;

  beforeAll(async () => {
    if (!existsSync(DADOS)) throw new Error(`../shared/data não encontrado em ${DADOS}`);
    const certs = emitirCertificados(CNPJ_CERTIFICADO, SENHA);
    sefaz = await iniciarSefazFalsa(certs.dir, (p) => roteiro(p));
    t = await createTestApp({
      config: {
        sefaz: {
          urls: { nfe: { producao: sefaz.urlNfe, homologacao: sefaz.urlNfe }, cte: { producao: sefaz.urlCte, homologacao: sefaz.urlCte } },
          caFile: certs.caFile,
          agendaMs: 3_600_000,
        },
      },
    });
    admin = await as(t.app, 'admin@demo.com.br');
    cnpj = (await t.db.select({ cnpj: embarcadores.cnpj }).from(embarcadores).where(eq(embarcadores.uid, (await admin.get('/api/v1/perfil')).body.data.embarcadorAtivo.uid)))[0].cnpj;
    const cookie = (await import('../../../test/support/http.ts')).session(t.app, 'admin@demo.com.br');
    const corpo = multipart({ senha: SENHA }, { name: 'a1.pfx', data: certs.pfx });
    const up = await t.app.inject({ method: 'PUT', url: '/api/v1/embarcadores/certificado-digital-sefaz', headers: { ...corpo.headers, cookie: await cookie }, payload: corpo.payload });
    expect(up.statusCode).toBe(200);
    // Three RSA keys and a certificate authority are made with openssl first: slow on a busy machine.
  }, 180_000);
  afterAll(async () => {
    await t?.close();
    await sefaz?.fechar();
  });

  it('percorre o NSU até o máximo, importa as notas completas pelo pipeline e guarda os resumos', async () => {
    const nfes = ['nfelib__35180834128745000152550010000474281920007498-nfe.xml', 'sped-nfe__nfe_layout4_com_prot.xml', 'nfelib__42211275277525000178550030000276771368212013-procNFe.xml']
      .map((f) => readFileSync(join(DADOS, 'nfe', f), 'utf8'));
    const docs: Doc[] = [
      { nsu: 1, schema: 'procNFe_v4.00.xsd', xml: nfes[0] },
      { nsu: 2, schema: 'resNFe_v1.01.xsd', xml: RES_NFE('35261111222333000181550010000012341000012345') },
      { nsu: 3, schema: 'procNFe_v4.00.xsd', xml: nfes[1] },
      { nsu: 4, schema: 'procNFe_v4.00.xsd', xml: nfes[2] },
    ];
    roteiro = (p) => {
      // The shipper's units have CNPJs of their own: only the head office has documents here.
      if (p.servico === 'cte' || p.cnpj !== cnpj) return { cStat: '137', xMotivo: 'Nenhum documento localizado', ultNSU: 0, maxNSU: 0 };
      const de = Number(p.ultNSU);
      const lote = docs.filter((d) => d.nsu > de).slice(0, 2);
      return { cStat: '138', xMotivo: 'Documento localizado', ultNSU: lote.at(-1)?.nsu ?? de, maxNSU: 4, docs: lote };
    };
    const r = await admin.post('/api/v1/sefaz/capturar', {});
    expect(r.status).toBe(201);
    const fim = await aguardarTarefa(admin, r.body.data.uid);
    expect(fim.erros).toBe(0);
    // For the head office: two NF-e calls (NSU 0 → 2 → 4), each from where the last stopped, and one for CT-e;
    // one call per service for every other CNPJ of the shipper; all with the A1 certificate.
    const cnpjs = new Set(sefaz.pedidos.map((p) => p.cnpj));
    expect(cnpjs.has(cnpj)).toBe(true);
    // (The consultas of one group are called side by side: the order between services is not fixed.)
    const doCnpj = (servico: string) => sefaz.pedidos.filter((p) => p.cnpj === cnpj && p.servico === servico).map((p) => Number(p.ultNSU));
    expect([doCnpj('nfe'), doCnpj('cte')]).toEqual([[0, 2], [0]]);
    expect(sefaz.pedidos.length).toBe(cnpjs.size * 2 + 1);
    expect(sefaz.pedidos.every((p) => p.certificadoCliente === `EMBARCADOR DEMO LTDA:${CNPJ_CERTIFICADO}`)).toBe(true);
    const itens = await itensDaTarefa(admin, r.body.data.uid);
    expect(itens.map((i) => i.nome).filter((n) => n.startsWith('NSU') || n.includes('(após'))).toEqual([
      'NSU 1 — procNFe_v4.00.xsd', 'NSU 2 — resNFe_v1.01.xsd', `NFeDistribuicaoDFe — CNPJ ${cnpj} (após NSU 2)`,
      'NSU 3 — procNFe_v4.00.xsd', 'NSU 4 — procNFe_v4.00.xsd',
    ]);
    // The full notes are NF-e records now; the summary is kept as such.
    const lista = await admin.get('/api/v1/documentos/nfes', { pps: 50 });
    const chaves = lista.body.data.data.map((n: { chave: string }) => n.chave);
    expect(chaves).toContain('35180834128745000152550010000474281920007498');
    expect(chaves).toContain('42211275277525000178550030000276771368212013');
    const resumos = await t.db.select().from(sefazResumos);
    expect(resumos.map((x) => [x.chave, x.valor, x.emitenteNome])).toEqual([['35261111222333000181550010000012341000012345', '1500.00', 'FORNECEDOR EXEMPLO LTDA']]);
    const [nfe] = await t.db.select().from(sefazDistribuicao).where(and(eq(sefazDistribuicao.servico, 'nfe'), eq(sefazDistribuicao.cnpj, cnpj)));
    expect(nfe).toMatchObject({ ultimoNsu: '000000000000004', maxNsu: '000000000000004', ultimoCStat: '138' });
    expect(nfe.proximaConsultaEm).not.toBeNull();
    const historico = await admin.get('/api/v1/historico-webservice', { sso: 'ASC', ssf: 'criadoEm' });
    const chamadas = historico.body.data.data.map((h: { servico: string; cStat: string }) => `${h.servico} ${h.cStat}`);
    expect(chamadas.filter((c: string) => c.endsWith('138'))).toEqual(['NFeDistribuicaoDFe 138', 'NFeDistribuicaoDFe 138']);
    expect(chamadas.length).toBe(sefaz.pedidos.length);
  });

  it('respeita a espera de uma hora (137) sem chamar a SEFAZ, e pára no consumo indevido (656)', async () => {
    const antes = sefaz.pedidos.length;
    const r = await admin.post('/api/v1/sefaz/capturar', {});
    const fim = await aguardarTarefa(admin, r.body.data.uid);
    expect(fim.status).toBe(3);
    expect(sefaz.pedidos.length).toBe(antes);
    expect((await itensDaTarefa(admin, r.body.data.uid)).every((i) => i.status === 4 && /próxima consulta após/.test(i.mensagem ?? ''))).toBe(true);

    // An hour later the service answers 656: the capture stops there and waits another hour.
    await t.db.update(sefazDistribuicao).set({ proximaConsultaEm: null });
    roteiro = () => ({ cStat: '656', xMotivo: 'Rejeição: Consumo Indevido', ultNSU: 4, maxNSU: 4 });
    const r2 = await admin.post('/api/v1/sefaz/capturar', { servicos: ['nfe'] });
    const itens = await itensDaTarefa(admin, (await aguardarTarefa(admin, r2.body.data.uid)).uid);
    expect(itens.length).toBeGreaterThan(0);
    for (const i of itens) {
      expect(i.status).toBe(3);
      expect(i.mensagem).toMatch(/consumo indevido \(cStat 656/);
    }
    const [nfe] = await t.db.select().from(sefazDistribuicao).where(eq(sefazDistribuicao.servico, 'nfe'));
    expect(Date.parse(nfe.proximaConsultaEm as string)).toBeGreaterThan(Date.now() + 50 * 60_000);
    expect((await t.db.select().from(historicoWebservice).orderBy(desc(historicoWebservice.criadoEm)).limit(1))[0]?.cStat).toBe('656');
  });

  it('a agenda de hora em hora cria a busca só para quem a ligou, uma por embarcador', async () => {
    await t.db.update(tarefas).set({ criadoEm: sql`now() - interval '2 hours'` });
    // Switched off (the default): nothing is scheduled.
    expect(await agendarCapturas(t.app)).toBe(0);
    expect((await admin.put('/api/v1/administracao/parametros', { sefazCapturaAtiva: true })).status).toBe(200);
    expect(await agendarCapturas(t.app)).toBe(1);
    // The new one is recent (and maybe still waiting): no second one for the same shipper.
    expect(await agendarCapturas(t.app)).toBe(0);
    const [nova] = await t.db.select().from(tarefas).where(eq(tarefas.tipo, 'capturar-sefaz')).orderBy(desc(tarefas.criadoEm)).limit(1);
    expect(nova.usuarioUid).toBeNull();
    await aguardarTarefa(admin, nova.uid);
  });

  it('uma chamada com 30 NF-e completas é gravada em lotes (25 por transação), não uma transação por nota', async () => {
    const copias = copiasDaAmostra(30, 930_000);
    const docs: Doc[] = copias.map((c, i) => ({ nsu: 100 + i, schema: 'procNFe_v4.00.xsd', xml: c.dados.toString('utf8') }));
    roteiro = (p) => {
      if (p.servico === 'cte' || p.cnpj !== cnpj) return { cStat: '137', xMotivo: 'Nenhum documento localizado', ultNSU: 0, maxNSU: 0 };
      const lote = docs.filter((d) => d.nsu > Number(p.ultNSU));
      return { cStat: '138', xMotivo: 'Documento localizado', ultNSU: lote.at(-1)?.nsu ?? Number(p.ultNSU), maxNSU: 129, docs: lote };
    };
    await t.db.update(sefazDistribuicao).set({ proximaConsultaEm: null });
    const r = await admin.post('/api/v1/sefaz/capturar', { servicos: ['nfe'] });
    expect(r.status).toBe(201);
    expect(await aguardarTarefa(admin, r.body.data.uid)).toMatchObject({ erros: 0 });
    const salvas = await t.db.execute(sql`select count(*)::int as n from nfes where numero between 930000 and 930029 and not virtual`);
    expect((salvas as unknown as { rows: { n: number }[] }).rows[0].n).toBe(30);
    // A group's items get their result in one statement of the group's transaction (processado_em = now(),
    // the transaction's start): 30 documents in groups of 25 are two instants, not thirty.
    const instantes = await t.db.execute(sql`select count(distinct processado_em)::int as n, count(*)::int as itens from tarefa_itens
      where tarefa_uid = ${r.body.data.uid} and nome like 'NSU %'`);
    expect((instantes as unknown as { rows: { n: number; itens: number }[] }).rows[0]).toEqual({ n: 2, itens: 30 });
  });
});
