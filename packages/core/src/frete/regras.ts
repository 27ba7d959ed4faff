import { CEM, D, type Dec, dec, round2, ZERO } from './decimal.ts';
import { somenteDigitos } from './locais.ts';
import type { BaseRegra, ModoFaixa, Regra } from './types.ts';

/** Faixa with the charge accumulated up to the previous range's bound, for EXCEDENTE. */
type FaixaPreparada = { ate: Dec | null; valor: Dec; modo: ModoFaixa; ateAnterior: Dec; cobrancaAnterior: Dec };

export type RegraPreparada = {
  regra: Regra;
  componente: string;
  base: BaseRegra;
  /** 0 = direct bases, 1 = FRETE_PESO / FRETE_PRINCIPAL, 2 = SUBTOTAL: the order components are computed in. */
  grupo: 0 | 1 | 2;
  valor: Dec;
  faixas: FaixaPreparada[] | null;
  minimo: Dec | null;
  maximo: Dec | null;
  aposMinimo: boolean;
  foraBaseTributo: boolean;
  percentualValor: Dec;
  restricao: {
    somente: boolean;
    remetentes: Set<string> | null;
    destinatarios: Set<string> | null;
    /** Goods criterion (Restricao.produtos/ncms); null when neither list is given. */
    mercadorias: { produtos: Set<string>; ncms: string[] } | null;
  } | null;
};

/** The load's goods as restrictions read them (Carga.produtos / Carga.ncms). */
export type MercadoriasCarga = { produtos: Set<string>; ncms: string[] };

export function mercadoriasDaCarga(produtos: readonly string[] | undefined, ncms: readonly string[] | undefined): MercadoriasCarga {
  return {
    produtos: new Set((produtos ?? []).map((p) => p.trim().toUpperCase())),
    ncms: (ncms ?? []).map(somenteDigitos).filter(Boolean),
  };
}

function mercadoriasDaRestricao(r: NonNullable<Regra['restricao']>): { produtos: Set<string>; ncms: string[] } | null {
  const produtos = (r.produtos ?? []).map((p) => p.trim().toUpperCase()).filter(Boolean);
  const ncms = (r.ncms ?? []).map(somenteDigitos).filter(Boolean);
  if (!produtos.length && !ncms.length) return null;
  return { produtos: new Set(produtos), ncms };
}

/** Whether the load carries any of the restriction's goods (a listed product or an NCM under a listed prefix). */
function levaMercadoria(m: { produtos: Set<string>; ncms: string[] }, carga: MercadoriasCarga | null): boolean {
  if (!carga) return false;
  for (const p of carga.produtos) if (m.produtos.has(p)) return true;
  return carga.ncms.some((n) => m.ncms.some((prefixo) => n.startsWith(prefixo)));
}

const GRUPO: Record<BaseRegra, 0 | 1 | 2> = {
  PESO: 0,
  VALOR: 0,
  FRACAO_100KG: 0,
  VOLUMES: 0,
  DOCUMENTOS: 0,
  M3: 0,
  KM: 0,
  VIAGEM: 0,
  EIXOS: 0,
  FRETE_PESO: 1,
  FRETE_PRINCIPAL: 1,
  SUBTOTAL: 2,
};

function conjuntoDigitos(lista: string[] | undefined): Set<string> | null {
  // An empty or absent list does not constrain (a rule restricted to nobody is a data error).
  if (!lista?.length) return null;
  return new Set(lista.map(somenteDigitos));
}

function prepararFaixas(faixas: Regra['faixas']): FaixaPreparada[] {
  // null (open-ended) sorts last; ties keep declaration order (Array.sort is stable).
  const ordenadas = [...(faixas ?? [])].sort((a, b) =>
    a.ate === null ? (b.ate === null ? 0 : 1) : b.ate === null ? -1 : a.ate - b.ate,
  );
  const out: FaixaPreparada[] = [];
  let ateAnterior = ZERO;
  let cobrancaAnterior = ZERO;
  for (const f of ordenadas) {
    const p: FaixaPreparada = {
      ate: f.ate === null ? null : dec(f.ate),
      valor: dec(f.valor),
      modo: f.modo,
      ateAnterior,
      cobrancaAnterior,
    };
    out.push(p);
    if (p.ate === null) break;
    cobrancaAnterior = cobrancaFaixa(p, p.ate);
    ateAnterior = p.ate;
  }
  return out;
}

function cobrancaFaixa(f: FaixaPreparada, q: Dec): Dec {
  if (f.modo === 'FIXO') return f.valor;
  if (f.modo === 'POR_UNIDADE') return f.valor.times(q);
  return f.cobrancaAnterior.plus(f.valor.times(q.minus(f.ateAnterior)));
}

export function prepararRegra(regra: Regra): RegraPreparada {
  const r = regra.restricao;
  return {
    regra,
    componente: regra.componente,
    base: regra.base,
    // COMPARATIVO reads the load's weight and value directly, whatever its base.
    grupo: regra.calculo === 'COMPARATIVO' ? 0 : (GRUPO[regra.base] ?? 0),
    valor: dec(regra.valor),
    faixas: regra.calculo === 'FAIXA' ? prepararFaixas(regra.faixas) : null,
    minimo: regra.minimo === undefined ? null : dec(regra.minimo),
    maximo: regra.maximo === undefined ? null : dec(regra.maximo),
    aposMinimo: regra.aposMinimo === true,
    foraBaseTributo: regra.foraBaseTributo === true,
    percentualValor: dec(regra.percentualValor),
    restricao: r
      ? {
          somente: r.modo === 'SOMENTE',
          remetentes: conjuntoDigitos(r.remetentes),
          destinatarios: conjuntoDigitos(r.destinatarios),
          mercadorias: mercadoriasDaRestricao(r),
        }
      : null,
  };
}

/**
 * SOMENTE: every list given must contain its party (and the load must carry the listed goods, when
 * products/NCMs are given). EXCETO: skipped if any list given contains its party or the load carries
 * the listed goods. Parties are compared by digits, so masks ("12.345.678/0001-90") don't matter.
 */
export function regraAplica(
  r: RegraPreparada,
  remetente: string | null,
  destinatario: string | null,
  mercadorias: MercadoriasCarga | null = null,
): boolean {
  const rest = r.restricao;
  if (!rest) return true;
  const noRem = rest.remetentes ? remetente !== null && rest.remetentes.has(remetente) : null;
  const noDest = rest.destinatarios ? destinatario !== null && rest.destinatarios.has(destinatario) : null;
  const leva = rest.mercadorias ? levaMercadoria(rest.mercadorias, mercadorias) : null;
  if (rest.somente) return noRem !== false && noDest !== false && leva !== false;
  return noRem !== true && noDest !== true && leva !== true;
}

export type ValorRegra = { ok: true; valor: Dec } | { ok: false; ultimaAte: Dec };

/** Component value for a base quantity: calculation, then minimo/maximo clamp, then half-up to centavos. */
export function valorDaRegra(r: RegraPreparada, quantidade: Dec, valorMercadoria: Dec = ZERO): ValorRegra {
  let v: Dec;
  switch (r.regra.calculo) {
    case 'PERCENTUAL':
      v = quantidade.times(r.valor).div(CEM);
      break;
    case 'POR_UNIDADE':
      v = quantidade.times(r.valor);
      break;
    case 'FIXO':
      v = r.valor;
      break;
    case 'FAIXA': {
      const faixas = r.faixas ?? [];
      const i = faixas.findIndex((x) => x.ate === null || quantidade.lte(x.ate));
      if (i < 0) return { ok: false, ultimaAte: faixas.at(-1)?.ate ?? ZERO };
      const f = faixas[i];
      v = cobrancaFaixa(f, quantidade);
      // "Compara com a faixa seguinte": never more than the least the next range charges.
      const seguinte = faixas[i + 1];
      if (r.regra.comparaFaixaSeguinte && seguinte && f.ate !== null) v = D.min(v, cobrancaFaixa(seguinte, f.ate));
      break;
    }
    case 'COMPARATIVO':
      // quantidade is the chargeable weight; the minimum is applied below like any rule's.
      v = D.max(quantidade.times(r.valor), valorMercadoria.times(r.percentualValor).div(CEM));
      break;
    default:
      v = ZERO;
  }
  if (r.minimo && v.lt(r.minimo)) v = r.minimo;
  if (r.maximo && v.gt(r.maximo)) v = r.maximo;
  return { ok: true, valor: round2(v) };
}

/** Specificity of a rule's restriction: SOMENTE (names the party) beats none or EXCETO. */
const pesoRestricao = (r: RegraPreparada) => (r.restricao?.somente ? 0 : 1);

/**
 * One rule per component from a list: the applicable one with the most specific restriction, first
 * declared on ties — so a table may hold several restricted rules of one component (different TDE
 * values for different recipients) without charging it twice.
 */
function umaPorComponente(
  regras: readonly RegraPreparada[],
  remetente: string | null,
  destinatario: string | null,
  mercadorias: MercadoriasCarga | null,
): Map<string, RegraPreparada> {
  const out = new Map<string, RegraPreparada>();
  for (const r of regras) {
    if (!regraAplica(r, remetente, destinatario, mercadorias)) continue;
    const atual = out.get(r.componente);
    if (!atual || pesoRestricao(r) < pesoRestricao(atual)) out.set(r.componente, r);
  }
  return out;
}

/**
 * Rules that apply to this load, in computation order. A route rule replaces the
 * generalidade of the same component; replacement is decided after restrictions, so a
 * customer-specific route rule falls back to the generalidade for everyone else. An adicional
 * (location surcharge, already filtered by place) replaces both for its component.
 */
export function regrasAplicaveis(
  daRota: readonly RegraPreparada[],
  generalidades: readonly RegraPreparada[],
  remetente: string | null,
  destinatario: string | null,
  adicionais: readonly RegraPreparada[] = [],
  mercadorias: MercadoriasCarga | null = null,
): RegraPreparada[] {
  const grupos: RegraPreparada[][] = [[], [], []];
  const porComponente = umaPorComponente(generalidades, remetente, destinatario, mercadorias);
  for (const [c, r] of umaPorComponente(daRota, remetente, destinatario, mercadorias)) porComponente.set(c, r);
  for (const [c, r] of umaPorComponente(adicionais, remetente, destinatario, mercadorias)) porComponente.set(c, r);
  // Keep declaration order inside each group: route rules, then generalidades, then adicionais.
  const escolhidas = new Set(porComponente.values());
  for (const r of [...daRota, ...generalidades, ...adicionais]) {
    if (!escolhidas.has(r)) continue;
    escolhidas.delete(r);
    grupos[r.grupo].push(r);
  }
  return grupos[0].concat(grupos[1], grupos[2]);
}
