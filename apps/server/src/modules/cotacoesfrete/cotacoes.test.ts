import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STATUS } from '@fretio/core';
import { type TestApp, createTestApp } from '../../../test/support/db.ts';
import { type Api, as } from '../../../test/support/http.ts';
import { hashSenha } from '../../lib/crypto.ts';
import { fecharCotacoesVencidas } from './prazo.ts';

// The procurement flow through the API: a request, a quotation made from it, two carriers answering
// in their portal (each seeing only its own answer, never the target price), the comparison with the
// engine, closing, approval above the approver's limit going to a second user, and the bad inputs.

let t: TestApp;
let admin: Api, outro: Api, operador: Api, rapidoUser: Api, nordesteUser: Api;
let rapido: string, nordeste: string, minas: string, pessoa: string, pessoaOutro: string;
const S = '/api/v1/solicitacoesfrete';
const C = '/api/v1/cotacoesfrete';
const SP = '3550308';
const RJ = '3304557';

async function rows<T>(q: ReturnType<typeof sql>): Promise<T[]> {
  return ((await t.db.execute(q)) as unknown as { rows: T[] }).rows;
}

async function usuarioTransportador(login: string, transportadorUid: string) {
  const [papel] = await rows<{ uid: string; embarcador_uid: string }>(
    sql`select p.uid, p.embarcador_uid from papeis p join embarcadores e on e.uid = p.embarcador_uid where p.tipo = 2 and e.cnpj = '11222333000181' limit 1`,
  );
  const [u] = await rows<{ uid: string }>(sql`insert into usuarios (login, nome, senha_hash, tipo_usuario, status_usuario, transportador_uid)
    values (${login}, 'Usuária Nordeste', ${await hashSenha('demo1234')}, 2, 2, ${transportadorUid}) returning uid`);
  await rows(sql`insert into usuario_embarcador (usuario_uid, embarcador_uid, papel_uid) values (${u.uid}, ${papel.embarcador_uid}, ${papel.uid}) returning uid`);
}

beforeAll(async () => {
  t = await createTestApp();
  const ids = await rows<{ uid: string; nome_fantasia: string }>(sql`select uid, nome_fantasia from transportadores`);
  const id = (n: string) => ids.find((r) => r.nome_fantasia === n)?.uid as string;
  [rapido, nordeste, minas] = [id('Rápido Sul'), id('Expresso Nordeste'), id('TransMinas')];
  await usuarioTransportador('nordeste@expresso.com.br', nordeste);
  [admin, outro, operador, rapidoUser, nordesteUser] = await Promise.all(
    ['admin@demo.com.br', 'admin@outro.com.br', 'operador@demo.com.br', 'transportador@rapidosul.com.br', 'nordeste@expresso.com.br'].map((l) => as(t.app, l)),
  );
  [{ uid: pessoa }] = await rows<{ uid: string }>(
    sql`select p.uid from pessoas p join embarcadores e on e.uid = p.embarcador_uid where e.cnpj = '11222333000181' limit 1`,
  );
  [{ uid: pessoaOutro }] = await rows<{ uid: string }>(
    sql`select p.uid from pessoas p join embarcadores e on e.uid = p.embarcador_uid where e.cnpj <> '11222333000181' limit 1`,
  );
});
afterAll(() => t?.close());

async function solicitacao() {
  const s = await admin.post(S, { origemMunicipioIbge: SP, destinoMunicipioIbge: RJ, remetenteUid: pessoa, dataColetaDesejada: '2026-12-01' });
  expect(s.status, s.text).toBe(201);
  const uid = s.body.data.uid as string;
  expect((await admin.post(`${S}/${uid}/produtos`, { descricao: 'Café torrado', quantidade: 100, pesoKg: '1.000,000', valor: 50000 })).status).toBe(201);
  const n = await admin.post(`${S}/${uid}/nfes`, { numero: 123, serie: 1, valor: '30000,00', pesoKg: 600, volumes: 60 });
  expect(n.status, n.text).toBe(201);
  expect(n.body.data).toMatchObject({ virtual: true, nfeUid: null, numero: 123, valor: 30000 });
  expect((await admin.post(`${S}/${uid}/nfes`, { numero: 124, valor: 20000, pesoKg: 400 })).status).toBe(201);
  return uid;
}

async function cotacaoAberta() {
  const sUid = await solicitacao();
  const c = await admin.post(`${C}/from-solicitacao/${sUid}`);
  expect(c.status, c.text).toBe(201);
  const uid = c.body.data.uid as string;
  for (const tr of [rapido, nordeste]) expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: tr })).status).toBe(201);
  expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 })).status).toBe(200);
  return { uid, sUid };
}

describe('dados de demonstração', () => {
  it('the demo shipper has a request, a quotation, a pickup order and a shipment in every status; quotations with answers', async () => {
    const tabelas = { solicitacaoFrete: 'solicitacoes_frete', cotacaoFrete: 'cotacoes_frete', ordemColeta: 'ordens_coleta', embarque: 'embarques' } as const;
    for (const [conjunto, tabela] of Object.entries(tabelas)) {
      const vistos = await rows<{ status: number }>(sql`select distinct t.status from ${sql.raw(tabela)} t join embarcadores e on e.uid = t.embarcador_uid
        where e.cnpj = '11222333000181' order by 1`);
      expect(vistos.map((v) => v.status), conjunto).toEqual(STATUS[conjunto as keyof typeof tabelas].values.map((v) => v.value));
    }
    // Answered quotations: the closed one compares two answers, the finalised one has its winner among its answers.
    const respostas = await rows<{ status: number; respostas: number; vencedor_respondeu: boolean }>(sql`select c.status, count(ct.respondido_em)::int as respostas,
        bool_or(ct.transportador_uid = c.vencedor_transportador_uid and ct.respondido_em is not null) as vencedor_respondeu
      from cotacoes_frete c join embarcadores e on e.uid = c.embarcador_uid and e.cnpj = '11222333000181' join cotacao_transportadores ct on ct.cotacao_uid = c.uid
      group by c.uid, c.status order by c.status`);
    expect(respostas.find((r) => r.status === 3)?.respostas).toBe(2);
    expect(respostas.find((r) => r.status === 4)).toMatchObject({ respostas: 2, vencedor_respondeu: true });
    // The request in "Cotação" carries a quotation, the one "Em Andamento" the finalised quotation.
    const ligadas = await rows<{ solicitacao: number; cotacao: number }>(sql`select s.status as solicitacao, c.status as cotacao from solicitacoes_frete s
      join cotacoes_frete c on c.solicitacao_uid = s.uid join embarcadores e on e.uid = s.embarcador_uid and e.cnpj = '11222333000181' order by 1`);
    expect(ligadas).toEqual([{ solicitacao: 2, cotacao: 1 }, { solicitacao: 4, cotacao: 4 }]);
  });
});

describe('lista de cotações', () => {
  it('deep pages read their uids first; the shipper gets the maintained total, a carrier its own count', async () => {
    await rows(sql`insert into cotacoes_frete (embarcador_uid, status, observacao) select e.uid, 1, 'lista ' || i from embarcadores e, generate_series(1, 30) i where e.cnpj = '11222333000181'`);
    const todas = await rows<{ numero: number }>(sql`select c.numero from cotacoes_frete c join embarcadores e on e.uid = c.embarcador_uid and e.cnpj = '11222333000181' order by c.numero desc`);
    const pagina = (await admin.get(C, { pc: 3, pps: 5 })).body.data;
    expect(pagina.totalRecords).toBe(todas.length);
    expect(pagina.data.map((c: { numero: number }) => c.numero)).toEqual(todas.slice(10, 15).map((c) => c.numero));
    expect((await rows<{ n: number }>(sql`select sum(n)::int as n from contagem_linhas l join embarcadores e on e.uid = l.embarcador_uid and e.cnpj = '11222333000181' where l.tabela = 'cotacoes_frete'`))[0].n).toBe(todas.length);
    const doTransportador = (await rapidoUser.get(C, { pps: 500 })).body.data;
    expect((await rapidoUser.get(C, { pc: 2, pps: 1 })).body.data.totalRecords).toBe(doTransportador.data.length);
    expect(doTransportador.data.length).toBeLessThan(todas.length);
  });
});

describe('solicitações de frete', () => {
  it('keeps places, cargo and NF-e totals; status follows the machine', async () => {
    const uid = await solicitacao();
    const s = (await admin.get(`${S}/${uid}`)).body.data;
    expect(s).toMatchObject({ status: 1, origemMunicipioNome: 'São Paulo', destinoUf: 'RJ', pesoTotalKg: 1000, valorTotal: 50000, quantidadeNfes: 2 });
    const proibida = await admin.put(`${S}/${uid}/atualizarstatus`, { status: 5 });
    expect(proibida.status).toBe(409);
    expect(proibida.body).toMatchObject({ code: 'TRANSICAO_INVALIDA', message: "Não é permitido mudar o status de 'Rascunho' para 'Finalizada'." });
    expect((await admin.put(`${S}/${uid}/atualizarstatus`, { status: 4 })).status).toBe(200);
    const semJust = await admin.put(`${S}/${uid}/atualizarstatus`, { status: 3 });
    expect(semJust.status).toBe(400);
    expect((await admin.put(`${S}/${uid}/atualizarstatus`, { status: 3, justificativa: 'Falta a NF-e 125' })).body.data).toMatchObject({
      status: 3,
      justificativaStatus: 'Falta a NF-e 125',
    });
    const hist = (await admin.get(`${S}/${uid}/historico`)).body.data.data;
    expect(hist.filter((e: { acao: string }) => e.acao === 'status').map((e: { statusDepois: number }) => e.statusDepois)).toEqual([4, 3]);
    expect(hist.at(-1)).toMatchObject({ justificativa: 'Falta a NF-e 125', usuarioNome: 'Administrador Demo' });
  });

  it('refuses bad input with the field and a pt-BR message, writing nothing', async () => {
    const uid = await solicitacao();
    const neg = await admin.post(`${S}/${uid}/produtos`, { descricao: 'X', quantidade: 1, pesoKg: -5, valor: 10 });
    expect(neg.status).toBe(400);
    expect(neg.body.errors[0].field).toBe('pesoKg');
    const negNfe = await admin.post(`${S}/${uid}/nfes`, { numero: 9, valor: -1, pesoKg: 1 });
    expect(negNfe.body.errors[0]).toMatchObject({ field: 'valor' });
    const prod = await admin.post(`${S}/${uid}/produtos`, { produtoUid: '00000000-0000-4000-8000-000000000000', descricao: 'X', quantidade: 1, pesoKg: 1, valor: 1 });
    expect(prod.body.errors).toEqual([{ field: 'produtoUid', message: 'Produto não encontrado' }]);
    const alheia = await admin.post(S, { origemCep: '01310100', destinoMunicipioIbge: RJ, remetenteUid: pessoaOutro });
    expect(alheia.body.errors).toEqual([{ field: 'remetenteUid', message: 'Pessoa não encontrada' }]);
    const semDestino = await admin.post(S, { origemCep: '01310100' });
    expect(semDestino.body.errors).toEqual([{ field: 'destinoCep', message: 'Informe o CEP ou o município de destino' }]);
    const mun = await admin.post(S, { origemMunicipioIbge: '9999999', destinoMunicipioIbge: RJ });
    expect(mun.body.errors).toEqual([{ field: 'origemMunicipioIbge', message: 'Município não encontrado' }]);
    const chave = await admin.post(`${S}/${uid}/nfes`, { chave: '3'.repeat(44), numero: 1, valor: 1, pesoKg: 1 });
    expect(chave.body.errors).toEqual([{ field: 'chave', message: 'Chave de acesso inválida' }]);
    expect((await admin.get(`${S}/${uid}`)).body.data.quantidadeNfes).toBe(2);
    expect((await outro.get(`${S}/${uid}`)).status).toBe(404);
    expect((await outro.post(`${S}/${uid}/nfes`, { numero: 1, valor: 1, pesoKg: 1 })).status).toBe(404);
  });
});

describe('cotação de frete com o portal do transportador', () => {
  it('runs request → quotation → answers → comparison → close → approval above the limit → second user', async () => {
    const sUid = await solicitacao();
    const c = await admin.post(`${C}/from-solicitacao/${sUid}`);
    expect(c.body.data).toMatchObject({ status: 1, situacaoAprovacao: 1, solicitacaoUid: sUid, pesoTotalKg: 1000, quantidadeNfes: 2 });
    const uid = c.body.data.uid as string;
    expect((await admin.get(`${S}/${sUid}`)).body.data.status).toBe(2);
    await admin.put(`${C}/${uid}`, { ...c.body.data, valorAlvo: '480,00', tipoCarga: 'LTL', prazoResposta: null });

    // No carrier yet: cannot open; unknown carrier, duplicate invitation.
    expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 })).body.errors[0].field).toBe('transportadores');
    expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: '00000000-0000-4000-8000-000000000000' })).body.errors).toEqual([
      { field: 'transportadorUid', message: 'Transportador não encontrado' },
    ]);
    for (const tr of [rapido, nordeste]) expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: tr })).status).toBe(201);
    expect((await admin.post(`${C}/${uid}/transportadores`, { transportadorUid: rapido })).status).toBe(409);

    // A draft is invisible to carriers, and answers wait for the opening.
    expect((await rapidoUser.get(`${C}/${uid}`)).status).toBe(404);
    expect((await admin.put(`${C}/${uid}/transportadores/${rapido}`, { valorTotal: 500, prazoDiasUteis: 3, validade: '2026-12-31' })).status).toBe(409);
    expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 })).body.data).toMatchObject({ status: 2, situacaoAprovacao: 2 });

    // Carrier portal: sees the invitation without the target price; answers only for itself.
    const lista = (await rapidoUser.get(C)).body.data;
    expect(lista.data.map((x: { uid: string }) => x.uid)).toContain(uid);
    expect(lista.data.find((x: { uid: string }) => x.uid === uid)).toMatchObject({ valorAlvo: null });
    const porOutro = await rapidoUser.put(`${C}/${uid}/transportadores/${nordeste}`, { valorTotal: 1, prazoDiasUteis: 1, validade: '2026-12-31' });
    expect(porOutro.status).toBe(403);
    expect(porOutro.body.message).toBe('Um transportador só responde pela própria empresa.');
    const r1 = await rapidoUser.put(`${C}/${uid}/transportadores/${rapido}`, { valorKg: '0,52', prazoDiasUteis: 2, validade: '2026-12-31', horasLivresCarregamento: 4, valorDiaria: 350 });
    expect(r1.status, r1.text).toBe(200);
    expect(r1.body.data).toMatchObject({ valorFrete: 520, respondidoPorNome: 'Tiago da Rápido Sul' });
    expect((await nordesteUser.put(`${C}/${uid}/transportadores/${nordeste}`, { valorTotal: 450, prazoDiasUteis: 5, validade: '2026-12-20' })).status).toBe(200);
    const visto = (await rapidoUser.get(`${C}/${uid}/transportadores`)).body.data.data;
    expect(visto).toHaveLength(1);
    expect(visto[0]).toMatchObject({ transportadorUid: rapido, valorMotor: null });
    expect((await rapidoUser.put(`${C}/${uid}`, c.body.data)).status).toBe(403);
    expect((await rapidoUser.put(`${C}/${uid}/fechar-cotacao`)).status).toBe(403);

    // Shipper: the comparison, with the engine's price from the carrier's own tables.
    const cmp = (await admin.get(`${C}/${uid}/transportadores`)).body.data.data as Record<string, unknown>[];
    const calc = (
      await admin.post('/api/v1/calculadora/calcular', {
        origem: { municipioIbge: SP },
        destino: { municipioIbge: RJ },
        pesoKg: 1000,
        valorMercadoria: 50000,
        documentos: 2,
        transportadorUids: [rapido],
      })
    ).body.data.cotacoes as { total: number }[];
    expect(calc.length).toBeGreaterThan(0);
    const r = cmp.find((x) => x.transportadorUid === rapido);
    expect(r?.valorMotor).toBe(Math.min(...calc.map((q) => q.total)));
    expect(cmp.find((x) => x.transportadorUid === nordeste)).toMatchObject({ valorFrete: 450, maisBarato: true, maisRapido: false });
    expect(r).toMatchObject({ maisBarato: false, maisRapido: true });

    // Approval only after closing; closing stops the answers.
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: nordeste })).status).toBe(409);
    expect((await admin.put(`${C}/${uid}/fechar-cotacao`)).body.data).toMatchObject({ status: 3, situacaoAprovacao: 3 });
    const tarde = await nordesteUser.put(`${C}/${uid}/transportadores/${nordeste}`, { valorTotal: 1, prazoDiasUteis: 1, validade: '2026-12-31' });
    expect(tarde.status).toBe(409);
    expect(tarde.body.message).toBe("A cotação está 'Fechada' e não recebe respostas.");
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true })).body.errors).toEqual([
      { field: 'transportadorUid', message: 'Escolha a resposta vencedora para aprovar' },
    ]);
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: false })).body.errors[0].field).toBe('justificativa');

    // The administrator's limit is R$ 400: the R$ 450 answer waits for someone whose limit covers it.
    await rows(sql`update papeis set alcada_aprovacao = 400 where nome = 'Administrador'`);
    await rows(sql`update papeis set alcada_aprovacao = 5000, permissoes = permissoes || '{"cotacoesfrete": ["ler", "aprovar"]}'::jsonb where nome = 'Operador'`);
    const ap = await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: nordeste, justificativa: 'Menor preço' });
    expect(ap.body.data).toMatchObject({ status: 3, situacaoAprovacao: 3, indicaAprovacaoUsuario: true, vencedorTransportadorUid: nordeste });
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: nordeste })).status).toBe(409);
    const acima = await admin.put(`${C}/${uid}/aprovacao-usuario`, { aprovado: true });
    expect(acima.status).toBe(403);
    expect(acima.body.message).toBe('O valor vencedor (R$ 450,00) passa da sua alçada (R$ 400,00).');
    const ok = await operador.put(`${C}/${uid}/aprovacao-usuario`, { aprovado: true });
    expect(ok.body.data).toMatchObject({ status: 4, situacaoAprovacao: 5, indicaAprovacaoUsuario: false, valorAprovado: 450, aprovadoPorNome: 'Olívia Operadora' });
    expect((await operador.put(`${C}/${uid}/aprovacao-usuario`, { aprovado: true })).status).toBe(409);
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: nordeste })).status).toBe(409);
    // The agreed value is kept on the NF-es, prorated by value, to the centavo.
    const fretes = await rows<{ frete_esperado: string }>(sql`select frete_esperado from carga_nfes where cotacao_uid = ${uid} order by numero`);
    expect(fretes.map((f) => f.frete_esperado)).toEqual(['270.00', '180.00']);
    // Carriers: the winner sees its result, the loser sees nothing of it.
    expect((await nordesteUser.get(`${C}/${uid}`)).body.data).toMatchObject({ valorAprovado: 450, vencedorTransportadorUid: nordeste, valorAlvo: null });
    expect((await rapidoUser.get(`${C}/${uid}`)).body.data).toMatchObject({ valorAprovado: null, vencedorTransportadorUid: null, vencedorTransportadorNome: null });
    await rows(sql`update papeis set alcada_aprovacao = null`);
  });

  it('rejection needs a justification and leaves the request with a pending issue; cancel from any open state', async () => {
    const { uid, sUid } = await cotacaoAberta();
    await admin.put(`${C}/${uid}/fechar-cotacao`);
    const rep = await admin.put(`${C}/${uid}/aprovacao`, { aprovado: false, justificativa: 'Preços acima do orçamento' });
    expect(rep.body.data).toMatchObject({ status: 3, situacaoAprovacao: 4, justificativa: 'Preços acima do orçamento' });
    expect((await admin.get(`${S}/${sUid}`)).body.data).toMatchObject({ status: 3, justificativaStatus: 'Cotação reprovada: Preços acima do orçamento' });
    // The request's timeline: made into a quotation (1 → 2), then pending with the reason (2 → 3), by the user who rejected it.
    const linha = (await admin.get(`${S}/${sUid}/historico`)).body.data.data.filter((h: { acao: string }) => h.acao === 'status');
    expect(linha).toMatchObject([
      { statusAntes: 1, statusDepois: 2, usuarioNome: 'Administrador Demo' },
      { statusAntes: 2, statusDepois: 3, justificativa: 'Cotação reprovada: Preços acima do orçamento', usuarioNome: 'Administrador Demo' },
    ]);
    expect((await admin.put(`${C}/${uid}/aprovacao`, { aprovado: true, transportadorUid: rapido })).status).toBe(409);
    expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 5 })).body.errors[0].field).toBe('justificativa');
    expect((await admin.put(`${C}/${uid}/atualizarstatus`, { status: 5, justificativa: 'Carga adiada' })).body.data).toMatchObject({ status: 5, situacaoAprovacao: 6 });
    const fim = await admin.put(`${C}/${uid}/atualizarstatus`, { status: 2 });
    expect(fim.status).toBe(409);
    expect(fim.body.message).toBe("Não é permitido mudar o status de 'Cancelada' para 'Aberta'.");
  });

  it('refuses answers after the deadline, from uninvited carriers, and hides other shippers’ quotations', async () => {
    const { uid } = await cotacaoAberta();
    const naoConvidado = await admin.put(`${C}/${uid}/transportadores/${minas}`, { valorTotal: 500, prazoDiasUteis: 3, validade: '2026-12-31' });
    expect(naoConvidado.status).toBe(404);
    const doisValores = await admin.put(`${C}/${uid}/transportadores/${rapido}`, { valorTotal: 500, valorKg: 1, prazoDiasUteis: 3, validade: '2026-12-31' });
    expect(doisValores.body.errors[0]).toEqual({ field: 'valorTotal', message: 'Informe um valor: total, por kg ou por veículo' });
    await rows(sql`update cotacoes_frete set prazo_resposta = now() - interval '1 minute' where uid = ${uid}`);
    const tarde = await rapidoUser.put(`${C}/${uid}/transportadores/${rapido}`, { valorTotal: 500, prazoDiasUteis: 3, validade: '2026-12-31' });
    expect(tarde.status).toBe(409);
    expect(tarde.body.code).toBe('PRAZO_ENCERRADO');
    expect((await outro.get(`${C}/${uid}`)).status).toBe(404);
    expect((await outro.get(`${C}/${uid}/transportadores`)).status).toBe(404);
    expect((await outro.put(`${C}/${uid}/fechar-cotacao`)).status).toBe(404);
    // Removing the invitation removes the carrier's access.
    expect((await admin.delete(`${C}/${uid}/transportadores/${rapido}`)).status).toBe(200);
    expect((await rapidoUser.get(`${C}/${uid}`)).status).toBe(404);
    expect((await rapidoUser.get(`${C}/${uid}/transportadores`)).status).toBe(404);
  });

  it('closes an open quotation by itself at its answer deadline, audited as the system', async () => {
    const { uid } = await cotacaoAberta();
    await rows(sql`update cotacoes_frete set prazo_resposta = '2030-01-10T18:00:00-03:00' where uid = ${uid}`);
    await fecharCotacoesVencidas(t.app, new Date('2030-01-10T20:59:59.999Z'));
    expect((await admin.get(`${C}/${uid}`)).body.data.status).toBe(2);
    // Two instances at the deadline: one closes it, the other finds nothing left to close.
    const [n1, n2] = await Promise.all([fecharCotacoesVencidas(t.app, new Date('2030-01-10T21:00:00Z')), fecharCotacoesVencidas(t.app, new Date('2030-01-10T21:00:00Z'))]);
    expect(n1 + n2).toBeGreaterThanOrEqual(1);
    expect((await admin.get(`${C}/${uid}`)).body.data).toMatchObject({ status: 3, situacaoAprovacao: 3 });
    const hist = (await admin.get(`${C}/${uid}/historico`)).body.data.data as { acao: string; usuarioNome: string | null; statusAntes: number; statusDepois: number }[];
    const fechamentos = hist.filter((h) => h.acao === 'fechar-cotacao');
    expect(fechamentos).toEqual([expect.objectContaining({ usuarioNome: null, statusAntes: 2, statusDepois: 3, justificativa: 'Prazo de resposta encerrado' })]);
  });
});
