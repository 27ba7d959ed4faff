import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import JSZip from 'jszip';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cteXml, eventoCancelamentoXml, nfeXml } from '@fretio/core/fiscal/fixtures';
import { assinar } from '../../framework/eventos.ts';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { planoDaLista } from '../../../test/support/plano-da-lista.ts';
import { type Api, as, session } from '../../../test/support/http.ts';
import { aguardarTarefa, itensDaTarefa } from '../../../test/support/tarefas.ts';
import { copiasDaAmostra } from '../../../test/support/lote-fiscal.ts';
import { type Parte, montarZip, zerosDeflated } from '../../../test/support/zip.ts';

// NF-e and CT-e through the API: upload → task → records; every real sample of ../shared/data
// (outside the repo; the test fails without it), duplicates, a ZIP with bad documents, lists and
// filters, carrier mode, tenancy, XML download, virtual notes.
const DADOS = resolve(import.meta.dirname, '../../../../../../shared/data');
const amostras = (pasta: string) => readdirSync(resolve(DADOS, pasta)).map((nome) => ({ nome, dados: readFileSync(resolve(DADOS, pasta, nome)) }));

type Arquivo = { nome: string; dados: Buffer | string };

function multipart(arquivos: Arquivo[]) {
  const b = '----fretio-fiscal';
  const partes: Buffer[] = [];
  for (const a of arquivos) {
    partes.push(Buffer.from(`--${b}\r\nContent-Disposition: form-data; name="file"; filename="${a.nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`));
    partes.push(Buffer.isBuffer(a.dados) ? a.dados : Buffer.from(a.dados), Buffer.from('\r\n'));
  }
  partes.push(Buffer.from(`--${b}--\r\n`));
  return { payload: Buffer.concat(partes), headers: { 'content-type': `multipart/form-data; boundary=${b}` } };
}

describe('importação de NF-e e CT-e', { timeout: 420_000 }, () => {
  let t: TestApp;
  let admin: Api;
  let outro: Api;
  let transp: Api;
  let cookie: string;

  beforeAll(async () => {
    t = await createTestApp();
    admin = await as(t.app, 'admin@demo.com.br');
    outro = await as(t.app, 'admin@outro.com.br');
    transp = await as(t.app, 'transportador@rapidosul.com.br');
    cookie = await session(t.app, 'admin@demo.com.br');
  });
  afterAll(() => t?.close());

  async function importar(doc: 'nfe' | 'cte', arquivos: Arquivo[], c = cookie) {
    const m = multipart(arquivos);
    const res = await t.app.inject({ method: 'POST', url: `/api/importar/documentos/import-${doc}`, payload: m.payload, headers: { ...m.headers, cookie: c } });
    expect(res.statusCode, res.body).toBe(200);
    const uid = res.json().data.uid as string;
    const tarefa = await aguardarTarefa(admin, uid);
    return { tarefa, itens: await itensDaTarefa(admin, uid) };
  }
  const nfePorChave = async (chave: string) => (await admin.get('/api/v1/documentos/nfes', { ftr_chave: chave })).body.data.data[0];

  it('importa todas as NF-e das amostras reais com os campos do XML', async () => {
    const { tarefa, itens } = await importar('nfe', amostras('nfe'));
    expect(tarefa.erros, JSON.stringify(itens.filter((i) => i.status !== 3 && i.status !== 4))).toBe(0);
    expect(tarefa.total).toBe(11);
    const canc = await admin.get(`/api/v1/documentos/nfes/${(await nfePorChave('35210258716523000119550000000573661346317847')).uid}`);
    expect(canc.body.data).toMatchObject({
      chave: '35210258716523000119550000000573661346317847', numero: 57366, serie: 0, modelo: 55, emissao: '2021-02-04T13:31:00-03:00', tipoAmbiente: 1,
      naturezaOperacao: 'VENDA DE PRODUTO', emitente: { documento: '58716523000119', nome: 'FIMATEC TEXTIL LTDA', uf: 'SP', municipioIbge: '3550308' },
      destinatario: { documento: '10702368000155', uf: 'SP', municipioIbge: '3509502' }, valorTotal: 581.55, valorProdutos: 581.55, valorFrete: 0,
      pesoBruto: 109.65, pesoLiquido: 106.85, volumes: 7, modalidadeFrete: 1, transportador: { documento: null, nome: 'RETIRA' }, protocolo: '135210128765156',
      quantidadeItens: 2, cancelada: true, chaveValida: true, assinaturaValida: false,
    });
    expect(canc.body.data.itens[0]).toMatchObject({ codigo: '2420BCB93', ncm: '60063210', cfop: '5101', quantidade: 76.55, unidade: 'KG', valor: 414.9 });
    const sem = await nfePorChave('43180906929383000163550010000000261000010301');
    expect(sem).toMatchObject({ pesoBruto: null, volumes: null, transportador: null, modalidadeFrete: 9 });
    // The same files again: nothing changes, each reported as already imported.
    const de_novo = await importar('nfe', amostras('nfe').slice(0, 3));
    expect(de_novo.itens.every((i) => i.mensagem === 'NF-e já importada')).toBe(true);
  }, 180_000);

  it('importa os CT-e das amostras; o layout 2.00 é recusado pelo nome', async () => {
    const eventos: string[] = [];
    const parar = assinar('cte.importado', (e) => void eventos.push(e.chave));
    const { tarefa, itens } = await importar('cte', amostras('cte'));
    parar();
    const recusado = itens.find((i) => i.nome === 'sped-da__cte_hom_prot_canc.xml');
    expect(recusado).toMatchObject({ status: 5, mensagem: 'layout do CT-e não suportado: versão 2.00' });
    // Four samples share one fictitious key: the first is saved, the other three are "já importado".
    expect(tarefa.erros).toBe(1);
    const lista = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: '24210231626841000132570010000007811746401259' })).body.data.data;
    expect(lista[0]).toMatchObject({ numero: 781, cfop: '6353', valorPrestacao: 4840.42, cancelado: true, situacao: '02', icms: { cst: '20', base: 2420.21, aliquota: 12, valor: 290.42 }, pesoCarga: 13000 });
    const um = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: '42240302484555000343570020003396861082134657' })).body.data.data[0];
    const det = (await admin.get(`/api/v1/documentos/ctes/${um.uid}`)).body.data;
    expect(det.componentes.map((c: { nome: string }) => c.nome)).toEqual(['FPESO', 'FVALOR', 'PEDAGIO', 'TAXAS', 'GRIS', 'TAS']);
    // The alphanumeric-CNPJ sample comes first in the folder, so it is the one saved under the shared key.
    expect(det).toMatchObject({ emitente: { documento: 'LWNDT383000182' }, tomador: { documento: '992Z30KX000193', tipo: 0 }, origem: { uf: 'SC', municipioIbge: '4216305' }, destino: { uf: 'SP' }, valorReceber: 221.19 });
    // infQ of the sample: PESO REAL 209,8 kg and PESO BASE DE CALCULO 209,8 kg, no PESO CUBADO
    expect(det).toMatchObject({ pesoCarga: 209.8, pesoCubado: null, pesoBaseCalculo: 209.8 });
    expect(eventos).toContain('42240302484555000343570020003396861082134657');
  }, 120_000);

  it('ZIP de 1.000 documentos com 3 ruins: 997 salvos e 3 relatados; excluir a tarefa apaga o ZIP guardado', async () => {
    // 997 copies of one real sample (own number and key each) and 3 bad entries among them.
    const boas = copiasDaAmostra(997);
    const partes: Parte[] = boas.map((c) => ({ nome: c.nome, dados: c.dados }));
    partes.splice(100, 0, { nome: 'ruim-1.xml', dados: Buffer.from('<nfeProc><NFe>') });
    // An entry that lies about its size: 20 MB of zeros declared as 1,000 bytes stops at the declared size.
    partes.splice(500, 0, { nome: 'ruim-2.xml', deflated: await zerosDeflated(20), declarado: 1_000 });
    partes.splice(900, 0, { nome: 'ruim-3.xml', dados: Buffer.from(cteXml().xml) });
    const m = multipart([{ nome: 'lote.zip', dados: montarZip(partes) }]);
    const res = await t.app.inject({ method: 'POST', url: '/api/importar/documentos/import-nfe', payload: m.payload, headers: { ...m.headers, cookie } });
    const uid = res.json().data.uid as string;
    const tarefa = await aguardarTarefa(admin, uid, 400_000);
    expect(tarefa).toMatchObject({ total: 1_000, processados: 1_000, erros: 3, status: 4 });
    const erros = await itensDaTarefa(admin, uid, { ftr_status: 5 });
    expect(erros.map((i) => [i.ordem, i.nome, i.mensagem])).toEqual([
      [101, 'lote.zip › ruim-1.xml', expect.stringContaining('XML malformado')],
      [501, 'lote.zip › ruim-2.xml', 'Arquivo recusado: a parte "ruim-2.xml" se expande além do tamanho declarado (arquivo compactado malicioso?)'],
      [901, 'lote.zip › ruim-3.xml', expect.stringContaining('é um CT-e')],
    ]);
    // The copies only (numbers 900.000–900.996): the real sample of the same issuer may be imported by the test above.
    const [{ n }] = (await t.db.execute(sql`select count(*)::int as n from nfes where emitente_documento = '75277525000178' and numero between 900000 and 900996`) as unknown as { rows: { n: number }[] }).rows;
    expect(n).toBe(997);
    const ultima = (await admin.get(`/api/v1/documentos/nfes/${(await nfePorChave(boas[996].chave)).uid}`)).body.data;
    expect(ultima).toMatchObject({ numero: 900_996, serie: 3, chaveValida: true, assinaturaValida: false, emitente: { documento: '75277525000178' } });
    // The upload stays in storage while the task exists (reprocessing reads it) and goes with it.
    const [{ parametros }] = (await t.db.execute(sql`select parametros from tarefas where uid = ${uid}`) as unknown as { rows: { parametros: { arquivos: { chave: string }[] } }[] }).rows;
    const guardado = join(t.app.config.dataDir, 'arquivos', parametros.arquivos[0].chave);
    expect(existsSync(guardado)).toBe(true);
    expect((await admin.delete(`/api/v1/fila-tarefas/${uid}`)).status).toBe(200);
    expect(existsSync(guardado)).toBe(false);
  }, 420_000);

  /**
   * Imports a ZIP logging every statement the app sends through Drizzle (transactions included), split by
   * task group: from the items' lock (tarefa_itens … for update) to the progress (update "tarefas" set "processados").
   */
  async function importarContando(doc: 'nfe' | 'cte', zip: Buffer) {
    type Logger = { logQuery(q: string, p: unknown[]): void };
    const sessao = (t.db as unknown as { session: { logger: Logger; options: { logger?: Logger }; client: { query(q: string, p?: unknown[]): Promise<{ rows: { status: number }[] }> } } }).session;
    const grupos: string[][] = [];
    let atual: string[] | null = null;
    const contador: Logger = {
      logQuery(q) {
        if (/from "tarefa_itens" where "tarefa_itens"."uid" in .* for update/s.test(q)) atual = [];
        if (!atual) return;
        atual.push(q);
        if (/^update "tarefas" set "processados"/.test(q)) {
          grupos.push(atual);
          atual = null;
        }
      },
    };
    const m = multipart([{ nome: 'lote.zip', dados: zip }]);
    const antes = { logger: sessao.logger, opcoes: sessao.options.logger };
    sessao.logger = contador;
    sessao.options.logger = contador;
    try {
      const res = await t.app.inject({ method: 'POST', url: `/api/importar/documentos/import-${doc}`, payload: m.payload, headers: { ...m.headers, cookie } });
      const uid = res.json().data.uid as string;
      // Waits on the raw client (not logged): the API's polling would mix its statements into the groups.
      await expect.poll(async () => (await sessao.client.query('select status from tarefas where uid = $1', [uid])).rows[0]?.status, { timeout: 120_000, interval: 50 }).toBeGreaterThanOrEqual(3);
      return { uid, grupos };
    } finally {
      sessao.logger = antes.logger;
      sessao.options.logger = antes.opcoes;
    }
  }

  it('ZIP de 200 NF-e gravado em lotes: no máximo 16 instruções por grupo de 25, todas as notas completas', async () => {
    const copias = copiasDaAmostra(200, 910_000);
    const { uid, grupos } = await importarContando('nfe', montarZip(copias.map((c) => ({ nome: c.nome, dados: c.dados }))));
    expect(await aguardarTarefa(admin, uid)).toMatchObject({ total: 200, processados: 200, erros: 0 });
    // PGlite runs one group at a time; on PostgreSQL two groups run at once on two connections and their
    // statements interleave in the log, so the count per group is read on PGlite only.
    const umPorVez = t.app.database?.kind !== 'postgres';
    if (umPorVez) {
      expect(grupos).toHaveLength(8);
      const tamanhos = grupos.map((g) => g.length);
      expect(Math.max(...tamanhos), tamanhos.join(',')).toBeLessThanOrEqual(16);
    }
    // Every note is whole: its items, XML, tracking row, timeline row; the report names each record.
    const contar = async (q: ReturnType<typeof sql>) => ((await t.db.execute(q)) as unknown as { rows: { n: number }[] }).rows[0].n;
    const notas = sql`select uid from nfes where emitente_documento = '75277525000178' and numero between 910000 and 910199`;
    expect(await contar(sql`select count(*)::int as n from (${notas}) x`)).toBe(200);
    expect(await contar(sql`select count(*)::int as n from documentos_xml where documento_uid in (${notas})`)).toBe(200);
    expect(await contar(sql`select count(*)::int as n from rastreios where nfe_uid in (${notas})`)).toBe(200);
    expect(await contar(sql`select count(*)::int as n from auditoria_sistema where acao = 'importar' and registro_uid in (select uid::text from (${notas}) x)`)).toBe(200);
    expect(await contar(sql`select count(distinct nfe_uid)::int as n from nfe_itens where nfe_uid in (${notas})`)).toBe(200);
    const itens = await itensDaTarefa(admin, uid);
    expect(new Set(itens.map((i) => i.registroUid)).size).toBe(200);
    // One operation-log entry at the end, counts only (no file name, no party).
    const log = (await admin.get('/api/v1/logs', { ftr_tarefaUid: uid })).body.data.data;
    expect(log).toHaveLength(1);
    expect(log[0]).toMatchObject({
      nivel: 'aviso', origem: 'importacao-nfe',
      mensagem: 'Importação de NF-e concluída: 200 item(ns) — 0 salvo(s), 200 com aviso, 0 ignorado(s), 0 com erro.',
      detalhes: { total: 200, salvos: 0, comAviso: 200, ignorados: 0, erros: 0, cancelados: 0, status: 3 },
    });
    expect(JSON.stringify(log[0])).not.toMatch(/duzentas|\.xml|75277525000178/);
    const ultima = (await admin.get(`/api/v1/documentos/nfes/${(await nfePorChave(copias[199].chave)).uid}`)).body.data;
    expect(ultima).toMatchObject({ numero: 910_199, serie: 3, valorTotal: expect.any(Number), pesoBruto: 360, chaveValida: true, assinaturaValida: false });
    expect(ultima.itens.length).toBeGreaterThan(0);
    // The same ZIP again: every note "já importada", nothing written.
    const m2 = multipart([{ nome: 'de-novo.zip', dados: montarZip(copias.slice(0, 30).map((c) => ({ nome: c.nome, dados: c.dados }))) }]);
    const r2 = await t.app.inject({ method: 'POST', url: '/api/importar/documentos/import-nfe', payload: m2.payload, headers: { ...m2.headers, cookie } });
    const uid2 = r2.json().data.uid as string;
    await aguardarTarefa(admin, uid2);
    expect((await itensDaTarefa(admin, uid2)).every((i) => i.mensagem === 'NF-e já importada' && i.status === 4)).toBe(true);
    // 40 CT-es citing those notes, the last a complement of the first (same group): same bound, every link made.
    const ctesZip = Array.from({ length: 39 }, (_, i) => cteXml({ numero: 20_000 + i, emitente: '60746948000112', nfes: [copias[i].chave, copias[i + 1].chave] }));
    ctesZip.push(cteXml({ numero: 20_100, emitente: '60746948000112', tipoCte: 1, chaveOriginal: ctesZip[0].chave }));
    const c = await importarContando('cte', montarZip(ctesZip.map((x, i) => ({ nome: `cte-${i}.xml`, dados: Buffer.from(x.xml) }))));
    expect(await aguardarTarefa(admin, c.uid)).toMatchObject({ total: 40, erros: 0 });
    if (umPorVez) {
      expect(c.grupos).toHaveLength(2);
      expect(Math.max(...c.grupos.map((g) => g.length)), c.grupos.map((g) => g.length).join(',')).toBeLessThanOrEqual(16);
    }
    // Every imported CT-e is audited after the commit (on PostgreSQL two audits of one carrier could deadlock
    // and leave CT-es unaudited: the listener retries a transaction PostgreSQL rolled back).
    // The complement (20100) is audited with its original, so the 39 others each have their audit.
    const doLote = sql`select uid from ctes where emitente_documento = '60746948000112' and numero between 20000 and 20038`;
    await expect.poll(() => contar(sql`select count(*)::int as n from auditorias where cte_uid in (${doLote})`), { timeout: 60_000 }).toBe(39);
    const primeiro = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: ctesZip[0].chave })).body.data.data[0];
    const det = (await admin.get(`/api/v1/documentos/ctes/${primeiro.uid}`)).body.data;
    expect(det.nfesVinculadas.map((n: { chave: string; nfeUid: string | null }) => [n.chave, !!n.nfeUid])).toEqual([[copias[0].chave, true], [copias[1].chave, true]]);
    expect(det).toMatchObject({ transportadorCadastroNome: 'Rápido Sul Transportes Ltda', componentes: [{ nome: 'FRETE PESO', valor: 120 }, { nome: 'PEDAGIO', valor: 30 }] });
    const comp = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: ctesZip[39].chave })).body.data.data[0];
    expect((await admin.get(`/api/v1/documentos/ctes/${comp.uid}`)).body.data.cteOriginalUid).toBe(primeiro.uid);
  }, 240_000);

  it('as listas de NF-e e CT-e leem pelo índice da ordem e do filtro padrão (EXPLAIN)', async () => {
    // 3,000 more CT-es and NF-es (copies of saved rows with new keys and dates), analysed, then the SQL each list
    // really sends (captured from Drizzle) is explained: the page must come from the list's index.
    const copiar = async (tabela: 'ctes' | 'nfes', onde: ReturnType<typeof sql>) => {
      const cols = ((await t.db.execute(sql`select column_name as c from information_schema.columns where table_name = ${tabela} and column_name not in ('uid', 'chave', 'numero', 'emissao')`)) as unknown as { rows: { c: string }[] }).rows.map((r) => sql.identifier(r.c));
      const lista = sql.join(cols, sql`, `);
      await t.db.execute(sql`insert into ${sql.identifier(tabela)} (chave, numero, emissao, ${lista})
        select 'X' || lpad(g::text, 43, '0'), 500000 + g, timestamptz '2020-01-01' + g * interval '3 hours', ${lista}
        from generate_series(1, 3000) g, (select * from ${sql.identifier(tabela)} where ${onde} limit 1) x`);
      await t.db.execute(sql`analyze ${sql.identifier(tabela)}`);
    };
    const rapidoSul = sql`transportador_uid = (select uid from transportadores where cnpj = '60746948000112')`;
    await copiar('ctes', sql`protocolo is not null and not cancelado and status = 1 and fatura_uid is null and ${rapidoSul}`);
    await copiar('nfes', sql`not virtual and ${rapidoSul}`);
    // Each copied CT-e cites one note (3,000 links), so the chaveNfe filter's lookup is worth an index.
    await t.db.execute(sql`insert into cte_nfes (cte_uid, embarcador_uid, chave, ordem)
      select uid, embarcador_uid, 'Y' || substr(chave, 2), 1 from ctes where chave like 'X%'`);
    await t.db.execute(sql`analyze cte_nfes`);
    const planoDa = (api: Api, url: string, query: Record<string, string>, tabela: string) =>
      planoDaLista(t.db, async () => {
        expect((await api.get(url, query)).status).toBe(200);
      }, tabela);
    expect(await planoDa(admin, '/api/v1/documentos/ctes', { situacao: '00' }, 'ctes')).toContain('ctes_disponiveis_idx');
    expect(await planoDa(transp, '/api/v1/documentos/ctes', {}, 'ctes')).toContain('ctes_transportador_lista_idx');
    expect(await planoDa(transp, '/api/v1/documentos/nfes', { par: 'transportador' }, 'nfes')).toContain('nfes_transportador_lista_idx');
    expect(await planoDa(admin, '/api/v1/documentos/nfes', {}, 'nfes')).toContain('nfes_lista_emissao_idx');
    expect(await planoDa(admin, '/api/v1/documentos/ctes', { chaveNfe: '9'.repeat(44) }, 'ctes')).toContain('cte_nfes_chave_idx');
  });

  it('NF-e ligada a um embarque: o detalhe mostra o embarque e a exclusão responde 409 dizendo o vínculo', async () => {
    // The demo shipment's typed line 7003/1 (no key, no issuer) links to the imported note: the only real 7003/1.
    const nota = nfeXml({ numero: 7003, serie: 1, emitente: '11222333000181' });
    await importar('nfe', [{ nome: 'embarcada.xml', dados: nota.xml }]);
    const uid = (await nfePorChave(nota.chave)).uid as string;
    const det = (await admin.get(`/api/v1/documentos/nfes/${uid}`)).body.data;
    expect(det.embarques).toHaveLength(1);
    expect(det.embarques[0]).toMatchObject({ uid: expect.any(String), numero: expect.any(Number), status: expect.any(Number) });
    const r = await admin.delete(`/api/v1/documentos/nfes/${uid}`);
    expect(r.status).toBe(409);
    expect(r.body).toMatchObject({ code: 'EM_USO', message: 'Registro em uso: esta NF-e está vinculada a um embarque; desfaça o vínculo antes de excluí-la.' });
    // A note nothing links is deleted.
    const solta = nfeXml({ numero: 7999, serie: 9, emitente: '11222333000181' });
    await importar('nfe', [{ nome: 'solta.xml', dados: solta.xml }]);
    const soltaUid = (await nfePorChave(solta.chave)).uid as string;
    expect((await admin.get(`/api/v1/documentos/nfes/${soltaUid}`)).body.data.embarques).toEqual([]);
    expect((await admin.delete(`/api/v1/documentos/nfes/${soltaUid}`)).status).toBe(200);
  });

  it('um grupo misturado: nova, repetida, evento antes da nota, substituta de virtual e arquivo ruim, cada um com o seu resultado', async () => {
    const corpo = { numero: 8301, serie: 2, emissao: '2025-02-01', emitenteDocumento: '11222333000181', emitenteNome: 'Demo', destinatarioDocumento: '33000167000101', destinatarioNome: 'Cliente', destinatarioUf: 'RJ', valorTotal: '10,50' };
    const virtual = (await admin.post('/api/v1/documentos/nfe-virtual', corpo)).body.data.uid as string;
    const nova = nfeXml({ numero: 8300, serie: 2 });
    const real = nfeXml({ numero: 8301, serie: 2 });
    const { tarefa, itens } = await importar('nfe', [
      { nome: 'evento.xml', dados: eventoCancelamentoXml(nova.chave) },
      { nome: 'nova.xml', dados: nova.xml },
      { nome: 'nova-de-novo.xml', dados: nova.xml },
      { nome: 'real.xml', dados: real.xml },
      { nome: 'ruim.xml', dados: '<NFe><infNFe>' },
    ]);
    const por = (nome: string) => itens.find((i) => i.nome === nome);
    expect(tarefa).toMatchObject({ total: 5, erros: 1 });
    // The set-based save runs first, the rest one by one in the same transaction: the event finds the note.
    expect(por('evento.xml')).toMatchObject({ status: 2, mensagem: 'NF-e cancelada pelo evento' });
    expect(por('nova-de-novo.xml')).toMatchObject({ status: 4, mensagem: 'NF-e já importada' });
    expect(por('real.xml')?.mensagem).toContain('substituiu a NF-e virtual');
    expect(por('ruim.xml')?.status).toBe(5);
    expect((await nfePorChave(nova.chave)).cancelada).toBe(true);
    expect((await admin.get(`/api/v1/documentos/nfe-virtual/${virtual}`)).body.data.substituidaPorUid).toBe((await nfePorChave(real.chave)).uid);
  });

  it('exportação de NF-e: XLSX com as linhas do filtro e ZIP com o XML de cada nota', async () => {
    const [c0, c1] = copiasDaAmostra(2);
    const exportar = async (filtros: Record<string, string>, incluirXml: boolean) => {
      const r = await admin.post('/api/v1/documentos/export-nfes', { filtros, incluirXml });
      expect(r.status, JSON.stringify(r.body)).toBe(200);
      const fim = await aguardarTarefa(admin, r.body.data.uid);
      expect(fim).toMatchObject({ status: 3, mensagem: expect.stringContaining('NF-e exportada(s).') });
      const baixado = await t.app.inject({ method: 'GET', url: fim.arquivo.url, headers: { cookie } });
      expect(baixado.statusCode).toBe(200);
      return baixado.rawPayload;
    };
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load((await exportar({ ftr_emitenteDocumento: '75.277.525/0001-78', ftr_numero: String(c0.numero) }, false)) as unknown as ArrayBuffer);
    const linhas = wb.worksheets[0].getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
    expect(linhas).toHaveLength(2);
    expect(linhas[0].slice(0, 4)).toEqual(['Chave', 'Número', 'Série', 'Emissão']);
    expect(linhas[1].slice(0, 3)).toEqual([c0.chave, 900_000, 3]);
    expect(linhas[1][4]).toBe('75277525000178');
    expect(linhas[1].slice(20)).toEqual(['Não', 'Sim', 'Não']);
    // The modality by the label the screen shows, not modFrete's code.
    expect(linhas[0][17]).toBe('Modalidade do frete');
    expect(linhas[1][17]).toBe('Por conta do emitente (CIF)');
    const zip = await JSZip.loadAsync(await exportar({ ftr_chave: c1.chave }, true));
    expect(Object.keys(zip.files).filter((n) => !zip.files[n].dir).sort()).toEqual(['nfes.xlsx', `xml/${c1.chave}-nfe.xml`]);
    expect(await zip.file(`xml/${c1.chave}-nfe.xml`)?.async('string')).toBe(c1.dados.toString());
  });

  it('CT-e antes da NF-e: o vínculo se faz quando a NF-e chega; cancelamento por evento', async () => {
    const nota = nfeXml({ numero: 7001, emitente: '11222333000181', transportador: '60746948000112', ufDestino: 'BA', municipioDestino: '2927408' });
    const { chave: chaveCte, xml } = cteXml({ numero: 9001, emitente: '60746948000112', nfes: [nota.chave] });
    await importar('cte', [{ nome: 'cte.xml', dados: xml }]);
    const cte = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: chaveCte })).body.data.data[0];
    expect((await admin.get('/api/v1/documentos/ctes', { semNfe: 'true', ftr_chave: chaveCte })).body.data.totalRecords).toBe(1);
    expect(cte).toMatchObject({ transportadorCadastroNome: 'Rápido Sul Transportes Ltda', situacao: '00', pesoCarga: 120.5, pesoCubado: 150, pesoBaseCalculo: null });
    await importar('nfe', [{ nome: 'nota.xml', dados: nota.xml }]);
    const det = (await admin.get(`/api/v1/documentos/ctes/${cte.uid}`)).body.data;
    const nfe = await nfePorChave(nota.chave);
    expect(det.nfesVinculadas).toEqual([{ chave: nota.chave, nfeUid: nfe.uid, numero: 7001, emitenteNome: 'EMITENTE TESTE LTDA' }]);
    expect(nfe).toMatchObject({ quantidadeCtes: 1, transportadorCadastroNome: 'Rápido Sul Transportes Ltda', unidadeEmbarcadorNome: 'Demo Alimentos - Matriz São Paulo' });
    // Filters: destination UF + period, "without CT-e"; delete refused while a CT-e cites it.
    expect((await admin.get('/api/v1/documentos/nfes', { ftr_destinatarioUf: 'ba', dataInicioFiltro: '2025-01-10', dataFimFiltro: '2025-01-10' })).body.data.data.map((n: { chave: string }) => n.chave)).toEqual([nota.chave]);
    expect((await admin.get('/api/v1/documentos/nfes', { ftr_destinatarioUf: 'BA', dataInicioFiltro: '2025-01-11', dataFimFiltro: '2025-01-12' })).body.data.totalRecords).toBe(0);
    expect((await admin.get('/api/v1/documentos/nfes', { ftr_chave: nota.chave, semCte: 'true' })).body.data.totalRecords).toBe(0);
    expect((await admin.delete(`/api/v1/documentos/nfes/${nfe.uid}`)).body.message).toMatch(/^Registro em uso: esta NF-e está vinculada a um CT-e/);
    // XML download: the original bytes, only inside the shipper.
    const baixado = await t.app.inject({ method: 'GET', url: `/api/download/nfe/${nfe.uid}`, headers: { cookie } });
    expect(baixado.statusCode).toBe(200);
    expect(baixado.body).toBe(nota.xml);
    expect((await outro.get(`/api/download/nfe/${nfe.uid}`)).status).toBe(404);
    // Cancellation events.
    await importar('nfe', [{ nome: 'canc.xml', dados: eventoCancelamentoXml(nota.chave) }]);
    expect((await nfePorChave(nota.chave)).cancelada).toBe(true);
    const ev = await importar('cte', [{ nome: 'canc-cte.xml', dados: eventoCancelamentoXml(chaveCte, 'cte') }]);
    expect(ev.itens[0].mensagem).toBe('CT-e cancelado pelo evento');
    expect((await admin.get(`/api/v1/documentos/ctes/${cte.uid}`)).body.data).toMatchObject({ cancelado: true, status: 5, situacao: '02' });
    expect((await admin.put(`/api/v1/documentos/ctes/${cte.uid}/status`, { status: 2 })).status).toBe(409);
  });

  it('situação 00 e mudança de status; outro embarcador não vê; modo transportador', async () => {
    const { chave, xml } = cteXml({ numero: 9100, emitente: '60746948000112' });
    await importar('cte', [{ nome: 'c.xml', dados: xml }]);
    const c = (await admin.get('/api/v1/documentos/ctes', { ftr_chave: chave })).body.data.data[0];
    const selecao = (await admin.get('/api/v1/documentos/ctes', { situacao: '00', pps: 500 })).body.data.data.map((x: { uid: string }) => x.uid);
    expect(selecao).toContain(c.uid);
    expect((await admin.put(`/api/v1/documentos/ctes/${c.uid}/status`, { status: 2 })).body.data.status).toBe(2);
    expect((await admin.put(`/api/v1/documentos/ctes/${c.uid}/status`, { status: 4 })).body.data.situacao).toBe('01');
    expect((await admin.get('/api/v1/documentos/ctes', { situacao: '00', pps: 500 })).body.data.data.map((x: { uid: string }) => x.uid)).not.toContain(c.uid);
    expect((await admin.put(`/api/v1/documentos/ctes/${c.uid}/status`, { status: 3 })).body.code).toBe('TRANSICAO_INVALIDA');
    expect((await outro.get(`/api/v1/documentos/ctes/${c.uid}`)).status).toBe(404);
    expect((await outro.get('/api/v1/documentos/ctes', { ftr_chave: chave })).body.data.totalRecords).toBe(0);
    // Carrier mode: Rápido Sul's user sees the notes it carries (seeded and imported), never others'.
    const modo = (await transp.get('/api/v1/documentos/nfes', { par: 'transportador', pps: 500 })).body.data.data as { transportador: { documento: string } | null }[];
    expect(modo.length).toBeGreaterThan(0);
    expect(modo.every((n) => n.transportador?.documento === '60746948000112')).toBe(true);
    expect((await admin.get('/api/v1/documentos/nfes', { par: 'transportador' })).status).toBe(400);
    const ctesTransp = (await transp.get('/api/v1/documentos/ctes', { pps: 500 })).body.data.data as { emitente: { documento: string } }[];
    expect(ctesTransp.every((x) => x.emitente.documento === '60746948000112')).toBe(true);
  });

  it('NF-e virtual: a real de mesmo emitente, série e número toma o seu lugar', async () => {
    const corpo = { numero: 8123, serie: 1, emissao: '2025-02-01', emitenteDocumento: '11222333000181', emitenteNome: 'Demo', destinatarioDocumento: '33000167000101', destinatarioNome: 'Cliente', destinatarioUf: 'RJ', valorTotal: '10,50' };
    const v = await admin.post('/api/v1/documentos/nfe-virtual', corpo);
    expect(v.status, JSON.stringify(v.body)).toBe(201);
    expect(v.body.data).toMatchObject({ virtual: true, chave: null, valorTotal: 10.5, substituidaPorUid: null });
    expect((await admin.post('/api/v1/documentos/nfe-virtual', corpo)).status).toBe(409);
    const real = nfeXml({ numero: 8123, serie: 1, emitente: '11222333000181' });
    await importar('nfe', [{ nome: 'real.xml', dados: real.xml }]);
    const depois = (await admin.get(`/api/v1/documentos/nfe-virtual/${v.body.data.uid}`)).body.data;
    expect(depois.substituidaPorUid).toBe((await nfePorChave(real.chave)).uid);
    expect((await admin.put(`/api/v1/documentos/nfe-virtual/${v.body.data.uid}`, corpo)).status).toBe(409);
  });
});
