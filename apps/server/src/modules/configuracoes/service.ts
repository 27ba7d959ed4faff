import Decimal from 'decimal.js';
import { eq, sql } from 'drizzle-orm';
import {
  ALIQUOTAS_ICMS_INTERNAS, ALIQUOTAS_PIS_COFINS, ALIQUOTA_ICMS_IMPORTADO, type ConfiguracaoItem, ISS_ALIQUOTA_MAXIMA, ISS_ALIQUOTA_MINIMA,
  type RegimePisCofins, type TributoGeralItem, UFS, aliquotaIcmsFrete, aliquotaIcmsPadrao, type z, type configuracaoInput, type tributoGeralInput,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { configuracoes, tributosGerais } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { dataIso, garantirLinha, hojeSp, internasVigentes, issDoMunicipio, linhaDe, regraVigente } from './repository.ts';
import { chaveTributo } from './resource.ts';

// Settings of the active shipper and the tax rates the freight calculator asks for.
const num = (v: string | number) => Number(new Decimal(v).toFixed(4));
const dinheiro = (v: string | number) => Number(new Decimal(v).toFixed(2));

type ConfigRow = typeof configuracoes.$inferSelect;
const configItem = (r: ConfigRow): ConfiguracaoItem => ({
  ...r,
  aliquotaIssPadrao: num(r.aliquotaIssPadrao),
  toleranciaAuditoriaPercentual: num(r.toleranciaAuditoriaPercentual),
  toleranciaAuditoriaValor: dinheiro(r.toleranciaAuditoriaValor),
});

/** One row per shipper, created with the defaults (and audited) on first use. */
async function garantir<T extends typeof configuracoes | typeof tributosGerais>(db: Db, ctx: RequestContext, tabela: T, recurso: string) {
  const embarcadorUid = exigirEmbarcador(ctx);
  const existente = await linhaDe(db, tabela, embarcadorUid);
  if (existente) return existente;
  return db.transaction(async (tx) => {
    const [row, criada] = await garantirLinha(tx, tabela, embarcadorUid);
    if (criada) await registrarAuditoria(tx, ctx, recurso, row.uid, 'criar', null, row);
    return row;
  });
}

async function alterar<T extends typeof configuracoes | typeof tributosGerais>(
  db: Db, ctx: RequestContext, tabela: T, recurso: string, valores: Record<string, unknown>,
) {
  const embarcadorUid = exigirEmbarcador(ctx);
  return db.transaction(async (tx) => {
    const [antes] = await garantirLinha(tx, tabela, embarcadorUid);
    const set = Object.fromEntries(Object.entries(valores).filter(([, v]) => v !== undefined));
    const t = tabela as typeof configuracoes;
    const [depois] = await tx.update(t).set({ ...set, atualizadoEm: sql`now()` }).where(eq(t.embarcadorUid, embarcadorUid)).returning();
    await registrarAuditoria(tx, ctx, recurso, antes.uid, 'alterar', antes, depois);
    return depois as T['$inferSelect'];
  });
}

export const obterConfiguracao = async (db: Db, ctx: RequestContext) => configItem(await garantir(db, ctx, configuracoes, 'configuracoes'));

export const salvarConfiguracao = async (db: Db, ctx: RequestContext, input: z.infer<typeof configuracaoInput>) =>
  configItem(await alterar(db, ctx, configuracoes, 'configuracoes', input));

// ---- ICMS / PIS-COFINS / ISS for the freight calculator --------------------------------------------
export type RegraAplicada = { aliquota: number; fonte: 'embarcador' | 'padrao'; tributoUid: string | null };

function exigirUf(uf: string, campo: string) {
  const u = uf.trim().toUpperCase();
  if (!UFS.includes(u)) throw AppError.field(campo, 'UF inválida');
  return u;
}

/**
 * The ICMS rate (percent) of a freight from ufOrigem to ufDestino on `data`: the shipper's rule in force
 * (INTERNO / INTERESTADUAL / IMPORTADO), else the legal default — the 2025 internal rate of the UF
 * (ALIQUOTAS_ICMS_INTERNAS) or 4 / 7 / 12 between UFs (aliquotaIcmsInterestadual). Imported goods only
 * change interstate operations.
 */
export async function regraIcms(
  db: DbOrTx, embarcadorUid: string, ufOrigem: string, ufDestino: string, data: string | Date, importado = false,
): Promise<RegraAplicada> {
  const origem = exigirUf(ufOrigem, 'ufOrigem');
  const destino = exigirUf(ufDestino, 'ufDestino');
  const tipo = origem === destino ? 'INTERNO' : importado ? 'IMPORTADO' : 'INTERESTADUAL';
  const regra = await regraVigente(db, embarcadorUid, chaveTributo({ tipo, uf: origem, ufOrigem: origem, ufDestino: destino }), dataIso(data));
  if (regra?.aliquota != null) return { aliquota: num(regra.aliquota), fonte: 'embarcador', tributoUid: regra.uid };
  return { aliquota: aliquotaIcmsPadrao(origem, destino, importado), fonte: 'padrao', tributoUid: null };
}

/**
 * The ICMS rate (percent) of a FREIGHT on `data`. Inside a UF: the shipper's TRANSPORTE rule for the UF,
 * else the legal transport rate (ALIQUOTAS_ICMS_TRANSPORTE — e.g. SP 12 %, RICMS/SP art. 54, I), never the
 * goods rate. Between UFs: the shipper's INTERESTADUAL rule, else 4 % by air (Res. SF 95/1996) or 7 / 12.
 * Imported goods do not change it (Res. SF 13/2012 is about goods).
 */
export async function regraIcmsFrete(
  db: DbOrTx, embarcadorUid: string, ufOrigem: string, ufDestino: string, data: string | Date, modal?: string | null,
): Promise<RegraAplicada> {
  const origem = exigirUf(ufOrigem, 'ufOrigem');
  const destino = exigirUf(ufDestino, 'ufDestino');
  const tipo = origem === destino ? 'TRANSPORTE' : 'INTERESTADUAL';
  const aereo = !!modal && /^AERE/i.test(modal);
  if (!(tipo === 'INTERESTADUAL' && aereo)) {
    const regra = await regraVigente(db, embarcadorUid, chaveTributo({ tipo, uf: origem, ufOrigem: origem, ufDestino: destino }), dataIso(data));
    if (regra?.aliquota != null) return { aliquota: num(regra.aliquota), fonte: 'embarcador', tributoUid: regra.uid };
  }
  return { aliquota: aliquotaIcmsFrete(origem, destino, modal), fonte: 'padrao', tributoUid: null };
}

export async function aliquotaIcms(
  db: DbOrTx, embarcadorUid: string, ufOrigem: string, ufDestino: string, data: string | Date, importado = false,
): Promise<number> {
  return (await regraIcms(db, embarcadorUid, ufOrigem, ufDestino, data, importado)).aliquota;
}

/** PIS/COFINS on `data`: the shipper's PIS_COFINS rule in force, else the legal rates of its general regime. */
export async function pisCofins(db: DbOrTx, embarcadorUid: string, data: string | Date) {
  const regra = await regraVigente(db, embarcadorUid, 'PIS_COFINS', dataIso(data));
  if (regra?.aliquotaPis != null && regra.aliquotaCofins != null) {
    return { regime: regra.regimePisCofins as RegimePisCofins, pis: num(regra.aliquotaPis), cofins: num(regra.aliquotaCofins), fonte: 'embarcador' as const };
  }
  const geral = await linhaDe(db, tributosGerais, embarcadorUid);
  const regime = (geral?.regimePisCofins ?? 'NAO_CUMULATIVO') as RegimePisCofins;
  return { regime, ...ALIQUOTAS_PIS_COFINS[regime], fonte: 'padrao' as const };
}

/** ISS (percent) of a municipality: the shipper's rate, else the system default, else configuracoes.aliquotaIssPadrao. */
export async function aliquotaIss(db: DbOrTx, embarcadorUid: string, municipioIbge: string): Promise<number> {
  const iss = await issDoMunicipio(db, embarcadorUid, municipioIbge);
  if (iss) return num(iss.aliquota);
  const cfg = await linhaDe(db, configuracoes, embarcadorUid);
  return cfg ? num(cfg.aliquotaIssPadrao) : ISS_ALIQUOTA_MAXIMA;
}

// ---- tributo-geral ------------------------------------------------------------------------------
const PADRAO_GERAL = {
  regimeTributario: 'LUCRO_REAL', regimePisCofins: 'NAO_CUMULATIVO', icmsIncluso: false, calculaIcms: true, calculaPisCofins: true,
  calculaIss: true, creditoIcms: true, creditoPisCofins: true,
} as const;
const REGRA_INTERESTADUAL = 'Res. Senado 22/1989: 7 % das UFs do S e SE (exceto ES) para N, NE, CO e ES; 12 % nas demais; 4 % para importados (Res. Senado 13/2012).';
const issLimites = { aliquotaIcmsImportado: ALIQUOTA_ICMS_IMPORTADO, aliquotaIssMinima: ISS_ALIQUOTA_MINIMA, aliquotaIssMaxima: ISS_ALIQUOTA_MAXIMA };

/** The system default rule set (configuracoes/tributo-geral?default=true). */
export function tributoGeralPadrao(): TributoGeralItem {
  return {
    padrao: true,
    ...PADRAO_GERAL,
    aliquotaPis: ALIQUOTAS_PIS_COFINS.NAO_CUMULATIVO.pis,
    aliquotaCofins: ALIQUOTAS_PIS_COFINS.NAO_CUMULATIVO.cofins,
    ...issLimites,
    aliquotaIssPadrao: ISS_ALIQUOTA_MAXIMA,
    icmsInterno: UFS.map((uf) => ({ uf, aliquota: ALIQUOTAS_ICMS_INTERNAS[uf], fonte: 'padrao' as const })),
    icmsInterestadual: REGRA_INTERESTADUAL,
    atualizadoEm: null,
  };
}

/** The active shipper's general settings with the rates in force today. */
export async function tributoGeralDoEmbarcador(db: Db, ctx: RequestContext, linha?: typeof tributosGerais.$inferSelect): Promise<TributoGeralItem> {
  const row = linha ?? (await garantir(db, ctx, tributosGerais, 'tributos'));
  const hoje = hojeSp();
  const [pc, icmsInterno, cfg] = await Promise.all([
    pisCofins(db, row.embarcadorUid, hoje),
    internasVigentes(db, row.embarcadorUid, hoje).then((regras) =>
      UFS.map((uf) => {
        const r = regras.get(uf);
        return r !== undefined ? { uf, aliquota: num(r), fonte: 'embarcador' as const } : { uf, aliquota: ALIQUOTAS_ICMS_INTERNAS[uf], fonte: 'padrao' as const };
      })),
    linhaDe(db, configuracoes, row.embarcadorUid),
  ]);
  const { uid: _u, embarcadorUid: _e, criadoEm: _c, atualizadoEm, ...geral } = row;
  return {
    padrao: false,
    ...(geral as Omit<TributoGeralItem, 'padrao'> & typeof geral),
    aliquotaPis: pc.pis,
    aliquotaCofins: pc.cofins,
    ...issLimites,
    aliquotaIssPadrao: cfg ? num(cfg.aliquotaIssPadrao) : ISS_ALIQUOTA_MAXIMA,
    icmsInterno,
    icmsInterestadual: REGRA_INTERESTADUAL,
    atualizadoEm,
  } as TributoGeralItem;
}

export async function salvarTributoGeral(db: Db, ctx: RequestContext, input: z.infer<typeof tributoGeralInput>) {
  return tributoGeralDoEmbarcador(db, ctx, await alterar(db, ctx, tributosGerais, 'tributos', input));
}
