import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { Harness } from './support/harness.ts';
import type { ResourceFixture, RouteFixture } from './fixtures.ts';

// Generic-suite fixtures of the freight audit and settlement (kept apart from fixtures.ts, spread into it).

const carrierOfA = async (h: Harness) => (await h.create('/transportadores')).uid;

/**
 * A CT-e of shipper A (row of the fiscal tables) with its audit (Divergente). The CT-e is a plain
 * SP → RJ one with a single component, so re-auditing it works and finds no table (Sem cálculo).
 */
export async function auditoriaDeA(h: Harness, status = 2, transportadorUid?: string): Promise<string> {
  const n = h.seq() * 1000 + Math.floor(Math.random() * 1000);
  const chave = `35260412345678000195570010${String(n).padStart(9, '0')}100000000`.slice(0, 44);
  const tr = transportadorUid ?? (await carrierOfA(h));
  const cteUid = randomUUID();
  await h.rows(sql`insert into ctes (uid, embarcador_uid, chave, numero, serie, emissao, emissao_texto, tipo_cte, origem_uf, destino_uf,
      origem_municipio_ibge, destino_municipio_ibge, valor_prestacao, transportador_uid, emitente_documento)
    values (${cteUid}, ${h.embarcadorA}, ${chave}, ${n}, 1, '2026-04-15T13:00:00Z', '2026-04-15T10:00:00-03:00', 0, 'SP', 'RJ', '3550308', '3304557', 100, ${tr}, '12345678000195')`);
  const [a] = await h.rows<{ uid: string }>(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao,
      transportador_uid, status, resultado_calculo, valor_cobrado, valor_esperado, diferenca, resumo)
    values (${h.embarcadorA}, ${cteUid}, ${chave}, ${n}, 1, '2026-04-15T13:00:00Z', ${tr}, ${status}, ${status}, 100, 90, 10, 'teste') returning uid`);
  return a.uid;
}

/** An authorised CT-e of shipper A with an approved audit (the kind an invoice takes); returns the CT-e's uid. */
export async function cteAprovadoDeA(h: Harness, transportadorUid: string, valor = '250.00'): Promise<string> {
  const n = h.seq() * 1000 + Math.floor(Math.random() * 1000);
  const chave = `35260412345678000195570020${String(n).padStart(9, '0')}100000000`.slice(0, 44);
  const cteUid = randomUUID();
  await h.rows(sql`insert into ctes (uid, embarcador_uid, chave, numero, serie, emissao, emissao_texto, tipo_cte, valor_prestacao, transportador_uid, protocolo)
    values (${cteUid}, ${h.embarcadorA}, ${chave}, ${n}, 2, '2026-04-15T13:00:00Z', '2026-04-15T10:00:00-03:00', 0, ${valor}, ${transportadorUid}, '135260000000001')`);
  await h.rows(sql`insert into auditorias (embarcador_uid, cte_uid, chave_cte, numero_cte, serie_cte, emissao, transportador_uid, status, resultado_calculo,
      valor_cobrado, valor_esperado, diferenca, resumo)
    values (${h.embarcadorA}, ${cteUid}, ${chave}, ${n}, 2, '2026-04-15T13:00:00Z', ${transportadorUid}, 1, 1, ${valor}, ${valor}, 0, 'teste')`);
  return cteUid;
}
const faturaBody = async (h: Harness) => {
  const tr = await carrierOfA(h);
  return { transportadorUid: tr, numero: `F-${h.seq()}-${randomUUID().slice(0, 6)}`, emissao: '2026-04-20', vencimento: '2026-05-20', valor: 250, cteUids: [await cteAprovadoDeA(h, tr)] };
};
/** An invoice of shipper A; validated when asked (value = its CT-e, so it validates). */
async function faturaDeA(h: Harness, validada = false) {
  const uid = (await h.create('/fatura')).uid;
  if (validada) {
    const res = await h.admin.get(`/api/v1/fatura/validar/${uid}`);
    if (res.status !== 200) throw new Error(`validar fatura: ${res.status} ${res.text}`);
  }
  return { uid };
}

/** The demo's autonomous driver unit (indicaAutonomo) of a carrier linked to shipper A. */
async function unidadeAutonomaDeA(h: Harness) {
  const [u] = await h.rows<{ uid: string }>(sql`select u.uid from unidades_transportador u join embarcador_transportador et
    on et.transportador_uid = u.transportador_uid and et.embarcador_uid = ${h.embarcadorA} where u.indica_autonomo limit 1`);
  return u.uid;
}
const rpaBody = async (h: Harness) => ({ unidadeTransportadorUid: await unidadeAutonomaDeA(h), data: '2026-03-10', valorFrete: 1000 + h.seq() });
async function tituloDeA(h: Harness) {
  const r = (await h.create('/rpa')).uid;
  const res = await h.admin.get(`/api/v1/rpa/${r}/emitir`);
  if (res.status !== 200) throw new Error(`emitir RPA: ${res.status}`);
  const [t] = await h.rows<{ uid: string }>(sql`select uid from rpa_titulos where rpa_uid = ${r} order by tipo limit 1`);
  return t.uid;
}

export const fixturesAuditoria: Record<string, ResourceFixture> = {
  '/auditorias': { create: (h) => auditoriaDeA(h), update: () => ({ mensagem: 'Observação da auditoria' }) },
  '/auditorias/:uid/taxas-especiais': {
    parent: (h) => auditoriaDeA(h),
    body: (h) => ({ descricao: `Descarga ${h.seq()}`, componente: 'DESCARGA', valor: 150 }),
  },
  '/tolerancias-auditoria': {
    body: async (h) => ({ transportadorUid: await carrierOfA(h), componente: 'GRIS', percentualAcima: 2, valorAcima: 5 }),
  },
  '/fatura/condicao-pagamento': { body: (h) => ({ nome: `Condição ${h.seq()} ${randomUUID().slice(0, 6)}`, parcelas: [30, 60] }) },
  '/rpa': { body: rpaBody },
  '/rpa/titulos': { create: tituloDeA },
  '/rpa/tabelas': {
    body: (h) => {
      const ano = 3000 + h.seq();
      return { vigenciaInicio: `${ano}-01-01`, vigenciaFim: `${ano}-12-31`, tetoInss: 9000, faixasIrrf: [{ ate: 2500, aliquota: 0, deducao: 0 }, { ate: null, aliquota: 15, deducao: 375 }] };
    },
  },
  '/fatura/pre-fatura': {
    body: async (h) => {
      const tr = await carrierOfA(h);
      return { transportadorUid: tr, auditoriaUids: [await auditoriaDeA(h, 1, tr)] };
    },
    update: () => ({ observacao: 'Conferida' }),
  },
  '/fatura': { body: faturaBody, update: () => ({ observacao: 'Conferida' }) },
};

const preFaturaDeA = async (h: Harness) => ({ uid: (await h.create('/fatura/pre-fatura')).uid });

export const rotasAuditoria: Record<string, RouteFixture> = {
  'PUT /api/v1/auditorias/:uid/aceitar-auditoria': { body: () => ({ mensagem: 'Aceito no teste' }) },
  'POST /api/v1/auditorias/reauditar-cte': {
    body: async (h) => {
      const [a] = await h.rows<{ cte_uid: string }>(sql`select cte_uid from auditorias where uid = ${await auditoriaDeA(h)}`);
      return { cteUid: a.cte_uid };
    },
    exempt: 'o CT-e vem no corpo; o isolamento de CT-e é do módulo fiscal (CT-e de outro embarcador responde 404, testado em auditorias.test.ts)',
  },
  'PUT /api/v1/auditorias/reauditar-por-periodo': { body: () => ({ dataInicio: '2026-01-01', dataFim: '2026-01-31' }) },
  'POST /api/v1/rpa/calcular': { body: rpaBody, exempt: 'não lê registro pelo caminho; a unidade de outro embarcador responde 400 no campo (rpa.test.ts)' },
  'GET /api/v1/rpa/:uid/pdf': { params: async (h) => ({ uid: (await h.rows<{ rpa_uid: string }>(sql`select rpa_uid from rpa_titulos where uid = ${await tituloDeA(h)}`))[0]!.rpa_uid }) },
  'PUT /api/v1/rpa/titulo/:uid': { params: async (h) => ({ uid: await tituloDeA(h) }), body: () => ({ dataPagamento: '2026-03-15' }) },
  'GET /api/v1/fatura/pre-fatura/liberar/:uid': { params: preFaturaDeA },
  'GET /api/v1/fatura/pre-fatura/cancelar/:uid': { params: preFaturaDeA },
  'GET /api/v1/fatura/pre-fatura/ctes-list/:uid': { params: preFaturaDeA },
  'GET /api/v1/fatura/validar/:uid': { params: (h) => faturaDeA(h) },
  'GET /api/v1/fatura/reabrir/:uid': { params: (h) => faturaDeA(h, true) },
  'PUT /api/v1/fatura/:uid/data-pagamento': { params: (h) => faturaDeA(h, true), body: () => ({ dataPagamento: '2026-05-20' }) },
  'GET /api/v1/fatura/:uid/ctes': { params: (h) => faturaDeA(h) },
  'GET /api/v1/fatura/conta-corrente/:uid': { params: async (h) => ({ uid: await carrierOfA(h) }) },
  'POST /api/v1/fatura/ctes-list': {
    body: async (h) => ({ unidadeTransportadorUid: await carrierOfA(h) }),
    exempt: 'a unidade vem no corpo: unidade de transportador não vinculado ao embarcador responde 400 no campo (faturas.test.ts)',
  },
};
