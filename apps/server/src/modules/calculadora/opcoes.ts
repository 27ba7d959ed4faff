import { and, eq, inArray, sql } from 'drizzle-orm';
import { type Carga, type Opcoes, type PisoAntt, type TipoCargaAntt, UID_REGEX, documentoValido, fonteAliquotaIcmsFrete, somenteDigitos } from '@fretio/core';
import { configuracoes, modais, pessoas, produtos, tiposVeiculo, transportadores } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { issDoMunicipio } from '../configuracoes/repository.ts';
import { aliquotaIss, regraIcmsFrete } from '../configuracoes/service.ts';
import { feriadosDoDestino } from '../feriados/service.ts';
import type { TabelaRow } from '../tabelasfrete/repository.ts';
import type { TabelaMontada } from './cache.ts';
import { type LocalResolvido, paraLocal } from './locais.ts';
import { coeficientesAntt } from './pisos-antt.ts';
import { montarTabelas } from './tabelas.ts';
import { memoLote, memoLoteAtivo } from '../../lib/memo-lote.ts';

// Everything the engine needs beyond the table, built in ONE place for the calculator, the shipment and
// order simulations and the audit's expected value, so the three can never disagree: the date the
// calculation is "as of", transport ICMS per UF and modal (tax rules TRANSPORTE/INTERESTADUAL), ISS of
// the register for a same-municipality load, holidays of the destination, the catalogue's flags, vehicle
// capacity and axles, the ANTT floor (binding for a TAC carrier), Simples Nacional, and the parties and
// products restrictions look at.

export type CargaDoMotor = {
  origem: LocalResolvido;
  destino: LocalResolvido;
  /** 'YYYY-MM-DD': tables valid on it quote, the deadline counts from it, tax rules and ANTT floor of it. */
  data: string;
  pesoKg: number;
  /**
   * A cubed weight the document declares (the CT-e's infQ "PESO CUBADO"): the load weighs the larger of it
   * and pesoKg — unless the load is exempt from cubage by the register (then its real weight stands).
   */
  pesoCubadoKg?: number | null;
  m3?: number;
  valorMercadoria: number;
  volumes?: number;
  documentos?: number;
  /** CPF/CNPJ (any mask) or the uid of one of the shipper's people; an invalid one is a 400 on the field. */
  remetente?: string | null;
  destinatario?: string | null;
  /** 'ignorar' (documents already issued, e.g. a CT-e): an invalid CPF/CNPJ is left out instead of a 400. */
  partesInvalidas?: 'erro' | 'ignorar';
  /** Product codes of the shipper's register (without case). */
  produtos?: string[];
  /** 'erro' (the calculator): an unknown code is a 400 on `produtos`; 'ignorar': NF-e item codes not in the register. */
  produtosDesconhecidos?: 'erro' | 'ignorar';
  /** NCMs known from the documents themselves (NF-e items), besides those of the registered products. */
  ncms?: string[];
  tipoVeiculoUid?: string | null;
  tipoCargaAntt?: TipoCargaAntt;
};

export type MotorDaCarga = {
  carga: Carga;
  montadas: Map<string, TabelaMontada>;
  catalogo: Awaited<ReturnType<typeof catalogoComponentes>>;
  /** The engine's options for one candidate table (its modal's ICMS, its carrier's regime and floor). */
  opcoes(t: TabelaRow): Opcoes;
  /** Where the tax rate applied to a quote of table `t` comes from, in words (the breakdown shows it). */
  fonteAliquota(t: TabelaRow, tributo: 'ICMS' | 'ISS' | 'NENHUM'): string;
};

const somaDias = (data: string, dias: number) => new Date(Date.parse(`${data}T00:00:00Z`) + dias * 86_400_000).toISOString().slice(0, 10);

/** A party of the load: CNPJ/CPF digits (any mask) or the uid of one of the shipper's people. */
export async function documentoDaParte(db: DbOrTx, embarcadorUid: string, v: string | null | undefined, campo: string): Promise<string | undefined> {
  if (!v) return undefined;
  if (UID_REGEX.test(v)) {
    const [p] = await db
      .select({ documento: pessoas.documento })
      .from(pessoas)
      .where(and(eq(pessoas.uid, v), eq(pessoas.embarcadorUid, embarcadorUid)));
    if (!p) throw AppError.field(campo, 'Pessoa não encontrada');
    return p.documento;
  }
  const d = somenteDigitos(v);
  if (!documentoValido(d)) throw AppError.field(campo, 'CPF/CNPJ inválido');
  return d;
}

/**
 * The load's products (codes of the register, compared without case) and their NCMs, for restrictions
 * by product/NCM prefix; an unknown code is a 400 on `produtos` unless told to ignore it.
 */
export async function produtosDaCarga(
  db: DbOrTx,
  embarcadorUid: string,
  codigos: string[] | undefined,
  desconhecidos: 'erro' | 'ignorar' = 'erro',
): Promise<{ produtos?: string[]; ncms?: string[]; isentosCubagem?: boolean }> {
  const pedidos = [...new Set((codigos ?? []).map((c) => c.toUpperCase()))];
  if (!pedidos.length) return {};
  const rows = await db
    .select({ codigo: produtos.codigo, ncm: produtos.ncm, chave: sql<string>`upper(${produtos.codigo})`, isentoCubagem: produtos.isentoCubagem })
    .from(produtos)
    .where(and(eq(produtos.embarcadorUid, embarcadorUid), inArray(sql`upper(${produtos.codigo})`, pedidos)));
  const achados = new Set(rows.map((r) => r.chave));
  const faltam = pedidos.filter((c) => !achados.has(c));
  if (faltam.length && desconhecidos === 'erro') throw AppError.field('produtos', `Produto não cadastrado: ${faltam.slice(0, 5).join(', ')}`);
  if (!rows.length) return {};
  return {
    produtos: rows.map((r) => r.codigo),
    ncms: [...new Set(rows.map((r) => r.ncm).filter((n): n is string => !!n))],
    // Exempt only when every product of the load is known and flagged (an unknown NF-e item may be cubed).
    isentosCubagem: !faltam.length && rows.every((r) => r.isentoCubagem),
  };
}

/** The recipient (CPF/CNPJ digits) is one of the shipper's people flagged "isento de cubagem". */
export async function destinatarioIsentoCubagem(db: DbOrTx, embarcadorUid: string, documento: string | undefined): Promise<boolean> {
  if (!documento) return false;
  const [p] = await db
    .select({ uid: pessoas.uid })
    .from(pessoas)
    .where(and(eq(pessoas.embarcadorUid, embarcadorUid), eq(pessoas.documento, documento), eq(pessoas.isentoCubagem, true)))
    .limit(1);
  return !!p;
}

/** Capacity and axles of the vehicle types the candidate tables' routes (and the load) name. */
export async function veiculosDasTabelas(db: DbOrTx, montadas: TabelaMontada[], daCarga: string | null | undefined) {
  const uids = new Set<string>();
  for (const m of montadas) for (const r of m.tabela.rotas) if (r.tipoVeiculoUid) uids.add(r.tipoVeiculoUid);
  if (daCarga) uids.add(daCarga);
  if (!uids.size) return {};
  const rows = await db
    .select({ uid: tiposVeiculo.uid, nome: tiposVeiculo.nome, capacidadeKg: tiposVeiculo.capacidadeKg, capacidadeM3: tiposVeiculo.capacidadeM3, eixos: tiposVeiculo.eixos })
    .from(tiposVeiculo)
    .where(inArray(tiposVeiculo.uid, [...uids]));
  return Object.fromEntries(
    rows.map((v) => [v.uid, { nome: v.nome, capacidadeKg: Number(v.capacidadeKg), capacidadeM3: Number(v.capacidadeM3), eixos: v.eixos }]),
  );
}

/**
 * The ANTT coefficients by axle count for one carrier (the engine picks the chosen route's vehicle's);
 * binding for a self-employed driver (TAC). Routes without a distance get no floor.
 */
function pisosDoTransportador(coeficientes: Map<number, PisoAntt>, autonomo: boolean): Record<number, PisoAntt> | undefined {
  if (!coeficientes.size) return undefined;
  return Object.fromEntries([...coeficientes].map(([e, c]) => [e, autonomo ? { ...c, obrigatorio: true } : c]));
}

/** Regime of each carrier of the candidate tables, and the modal codes (air freight has its own ICMS). */
async function transportadoresEModais(db: DbOrTx, tabelas: TabelaRow[]) {
  const tUids = [...new Set(tabelas.map((t) => t.transportadorUid))];
  const mUids = [...new Set(tabelas.map((t) => t.modalUid).filter((m): m is string => !!m))];
  const [ts, ms] = await Promise.all([
    tUids.length
      ? db
          .select({
            uid: transportadores.uid,
            simplesNacional: transportadores.simplesNacional,
            // A self-employed driver (every active unit TAC): the ANTT floor binds (Lei 13.703/2018 art. 5º §4).
            // Qualified by hand: drizzle writes a bare "uid" in a one-table select, which the subquery would bind to u.uid.
            autonomo: sql<boolean>`(exists (select 1 from unidades_transportador u where u.transportador_uid = transportadores.uid and u.ativo)
              and not exists (select 1 from unidades_transportador u where u.transportador_uid = transportadores.uid and u.ativo and u.tipo <> 'TAC'))`,
          })
          .from(transportadores)
          .where(inArray(transportadores.uid, tUids))
      : Promise.resolve([]),
    mUids.length ? db.select({ uid: modais.uid, codigo: modais.codigo }).from(modais).where(inArray(modais.uid, mUids)) : Promise.resolve([]),
  ]);
  return { transportador: new Map(ts.map((t) => [t.uid, t])), modal: new Map(ms.map((m) => [m.uid, m.codigo])) };
}

/** CT-e modal (tpServ/modal, '01'…'06') → the modal codes of the register (modais.codigo). */
const MODAL_DO_CTE: Record<string, string> = { '01': 'RODOVIARIO', '02': 'AEREO', '03': 'AQUAVIARIO', '04': 'FERROVIARIO', '05': 'DUTOVIARIO', '06': 'MULTIMODAL' };
export const modalDoCte = (codigo: string | null | undefined) => (codigo ? (MODAL_DO_CTE[codigo] ?? codigo) : null);

export type TributoDoFrete = {
  /** ICMS of the transport service; ISS inside one municipality; NENHUM for a Simples Nacional carrier. */
  tributo: 'ICMS' | 'ISS' | 'NENHUM';
  /** Percent (0 for NENHUM). */
  aliquota: number;
  /** Where the rate comes from, in words (the calculator's breakdown and the audit's lines show it). */
  fonte: string;
};

export const FONTE_SIMPLES = 'Transportador do Simples Nacional: imposto não embutido no frete';

/**
 * THE tax of a freight on `data` — the rate of the TRANSPORT service, never the goods' — for the
 * calculator, the simulations, the quotation's engine price and the CT-e audit alike:
 * - same municipality (origin IBGE = destination IBGE): a municipal service, ISS (LC 116/2003, item 16.02)
 *   at the rate of the ISS register, else the default of the settings;
 * - inside one UF: the shipper's TRANSPORTE rule, else the legal transport rate (SP 12 %, RICMS/SP art. 54, I);
 * - between UFs: the shipper's INTERESTADUAL rule, else 4 % by air (Res. SF 95/1996), else 7 / 12 %
 *   (Res. SF 22/1989); imported goods do not change it (Res. SF 13/2012 is about goods).
 * (configuracoes/service.ts regraIcmsFrete and core aliquotaIcmsFrete/fonteAliquotaIcmsFrete hold the rules.)
 */
export async function icmsDoFrete(
  db: DbOrTx,
  embarcadorUid: string,
  p: { ufOrigem: string; ufDestino: string; ibgeOrigem?: string | null; ibgeDestino?: string | null; data: string; modal?: string | null; simplesNacional?: boolean },
): Promise<TributoDoFrete> {
  if (p.simplesNacional) return { tributo: 'NENHUM', aliquota: 0, fonte: FONTE_SIMPLES };
  // Read once per re-audit task (lib/memo-lote.ts); a plain call everywhere else. The ISS of one municipality
  // does not depend on the day; the ICMS rule depends on the UFs, the day and the modal only.
  const chave = p.ibgeOrigem && p.ibgeOrigem === p.ibgeDestino
    ? `iss|${embarcadorUid}|${p.ibgeOrigem}`
    : `icms|${embarcadorUid}|${p.ufOrigem}|${p.ufDestino}|${p.data}|${p.modal ?? ''}`;
  return memoLote(db, chave, () => icmsDoFreteLido(db, embarcadorUid, p));
}

async function icmsDoFreteLido(
  db: DbOrTx,
  embarcadorUid: string,
  p: { ufOrigem: string; ufDestino: string; ibgeOrigem?: string | null; ibgeDestino?: string | null; data: string; modal?: string | null },
): Promise<TributoDoFrete> {
  if (p.ibgeOrigem && p.ibgeOrigem === p.ibgeDestino) {
    const [aliquota, cadastrado] = await Promise.all([aliquotaIss(db, embarcadorUid, p.ibgeOrigem), issDoMunicipio(db, embarcadorUid, p.ibgeOrigem)]);
    return {
      tributo: 'ISS',
      aliquota,
      fonte: cadastrado ? 'Cadastro de ISS do município (LC 116/2003, item 16.02)' : 'Alíquota padrão de ISS das configurações (LC 116/2003, item 16.02)',
    };
  }
  const regra = await regraIcmsFrete(db, embarcadorUid, p.ufOrigem, p.ufDestino, p.data, p.modal);
  const o = p.ufOrigem.trim().toUpperCase();
  const d = p.ufDestino.trim().toUpperCase();
  const tipo = o === d ? 'TRANSPORTE' : 'INTERESTADUAL';
  return {
    tributo: 'ICMS',
    aliquota: regra.aliquota,
    fonte:
      regra.fonte === 'embarcador'
        ? `Regra tributária do embarcador (${tipo} ${o}${tipo === 'INTERESTADUAL' ? ` → ${d}` : ''})`
        : fonteAliquotaIcmsFrete(o, d, p.modal),
  };
}

/** The memo key of "the recipient is exempt from cubage" (the re-audit batch seeds it for its CT-es' recipients). */
export const chaveIsentoCubagem = (documento: string | undefined) => `isento-cubagem|${documento ?? ''}`;

/**
 * Holidays of the destination from the load's day to two years after it. Inside a re-audit task the
 * destination's holidays of those whole years are read once (lib/memo-lote.ts) and each load keeps its
 * window: the same dates as the one read, without one read per CT-e day.
 */
async function feriadosDaCarga(db: DbOrTx, embarcadorUid: string, destino: LocalResolvido, data: string, facultativos: boolean): Promise<string[]> {
  const ate = somaDias(data, 730);
  if (!memoLoteAtivo(db)) return feriadosDoDestino(db, embarcadorUid, destino, data, ate, facultativos);
  const [anoDe, anoAte] = [data.slice(0, 4), ate.slice(0, 4)];
  const anos = await memoLote(db, `feriados|${destino.uf}|${destino.ibge ?? ''}|${anoDe}|${anoAte}|${facultativos}`, () =>
    feriadosDoDestino(db, embarcadorUid, destino, `${anoDe}-01-01`, `${anoAte}-12-31`, facultativos));
  return anos.filter((d) => d >= data && d <= ate);
}

export async function opcoesDoMotor(db: DbOrTx, embarcadorUid: string, c: CargaDoMotor, tabelas: TabelaRow[]): Promise<MotorDaCarga> {
  const { origem, destino, data } = c;
  const parte = (v: string | null | undefined, campo: string) =>
    c.partesInvalidas === 'ignorar' && v && !UID_REGEX.test(v) && !documentoValido(somenteDigitos(v))
      ? Promise.resolve(undefined)
      : documentoDaParte(db, embarcadorUid, v, campo);
  const [remetente, destinatario, mercadorias, catalogo, { transportador, modal }, [cfg]] = await Promise.all([
    parte(c.remetente, 'remetente'),
    parte(c.destinatario, 'destinatario'),
    produtosDaCarga(db, embarcadorUid, c.produtos, c.produtosDesconhecidos),
    memoLote(db, `catalogo|${embarcadorUid}`, () => catalogoComponentes(db, embarcadorUid)),
    memoLote(db, `transportadores-modais|${tabelas.map((t) => `${t.uid}:${t.transportadorUid}:${t.modalUid}`).join(',')}`, () => transportadoresEModais(db, tabelas)),
    memoLote(db, `facultativos|${embarcadorUid}`, () =>
      db.select({ pontosFacultativosUteis: configuracoes.pontosFacultativosUteis }).from(configuracoes).where(eq(configuracoes.embarcadorUid, embarcadorUid))),
  ]);
  const modaisUsados = [...new Set(tabelas.map((t) => (t.modalUid ? (modal.get(t.modalUid) ?? null) : null)))];
  const tributoDe = (m: string | null) =>
    icmsDoFrete(db, embarcadorUid, { ufOrigem: origem.uf, ufDestino: destino.uf, ibgeOrigem: origem.ibge, ibgeDestino: destino.ibge, data, modal: m });
  const [montadas, tributos, feriados] = await Promise.all([
    memoLote(db, `montadas|${tabelas.map((t) => `${t.uid}@${t.revisao}|${t.atualizadoEm}`).join(',')}|${data}`, () =>
      montarTabelas(db, embarcadorUid, tabelas, catalogo.map((x) => x.codigo), data)),
    Promise.all(modaisUsados.map(tributoDe)).then((rs) => new Map(modaisUsados.map((m, i) => [m, rs[i]!]))),
    feriadosDaCarga(db, embarcadorUid, destino, data, cfg ? !cfg.pontosFacultativosUteis : false),
  ]);
  const tiposVeiculo = await memoLote(db, `veiculos|${[...montadas.keys()].join(',')}|${c.tipoVeiculoUid ?? ''}`, () => veiculosDasTabelas(db, [...montadas.values()], c.tipoVeiculoUid));
  // ANTT floor: the coefficients of the load's cargo type for every axle count in play, valid on the date.
  const eixosEmJogo = [...new Set(Object.values(tiposVeiculo).map((v) => v.eixos).filter((e): e is number => !!e))];
  const coeficientes = await memoLote(db, `antt|${c.tipoCargaAntt ?? 'CARGA_GERAL'}|${eixosEmJogo.join(',')}|${data}`, () =>
    coeficientesAntt(db, embarcadorUid, c.tipoCargaAntt ?? 'CARGA_GERAL', eixosEmJogo, data));
  const ncms = [...new Set([...(mercadorias.ncms ?? []), ...(c.ncms ?? []).filter(Boolean)])];
  // Cubage exemption of the register (every product flagged, or the recipient): real weight on every table,
  // and a cubed weight the document declares is not taken either.
  const isentoCubagem = !!mercadorias.isentosCubagem
    || (await memoLote(db, chaveIsentoCubagem(destinatario), () => destinatarioIsentoCubagem(db, embarcadorUid, destinatario)));
  const pesoKg = !isentoCubagem && c.pesoCubadoKg && c.pesoCubadoKg > c.pesoKg ? c.pesoCubadoKg : c.pesoKg;
  const carga: Carga = {
    origem: paraLocal(origem),
    destino: paraLocal(destino),
    data,
    pesoKg,
    m3: c.m3,
    valorMercadoria: c.valorMercadoria,
    volumes: c.volumes,
    documentos: c.documentos,
    remetente,
    destinatario,
    tipoVeiculoUid: c.tipoVeiculoUid ?? undefined,
    ...(mercadorias.produtos ? { produtos: mercadorias.produtos } : {}),
    ...(ncms.length ? { ncms } : {}),
    ...(isentoCubagem ? { isentoCubagem } : {}),
  };
  const componentesFretePrincipal = catalogo.filter((x) => x.fretePrincipal).map((x) => x.codigo);
  const componentesForaBaseTributo = catalogo.filter((x) => x.foraBaseTributo).map((x) => x.codigo);
  const modalDe = (t: TabelaRow) => (t.modalUid ? (modal.get(t.modalUid) ?? null) : null);
  return {
    carga,
    montadas,
    catalogo,
    fonteAliquota(t, tributo) {
      if (tributo === 'NENHUM') return FONTE_SIMPLES;
      return tributos.get(modalDe(t))?.fonte ?? '';
    },
    opcoes(t) {
      const tp = transportador.get(t.transportadorUid);
      const tr = tributos.get(modalDe(t));
      return {
        aliquotaIcms: tr?.tributo === 'ICMS' ? tr.aliquota : 0,
        aliquotaIss: tr?.tributo === 'ISS' ? tr.aliquota : undefined,
        feriados,
        componentesFretePrincipal,
        componentesForaBaseTributo,
        tiposVeiculo,
        simplesNacional: !!tp?.simplesNacional,
        pisosAntt: pisosDoTransportador(coeficientes, !!tp?.autonomo),
      };
    },
  };
}
