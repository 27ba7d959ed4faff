import { sql } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { TIPOS_NOTIFICACAO } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { hashSenha } from '../../lib/crypto.ts';
import { logsOperacao } from '../../db/schema/index.ts';
import { AppError, criarTarefa, defineTipoTarefa } from '../../framework/tarefas/index.ts';
import { aguardarTarefa } from '../../../test/support/tarefas.ts';
import { verificarCertificados } from './certificado.ts';
import { despacharEmails } from './despachante.ts';
import { type Notificacao, notificar } from './service.ts';

// Notifications through the API and the service on PGlite: who receives each kind (parameters,
// groups, permissions, the carrier's own users), e-mail only on the e-mail channel and only after the
// commit (a real local SMTP server), the inbox (own rows only, read marks, news), import-from-global.

type Mail = { to: string; subject: string; text: string };
/** The Subject header, RFC 2047 Q-encoded words decoded. */
const assunto = (raw: string) =>
  (raw.match(/^Subject: (.*(?:\r?\n[ \t].*)*)/m)?.[1] ?? '').replace(/\r?\n[ \t]/g, '').replace(/=\?UTF-8\?Q\?(.*?)\?=/gi, (_m, q: string) =>
    Buffer.from(q.replace(/_/g, ' ').replace(/=([0-9A-F]{2})/gi, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8'));
const chegou = (f: (m: Mail) => boolean) =>
  vi.waitFor(() => {
    const m = inbox.find(f);
    if (!m) throw new Error('o e-mail ainda não chegou');
    return m;
  }, { timeout: 10_000 });
let t: TestApp;
let smtp: SMTPServer;
const inbox: Mail[] = [];
let admin: Api, operador: Api, outro: Api, tiago: Api, nordesteUser: Api;
const U: Record<string, string> = {};
let demo: string, outroEmb: string, rapido: string, nordeste: string;

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}
const uidDe = async (login: string) => (await rows<{ uid: string }>(sql`select uid from usuarios where login = ${login}`))[0].uid;
const doUsuario = (login: string, tipo?: string) =>
  rows<{ tipo: string; titulo: string; mensagem: string; data_leitura: string | null }>(
    sql`select n.tipo, n.titulo, n.mensagem, n.data_leitura from notificacoes n join usuarios u on u.uid = n.usuario_uid
        where u.login = ${login} and (${tipo ?? null}::text is null or n.tipo = ${tipo ?? null}) order by n.criado_em`,
  );
const emailsPendentes = async () => (await rows<{ n: number }>(sql`select count(*)::int as n from notificacao_emails where enviado_em is null`))[0].n;
/** Runs `n` in its own transaction, like a module would inside its own. */
const emitir = (n: Notificacao) => t.db.transaction((tx) => notificar(tx, n));

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, done) {
      let raw = '';
      stream.on('data', (c) => (raw += c.toString()));
      stream.on('end', () => {
        // Quoted-printable body: soft breaks joined, =XX bytes decoded as UTF-8.
        const text = Buffer.from(raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_x, h: string) => String.fromCharCode(Number.parseInt(h, 16))), 'latin1').toString('utf8');
        inbox.push({ to: session.envelope.rcptTo.map((r) => r.address).join(','), subject: assunto(raw), text });
        done();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', () => resolve()));
  t = await createTestApp({ config: { smtpUrl: `smtp://127.0.0.1:${(smtp.server.address() as { port: number }).port}` } });
  const emb = await rows<{ uid: string; cnpj: string }>(sql`select uid, cnpj from embarcadores`);
  demo = emb.find((e) => e.cnpj === '11222333000181')?.uid as string;
  outroEmb = emb.find((e) => e.cnpj !== '11222333000181')?.uid as string;
  const tr = await rows<{ uid: string; nome_fantasia: string }>(sql`select uid, nome_fantasia from transportadores`);
  rapido = tr.find((r) => r.nome_fantasia === 'Rápido Sul')?.uid as string;
  nordeste = tr.find((r) => r.nome_fantasia === 'Expresso Nordeste')?.uid as string;
  // A second user of Rápido Sul, inactive (never told), and one of Expresso Nordeste, both in Demo.
  const [papel] = await rows<{ uid: string }>(sql`select uid from papeis where embarcador_uid = ${demo} and tipo = 2 limit 1`);
  const senha = await hashSenha('demo1234');
  for (const [login, transportador, status] of [['inativo@rapidosul.com.br', rapido, 3], ['ana@nordeste.com.br', nordeste, 2]] as const) {
    const [u] = await rows<{ uid: string }>(sql`insert into usuarios (login, nome, senha_hash, tipo_usuario, status_usuario, transportador_uid)
      values (${login}, ${`Usuário ${login}`}, ${senha}, 2, ${status}, ${transportador}) returning uid`);
    await rows(sql`insert into usuario_embarcador (usuario_uid, embarcador_uid, papel_uid) values (${u.uid}, ${demo}, ${papel.uid}) returning uid`);
  }
  for (const l of ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br', 'inativo@rapidosul.com.br', 'ana@nordeste.com.br']) U[l] = await uidDe(l);
  [admin, operador, outro, tiago, nordesteUser] = await Promise.all(
    ['admin@demo.com.br', 'operador@demo.com.br', 'admin@outro.com.br', 'transportador@rapidosul.com.br', 'ana@nordeste.com.br'].map((l) => as(t.app, l)),
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('catálogo, grupos e parâmetros', () => {
  it('lists every kind of the catalogue and the active groups', async () => {
    const cat = await admin.get('/api/v1/grupo-notificacoes/notificacoes-sistema/lista');
    expect(cat.status).toBe(200);
    expect(cat.body.data.map((k: { value: string }) => k.value)).toEqual(TIPOS_NOTIFICACAO.map((k) => k.valor));
    expect(cat.body.data.find((k: { value: string }) => k.value === 'cotacao-convite')).toMatchObject({ destino: 'transportador', label: 'Convite para cotação', email: true });
    const lista = await admin.get('/api/v1/grupo-notificacoes/lista');
    expect(lista.body.data).toEqual([{ value: expect.any(String), label: 'Compras' }]);
    expect((await operador.get('/api/v1/grupo-notificacoes/lista')).status).toBe(200);
    expect((await tiago.get('/api/v1/grupo-notificacoes/lista')).status).toBe(403);
  });

  it('a group holds only active shipper users of the active shipper; names are unique; a used group cannot go', async () => {
    const G = '/api/v1/grupo-notificacoes';
    const alheio = await admin.post(G, { nome: 'Logística', usuarioUids: [U['admin@outro.com.br']] });
    expect(alheio.status).toBe(400);
    expect(alheio.body.errors[0]).toMatchObject({ field: 'usuarioUids' });
    expect((await admin.post(G, { nome: 'Logística', usuarioUids: [U['transportador@rapidosul.com.br']] })).status).toBe(400);
    const ok = await admin.post(G, { nome: 'Logística', usuarioUids: [U['operador@demo.com.br'], U['operador@demo.com.br']] });
    expect(ok.status, ok.text).toBe(201);
    expect(ok.body.data).toMatchObject({ nome: 'Logística', usuarioUids: [U['operador@demo.com.br']], usuarios: [{ nome: 'Olívia Operadora' }] });
    expect((await admin.post(G, { nome: 'Logística' })).body).toMatchObject({ errorCode: 409, errors: [{ field: 'nome' }] });
    const p = (await admin.get('/api/v1/parametro-notificacao', { ftr_tipo: 'embarque-cancelado' })).body.data.data[0];
    const put = await admin.put(`/api/v1/parametro-notificacao/${p.uid}`, { tipo: 'embarque-cancelado', grupoUids: [ok.body.data.uid], app: true, email: false });
    expect(put.status, put.text).toBe(200);
    expect(put.body.data).toMatchObject({ tipoLabel: 'Embarque cancelado', grupos: [{ nome: 'Logística' }] });
    expect((await admin.delete(`${G}/${ok.body.data.uid}`)).status).toBe(409);
  });

  it('parameters: one per kind, groups only for shipper kinds and only of the shipper', async () => {
    const P = '/api/v1/parametro-notificacao';
    expect((await admin.post(P, { tipo: 'cotacao-convite' })).body).toMatchObject({ errorCode: 409, errors: [{ field: 'tipo' }] });
    const [grupoOutro] = await rows<{ uid: string }>(sql`insert into notificacao_grupos (embarcador_uid, nome) values (${outroEmb}, 'Deles') returning uid`);
    expect((await outro.post(P, { tipo: 'cotacao-convite', grupoUids: [grupoOutro.uid] })).body.errors[0].field).toBe('grupoUids');
    expect((await outro.post(P, { tipo: 'cotacao-resposta', grupoUids: [(await admin.get('/api/v1/grupo-notificacoes/lista')).body.data[0].value] })).status).toBe(400);
    expect((await outro.post(P, { tipo: 'nao-existe' })).body.errors[0]).toEqual({ field: 'tipo', message: 'Tipo de notificação inválido' });
  });

  it('import-from-global copies the defaults for the kinds not yet configured, once', async () => {
    const P = '/api/v1/parametro-notificacao';
    const antes = (await outro.get(P)).body.data.totalRecords;
    const r1 = await outro.post(`${P}/import-from-global`);
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body.data.importados).toBe(TIPOS_NOTIFICACAO.length - antes);
    const todos = (await outro.get(P, { pps: 100 })).body.data.data;
    expect(todos).toHaveLength(TIPOS_NOTIFICACAO.length);
    expect(todos.find((p: { tipo: string }) => p.tipo === 'cotacao-aguardando-aprovacao')).toMatchObject({ app: true, email: true, grupoUids: [] });
    expect((await outro.post(`${P}/import-from-global`)).body.data).toEqual({ importados: 0, tipos: [] });
    expect((await outro.get(P)).body.data.totalRecords).toBe(TIPOS_NOTIFICACAO.length);
    expect((await operador.post(`${P}/import-from-global`)).status).toBe(403);
  });
});

describe('destinatários', () => {
  const base = { embarcadorUid: '', mensagem: 'teste', registro: { recurso: 'cotacoesfrete', uid: '7e0a2b1c-0000-4000-8000-000000000001', titulo: 'Destinatários' } };

  it('shipper kinds: the groups of the parameter; without groups, who holds the permission; never the author', async () => {
    // Demo: cotacao-resposta goes to the group Compras (the administrator only).
    expect(await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-resposta' })).toEqual({ destinatarios: 1, emails: 0 });
    expect((await doUsuario('admin@demo.com.br', 'cotacao-resposta')).at(-1)?.titulo).toBe('Destinatários');
    expect(await doUsuario('operador@demo.com.br', 'cotacao-resposta')).toEqual([]);
    // Without groups: cotacao-aprovada needs cotacoesfrete 'alterar' (the operator only reads).
    await rows(sql`update notificacao_parametros set grupo_uids = '{}' where embarcador_uid = ${demo} and tipo = 'cotacao-aprovada'`);
    expect((await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-aprovada' })).destinatarios).toBe(1);
    expect(await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-aprovada', autorUid: U['admin@demo.com.br'] })).toEqual({ destinatarios: 0, emails: 0 });
    // No parameter at all (shipper Outro before import): the catalogue's defaults.
    await rows(sql`delete from notificacao_parametros where embarcador_uid = ${outroEmb}`);
    expect((await emitir({ ...base, embarcadorUid: outroEmb, tipo: 'cotacao-reprovada' })).destinatarios).toBe(1);
    expect((await doUsuario('admin@outro.com.br', 'cotacao-reprovada')).length).toBe(1);
    // Named users (a task's author) are told even when the kind names no permission.
    expect((await emitir({ ...base, embarcadorUid: demo, tipo: 'tarefa-com-erros', usuarios: [U['operador@demo.com.br']] })).destinatarios).toBe(1);
    expect((await emitir({ ...base, embarcadorUid: demo, tipo: 'tarefa-com-erros', usuarios: [U['admin@outro.com.br']] })).destinatarios).toBe(0);
  });

  it('carrier kinds: only the active users of that carrier linked to the shipper', async () => {
    const r = await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-convite', transportadorUid: rapido });
    expect(r.destinatarios).toBe(1);
    expect((await doUsuario('transportador@rapidosul.com.br', 'cotacao-convite')).at(-1)?.titulo).toBe('Destinatários');
    expect(await doUsuario('inativo@rapidosul.com.br')).toEqual([]);
    expect(await doUsuario('ana@nordeste.com.br')).toEqual([]);
    // Rápido Sul's users are not linked to shipper Outro: nobody there.
    expect((await emitir({ ...base, embarcadorUid: outroEmb, tipo: 'cotacao-convite', transportadorUid: rapido })).destinatarios).toBe(0);
  });

  it('a parameter switched off tells nobody; e-mail only on the e-mail channel', async () => {
    await rows(sql`update notificacao_parametros set ativo = false where embarcador_uid = ${demo} and tipo = 'cotacao-reprovada'`);
    expect(await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-reprovada' })).toEqual({ destinatarios: 0, emails: 0 });
    await rows(sql`update notificacao_parametros set ativo = true, app = false, email = true where embarcador_uid = ${demo} and tipo = 'cotacao-reprovada'`);
    const antes = (await doUsuario('admin@demo.com.br', 'cotacao-reprovada')).length;
    expect(await emitir({ ...base, embarcadorUid: demo, tipo: 'cotacao-reprovada' })).toEqual({ destinatarios: 1, emails: 1 });
    expect((await doUsuario('admin@demo.com.br', 'cotacao-reprovada')).length).toBe(antes);
    await despacharEmails(t.app);
    const m = await chegou((x) => x.to === 'admin@demo.com.br' && x.subject === 'Fretio: Cotação reprovada');
    expect(m.text).toContain('Destinatários');
    await rows(sql`update notificacao_parametros set app = true, email = false where embarcador_uid = ${demo} and tipo = 'cotacao-reprovada'`);
  });
});

describe('e-mail depois do commit', () => {
  it('a rolled-back transaction sends nothing; a committed one sends through the mailer and its outbox', async () => {
    await vi.waitFor(async () => expect(await emailsPendentes()).toBe(0), { timeout: 10_000 });
    const enviados = inbox.length;
    await expect(
      t.db.transaction(async (tx) => {
        await notificar(tx, { tipo: 'cotacao-convite', embarcadorUid: demo, transportadorUid: rapido, mensagem: 'não deve sair', registro: { recurso: 'cotacoesfrete', uid: '7e0a2b1c-0000-4000-8000-000000000002', titulo: 'Desfeita' } });
        throw new Error('desfaz');
      }),
    ).rejects.toThrow('desfaz');
    expect(await emailsPendentes()).toBe(0);
    expect(await despacharEmails(t.app)).toBe(0);
    expect(inbox.length).toBe(enviados);
    expect(await doUsuario('transportador@rapidosul.com.br').then((n) => n.filter((x) => x.titulo === 'Desfeita'))).toEqual([]);

    await emitir({ tipo: 'cotacao-convite', embarcadorUid: demo, transportadorUid: rapido, mensagem: 'deve sair', link: '/cotacoesfrete?ftr_numero=1', registro: { recurso: 'cotacoesfrete', uid: '7e0a2b1c-0000-4000-8000-000000000003', titulo: 'Confirmada' } });
    // The background dispatcher sends it shortly after the commit.
    const mail = await chegou((x) => x.to === 'transportador@rapidosul.com.br' && x.text.includes('deve sair'));
    expect(mail.subject).toBe('Fretio: Convite para cotação');
    expect(mail.text).toContain('http://localhost:3000/cotacoesfrete?ftr_numero=1');
    await vi.waitFor(async () => expect(await emailsPendentes()).toBe(0), { timeout: 10_000 });
    const [outbox] = await rows<{ n: number }>(sql`select count(*)::int as n from email_outbox where para = 'transportador@rapidosul.com.br' and texto like '%deve sair%' and enviado_em is not null`);
    expect(outbox.n).toBe(1);
  });
});

describe('caixa de notificações', () => {
  it('lists only my own, unread first; PATCH and DELETE of someone else’s answer 404', async () => {
    const minhas = (await admin.get('/api/v1/notificacao', { pps: 100 })).body.data;
    expect(minhas.totalRecords).toBeGreaterThan(0);
    const lidas = minhas.data.map((n: { lida: boolean }) => n.lida);
    expect(lidas).toEqual([...lidas].sort((a: boolean, b: boolean) => Number(a) - Number(b)));
    const [deTiago] = await rows<{ uid: string }>(sql`select uid from notificacoes where usuario_uid = ${U['transportador@rapidosul.com.br']} and data_leitura is null limit 1`);
    expect(minhas.data.map((n: { uid: string }) => n.uid)).not.toContain(deTiago.uid);
    expect((await admin.patch(`/api/v1/notificacao/${deTiago.uid}`, { dataLeitura: '2026-11-26T10:00:00Z' })).status).toBe(404);
    expect((await admin.delete(`/api/v1/notificacao/${deTiago.uid}`)).status).toBe(404);
    expect((await nordesteUser.delete(`/api/v1/notificacao/${deTiago.uid}`)).status).toBe(404);
    expect((await rows(sql`select 1 from notificacoes where uid = ${deTiago.uid} and data_leitura is null`)).length, 'a notificação de outro usuário mudou').toBe(1);
    expect((await tiago.patch(`/api/v1/notificacao/${deTiago.uid}`, { dataLeitura: 'ontem' })).status).toBe(400);
  });

  it('PATCH marks read (kept), null marks unread; DELETE removes it for its recipient', async () => {
    const { uid } = (await tiago.get('/api/v1/notificacao', { ftr_lida: 'false' })).body.data.data[0];
    const lida = await tiago.patch(`/api/v1/notificacao/${uid}`, { dataLeitura: '2026-11-26T10:00:00-03:00' });
    expect(lida.status, lida.text).toBe(200);
    expect(lida.body.data).toMatchObject({ uid, lida: true, dataLeitura: '2026-11-26T13:00:00.000Z' });
    const depois = (await tiago.get('/api/v1/notificacao', { pps: 100 })).body.data.data.find((n: { uid: string }) => n.uid === uid);
    expect(depois).toMatchObject({ dataLeitura: '2026-11-26T13:00:00.000Z', notificacaoUsuarios: [{ usuarioUid: U['transportador@rapidosul.com.br'], dataLeitura: '2026-11-26T13:00:00.000Z' }] });
    expect((await tiago.patch(`/api/v1/notificacao/${uid}`, { dataLeitura: null })).body.data.lida).toBe(false);
    expect((await tiago.delete(`/api/v1/notificacao/${uid}`)).status).toBe(200);
    expect((await tiago.patch(`/api/v1/notificacao/${uid}`, { dataLeitura: null })).status).toBe(404);
  });

  it('news: since the last call only what arrived after it, with the exact unread count', async () => {
    const primeira = (await operador.get('/api/v1/notificacao/news')).body.data;
    expect(primeira.data.every((n: { lida: boolean }) => !n.lida)).toBe(true);
    expect(primeira.naoLidas).toBe(primeira.data.length);
    const vazia = (await operador.get('/api/v1/notificacao/news', { desde: primeira.ultimaRequisicao })).body.data;
    expect(vazia).toMatchObject({ data: [], novaNotificacao: false, naoLidas: primeira.naoLidas });
    await emitir({ tipo: 'tarefa-com-erros', embarcadorUid: demo, usuarios: [U['operador@demo.com.br']], mensagem: 'nova', registro: { recurso: 'fila-tarefas', uid: '7e0a2b1c-0000-4000-8000-000000000004', titulo: 'Importação com erros' } });
    const nova = (await operador.get('/api/v1/notificacao/news', { desde: primeira.ultimaRequisicao })).body.data;
    expect(nova).toMatchObject({ novaNotificacao: true, naoLidas: primeira.naoLidas + 1, data: [{ titulo: 'Importação com erros', tipoLabel: 'Tarefa concluída com erros' }] });
    expect((await operador.get('/api/v1/notificacao/news', { desde: nova.ultimaRequisicao })).body.data.data).toEqual([]);
    expect((await operador.get('/api/v1/notificacao/news', { desde: 'ontem' })).status).toBe(400);
    const todas = await operador.post('/api/v1/notificacao/marcar-lidas');
    expect(todas.body.data.marcadas).toBe(nova.naoLidas);
    expect((await operador.get('/api/v1/notificacao/news')).body.data).toMatchObject({ naoLidas: 0, data: [] });
  });
});

describe('eventos dos módulos', () => {
  it('a quotation: invite on opening (carrier bell + e-mail), answer, approval above the limit, approval', async () => {
    const C = '/api/v1/cotacoesfrete';
    const c = await admin.post(C, { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', prazoResposta: new Date(Date.now() + 86_400_000).toISOString() });
    expect(c.status, c.text).toBe(201);
    const { uid, numero } = c.body.data;
    expect((await admin.post(`${C}/${uid}/produtos`, { descricao: 'Café', quantidade: 10, pesoKg: 500, valor: 10000 })).status).toBe(201);
    expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: rapido })).status).toBe(201);
    const antes = (await tiago.get('/api/v1/notificacao/news')).body.data.naoLidas;
    expect((await doUsuario('transportador@rapidosul.com.br')).filter((n) => n.titulo === `Cotação nº ${numero}`)).toEqual([]); // a draft: not yet
    expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 })).status).toBe(200);
    const news = (await tiago.get('/api/v1/notificacao/news')).body.data;
    expect(news.naoLidas).toBe(antes + 1);
    expect(news.data[0]).toMatchObject({ tipo: 'cotacao-convite', titulo: `Cotação nº ${numero}`, link: `/cotacoesfrete?ftr_numero=${numero}`, registroUid: uid });
    await chegou((m) => m.to === 'transportador@rapidosul.com.br' && m.text.includes(`cotação de frete nº ${numero}`));
    // Invited while open: told at once; Expresso Nordeste's user, not Rápido Sul's.
    expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: nordeste })).status).toBe(201);
    expect((await nordesteUser.get('/api/v1/notificacao/news')).body.data.naoLidas).toBe(1);
    expect((await tiago.get('/api/v1/notificacao/news')).body.data.naoLidas).toBe(antes + 1);

    expect((await tiago.put(`${C}/${uid}/transportadores/${rapido}`, { valorTotal: 900, prazoDiasUteis: 2, validade: '2026-12-31' })).status).toBe(200);
    expect((await doUsuario('admin@demo.com.br', 'cotacao-resposta')).at(-1)?.mensagem).toBe(`Rápido Sul respondeu à cotação nº ${numero}: R$ 900,00.`);

    expect((await admin.put(`${C}/${uid}/fechar-cotacao`)).status).toBe(200);
    await rows(sql`update papeis set alcada_aprovacao = 500 where embarcador_uid = ${demo} and nome = 'Administrador'`);
    try {
      const acima = await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: rapido });
      expect(acima.status, acima.text).toBe(200);
      // The group Compras holds only the administrator, who caused it: add the operator to be told.
      await rows(sql`update notificacao_grupos set usuario_uids = usuario_uids || ${U['operador@demo.com.br']}::uuid where embarcador_uid = ${demo} and nome = 'Compras'`);
      await rows(sql`update notificacao_parametros set grupo_uids = (select array_agg(uid) from notificacao_grupos where embarcador_uid = ${demo} and nome = 'Compras')
        where embarcador_uid = ${demo} and tipo = 'cotacao-aprovada'`);
      await rows(sql`update papeis set alcada_aprovacao = null where embarcador_uid = ${demo}`);
      expect((await admin.put(`${C}/${uid}/aprovacao-usuario`, { aprovado: true })).status).toBe(200);
    } finally {
      await rows(sql`update papeis set alcada_aprovacao = null where embarcador_uid = ${demo}`);
    }
    expect((await doUsuario('operador@demo.com.br', 'cotacao-aprovada')).at(-1)?.mensagem).toBe(`A cotação nº ${numero} foi aprovada por Administrador Demo: Rápido Sul, R$ 900,00.`);
    expect(await doUsuario('admin@demo.com.br', 'cotacao-aguardando-aprovacao')).toEqual([]);
  });

  it('a quotation awaiting approval tells the approvers; a rejection tells the group', async () => {
    await rows(sql`update papeis set alcada_aprovacao = 100 where embarcador_uid = ${demo} and nome = 'Operador'`);
    await rows(sql`update papeis set permissoes = permissoes || '{"cotacoesfrete": ["ler", "alterar", "aprovar"]}'::jsonb where embarcador_uid = ${demo} and nome = 'Operador'`);
    const C = '/api/v1/cotacoesfrete';
    const { uid, numero } = (await admin.post(C, { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557' })).body.data;
    await admin.post(`${C}/${uid}/produtos`, { descricao: 'Café', quantidade: 1, pesoKg: 50, valor: 1000 });
    await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: rapido });
    await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 });
    await tiago.put(`${C}/${uid}/transportadores/${rapido}`, { valorTotal: 300, prazoDiasUteis: 1, validade: '2026-12-31' });
    await admin.put(`${C}/${uid}/fechar-cotacao`);
    const op = await operador.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: rapido });
    expect(op.status, op.text).toBe(200);
    expect((await doUsuario('admin@demo.com.br', 'cotacao-aguardando-aprovacao')).at(-1)?.mensagem).toContain(`cotação nº ${numero} (Rápido Sul, R$ 300,00) passou da alçada de Olívia Operadora`);
    expect((await admin.put(`${C}/${uid}/aprovacao-usuario`, { aprovado: false, justificativa: 'Sem orçamento' })).status).toBe(200);
    expect((await doUsuario('operador@demo.com.br', 'cotacao-reprovada')).at(-1)?.mensagem).toBe(`A cotação nº ${numero} foi reprovada por Administrador Demo: Sem orçamento`);
  });

  it('a cancelled shipment tells the parameter’s groups', async () => {
    const e = await admin.post('/api/v1/embarque', { origemMunicipioIbge: '3550308', destinoMunicipioIbge: '3304557', dataEmbarque: '2026-12-02' });
    expect(e.status, e.text).toBe(201);
    expect((await admin.put(`/api/v1/embarque/${e.body.data.uid}/cancel`, { justificativaStatus: 'Cliente desistiu' })).status).toBe(200);
    // The earlier test pointed embarque-cancelado at the group Logística (the operator).
    expect((await doUsuario('operador@demo.com.br', 'embarque-cancelado')).at(-1)).toMatchObject({
      titulo: `Embarque nº ${e.body.data.numero} cancelado`, mensagem: `Administrador Demo cancelou o embarque nº ${e.body.data.numero}: Cliente desistiu`,
    });
  });

  it('a task that ends with errors tells who created it', async () => {
    const tipo = defineTipoTarefa<Record<string, never>>({
      tipo: 'teste-notificacao',
      nome: 'Importação de teste',
      recurso: 'logs',
      async processar(tx, tarefa, item) {
        await tx.insert(logsOperacao).values({ embarcadorUid: tarefa.embarcadorUid, nivel: 'info', origem: 'teste', mensagem: item.nome });
        if (item.nome === 'ruim') throw AppError.field('linha', 'Linha ruim: valor inválido');
        return { situacao: 'ok' };
      },
    });
    const ok = await criarTarefa(t.db, { embarcadorUid: demo, usuarioUid: U['operador@demo.com.br'] }, tipo, {}, [{ nome: 'boa' }]);
    expect((await aguardarTarefa(admin, ok)).status).toBe(3);
    const ruim = await criarTarefa(t.db, { embarcadorUid: demo, usuarioUid: U['operador@demo.com.br'] }, tipo, {}, [{ nome: 'boa' }, { nome: 'ruim' }]);
    expect((await aguardarTarefa(admin, ruim)).status).toBe(4);
    const avisos = (await doUsuario('operador@demo.com.br', 'tarefa-com-erros')).filter((n) => n.titulo.startsWith('Importação de teste'));
    expect(avisos).toEqual([{ tipo: 'tarefa-com-erros', titulo: 'Importação de teste foi concluída com erros', mensagem: '1 de 2 itens processados, 1 com erro.', data_leitura: null }]);
    expect((await doUsuario('admin@demo.com.br', 'tarefa-com-erros')).filter((n) => n.titulo.startsWith('Importação de teste'))).toEqual([]);
  });

  it('the A1 certificate expiring within 30 days: once per certificate and threshold', async () => {
    const arquivo = '5b1c2d3e-0000-4000-8000-0000000000a1';
    await rows(sql`update embarcadores set certificado_arquivo_uid = ${arquivo}, expiracao_certificado = to_char(current_date + 60, 'YYYY-MM-DD') where uid = ${demo}`);
    expect(await verificarCertificados(t.app)).toBe(0);
    await rows(sql`update embarcadores set expiracao_certificado = to_char(current_date + 10, 'YYYY-MM-DD') where uid = ${demo}`);
    expect(await verificarCertificados(t.app)).toBe(1);
    expect(await verificarCertificados(t.app)).toBe(0);
    const avisos = await doUsuario('admin@demo.com.br', 'certificado-vencendo');
    expect(avisos).toHaveLength(1);
    expect(avisos[0].titulo).toMatch(/^Certificado digital A1 vence em 1[01] dias/);
    expect(await doUsuario('operador@demo.com.br', 'certificado-vencendo')).toEqual([]);
    // A new certificate is warned about again when its own time comes.
    await rows(sql`update embarcadores set certificado_arquivo_uid = '5b1c2d3e-0000-4000-8000-0000000000a2' where uid = ${demo}`);
    expect(await verificarCertificados(t.app)).toBe(1);
    await rows(sql`update embarcadores set certificado_arquivo_uid = null, expiracao_certificado = null where uid = ${demo}`);
  });
});
