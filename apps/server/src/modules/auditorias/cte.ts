import { sql } from 'drizzle-orm';
import type { CteAuditavel, CteParaDuplicidade, TipoCte } from '@fretio/core';
import type { DbOrTx } from '../../framework/resource.ts';
import { memoLote } from '../../lib/memo-lote.ts';
import { rowsOf } from '../../framework/sql.ts';

// Reads the CT-e of the fiscal documents (tables ctes, cte_componentes, cte_nfes, nfes of issue 10) in
// the shape the audit compares. Plain SQL over those tables keeps this module independent of the
// fiscal module's code.

export type CteCarregado = {
  cte: CteAuditavel;
  uid: string;
  transportadorUid: string | null;
  unidadeTransportadorUid: string | null;
  cteOriginalUid: string | null;
  /** From the linked NF-es (null when none of them is imported yet). */
  pesoNfes: string | null;
  valorNfes: string | null;
  volumesNfes: string | null;
  quantidadeNfes: number;
  faturaUid: string | null;
};

type Linha = Record<string, unknown>;

/** The select of carregarCte, for one CT-e or (the re-audit batch) many: `where` picks them. */
export const selectCte = (where: ReturnType<typeof sql>) => sql`
    select c.*, (select coalesce(json_agg(json_build_object('nome', k.nome, 'valor', k.valor) order by k.ordem), '[]'::json)
                   from cte_componentes k where k.cte_uid = c.uid) as componentes_json,
           (select coalesce(json_agg(n.chave order by n.ordem), '[]'::json) from cte_nfes n where n.cte_uid = c.uid) as nfes_json,
           (select sum(f.peso_bruto) from cte_nfes n join nfes f on f.uid = n.nfe_uid where n.cte_uid = c.uid) as peso_nfes,
           (select sum(f.valor_total) from cte_nfes n join nfes f on f.uid = n.nfe_uid where n.cte_uid = c.uid) as valor_nfes,
           (select sum(f.volumes) from cte_nfes n join nfes f on f.uid = n.nfe_uid where n.cte_uid = c.uid) as volumes_nfes,
           (select count(*) from cte_nfes n where n.cte_uid = c.uid)::int as quantidade_nfes
      from ctes c where ${where}`;

export async function carregarCte(db: DbOrTx, embarcadorUid: string, cteUid: string): Promise<CteCarregado | null> {
  return memoLote(db, `cte|${cteUid}`, async () => {
    const [c] = rowsOf(await db.execute(selectCte(sql`c.uid = ${cteUid} and c.embarcador_uid = ${embarcadorUid}`)));
    return c ? cteDaLinha(c) : null;
  });
}

export function cteDaLinha(c: Linha): CteCarregado {
  const s = (k: string) => (c[k] === null || c[k] === undefined ? null : String(c[k]));
  const parte = (p: string) => (c[`${p}_documento`] || c[`${p}_nome`] ? { documento: s(`${p}_documento`), nome: s(`${p}_nome`) } : null);
  const emissao = c.emissao instanceof Date ? c.emissao.toISOString() : String(c.emissao);
  const json = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : v);
  return {
    uid: String(c.uid),
    transportadorUid: s('transportador_uid'),
    unidadeTransportadorUid: s('unidade_transportador_uid'),
    cteOriginalUid: s('cte_original_uid'),
    pesoNfes: s('peso_nfes'),
    valorNfes: s('valor_nfes'),
    volumesNfes: s('volumes_nfes'),
    quantidadeNfes: Number(c.quantidade_nfes ?? 0),
    faturaUid: s('fatura_uid'),
    cte: {
      uid: String(c.uid),
      chave: String(c.chave),
      numero: Number(c.numero),
      serie: Number(c.serie),
      modelo: Number(c.modelo ?? 57),
      emissao,
      cfop: s('cfop'),
      tipoCte: Number(c.tipo_cte ?? 0) as TipoCte,
      modal: s('modal'),
      emitente: { documento: s('emitente_documento'), nome: s('emitente_nome'), uf: s('emitente_uf') },
      remetente: parte('remetente'),
      destinatario: parte('destinatario'),
      tomador: parte('tomador'),
      origem: { municipioIbge: s('origem_municipio_ibge'), uf: s('origem_uf') },
      destino: { municipioIbge: s('destino_municipio_ibge'), uf: s('destino_uf') },
      valorPrestacao: s('valor_prestacao') ?? '0',
      valorReceber: s('valor_receber'),
      componentes: json(c.componentes_json) as { nome: string; valor: string }[],
      icms: c.icms_cst === null && c.icms_valor === null ? null : { cst: s('icms_cst'), base: s('icms_base'), aliquota: s('icms_aliquota'), valor: s('icms_valor') },
      nfes: json(c.nfes_json) as string[],
      pesoCarga: s('peso_carga'),
      pesoCubado: s('peso_cubado'),
      pesoBaseCalculo: s('peso_base_calculo'),
      valorCarga: s('valor_carga'),
      protocolo: s('protocolo'),
      cancelado: Boolean(c.cancelado),
    },
  };
}

/** The CT-es of the same shipper that could duplicate this one: same key, same carrier + number/series, or a shared NF-e. */
export function candidatosDuplicidade(db: DbOrTx, embarcadorUid: string, c: CteCarregado): Promise<CteParaDuplicidade[]> {
  return memoLote(db, `duplicidade|${c.uid}`, () => candidatosLidos(db, embarcadorUid, c));
}

/** The candidates' row → the shape detectarDuplicidades takes. */
export const candidatoDaLinha = (r: Linha): CteParaDuplicidade => ({
  uid: String(r.uid),
  chave: String(r.chave),
  numero: Number(r.numero),
  serie: Number(r.serie),
  transportador: String(r.transportador),
  tipoCte: Number(r.tipo_cte) as TipoCte,
  cancelado: Boolean(r.cancelado),
  nfes: (typeof r.nfes_json === 'string' ? JSON.parse(r.nfes_json) : r.nfes_json) as string[],
  ...(r.emissao ? { emissao: r.emissao instanceof Date ? r.emissao.toISOString() : new Date(String(r.emissao)).toISOString() } : {}),
});

async function candidatosLidos(db: DbOrTx, embarcadorUid: string, c: CteCarregado): Promise<CteParaDuplicidade[]> {
  const nfes = c.cte.nfes;
  const linhas = rowsOf(await db.execute(sql`
    select c.uid, c.chave, c.numero, c.serie, coalesce(c.transportador_uid::text, c.emitente_documento) as transportador,
           coalesce(c.tipo_cte, 0) as tipo_cte, c.cancelado, c.emissao,
           (select coalesce(json_agg(n.chave), '[]'::json) from cte_nfes n where n.cte_uid = c.uid) as nfes_json
      from ctes c
     where c.embarcador_uid = ${embarcadorUid} and c.cancelado = false
       and (c.uid = ${c.uid} or c.chave = ${c.cte.chave}
            or (coalesce(c.transportador_uid::text, c.emitente_documento) = ${c.transportadorUid ?? c.cte.emitente.documento} and c.numero = ${c.cte.numero} and c.serie = ${c.cte.serie})
            ${nfes.length ? sql`or c.uid in (select n.cte_uid from cte_nfes n where n.embarcador_uid = ${embarcadorUid} and n.chave in (${sql.join(nfes.map((k) => sql`${k}`), sql`, `)}))` : sql``})
     limit 200`));
  return linhas.map(candidatoDaLinha);
}

/** The complementares (tpCTe 1) of an original CT-e, not cancelled. */
export function complementaresDe(db: DbOrTx, embarcadorUid: string, original: CteCarregado): Promise<string[]> {
  return memoLote(db, `complementares|${original.uid}`, () => complementaresLidos(db, embarcadorUid, original));
}

async function complementaresLidos(db: DbOrTx, embarcadorUid: string, original: CteCarregado): Promise<string[]> {
  const linhas = rowsOf(await db.execute(sql`
    select uid from ctes where embarcador_uid = ${embarcadorUid} and tipo_cte = 1 and cancelado = false
       and (cte_original_uid = ${original.uid} or chave_original = ${original.cte.chave}) order by emissao`));
  return linhas.map((r) => String(r.uid));
}

/** Simples Nacional flag of the carrier (column of the freight engine's second pass; false when absent). */
export async function transportadorSimples(db: DbOrTx, transportadorUid: string | null): Promise<boolean> {
  if (!transportadorUid) return false;
  return memoLote(db, `simples|${transportadorUid}`, () => simplesLido(db, transportadorUid));
}

async function simplesLido(db: DbOrTx, transportadorUid: string): Promise<boolean> {
  const [r] = rowsOf(await db.execute(sql`select coalesce((to_jsonb(t) ->> 'simples_nacional')::boolean, false) as sn from transportadores t where t.uid = ${transportadorUid}`));
  return Boolean(r?.sn);
}
