import { dv, type Dec, ZERO } from './dinheiro.ts';
import type { CteAuditavel, TipoCte } from './tipos.ts';

/** What a CT-e does to the audits, by its type (tpCTe) and cancellation. */
export type EfeitoCte = 'AUDITAR' | 'SOMAR_AO_ORIGINAL' | 'ANULAR_ORIGINAL' | 'SUBSTITUIR_ORIGINAL' | 'REMOVER';

/**
 * normal → its own audit; complementar → adds to its original's audit (the original is re-audited with
 * the sum); anulação → the original leaves the audit (cancelled); substituto → the original's audit is
 * cancelled and the substitute is audited in its place; a cancelled CT-e leaves the audit.
 */
export function efeitoNaAuditoria(cte: { tipoCte: TipoCte; cancelado: boolean }): EfeitoCte {
  if (cte.cancelado) return 'REMOVER';
  switch (cte.tipoCte) {
    case 1: return 'SOMAR_AO_ORIGINAL';
    case 2: return 'ANULAR_ORIGINAL';
    case 3: return 'SUBSTITUIR_ORIGINAL';
    default: return 'AUDITAR';
  }
}

/**
 * The original CT-e with its (not cancelled) complementares added: prestação, amount to receive,
 * components by name (in the original's order, new names appended) and ICMS base/value summed; the
 * rate stays the original's. The audit compares this sum with the expected value.
 */
export function consolidarComplementares(original: CteAuditavel, complementares: CteAuditavel[]): CteAuditavel {
  const validos = complementares.filter((c) => !c.cancelado && c.tipoCte === 1);
  if (!validos.length) return original;
  const soma = (f: (c: CteAuditavel) => unknown) =>
    [original, ...validos].reduce<Dec>((a, c) => a.plus(dv(f(c) as string)), ZERO).toNumber();
  const comps = new Map<string, Dec>();
  for (const c of [original, ...validos])
    for (const x of c.componentes) comps.set(x.nome, (comps.get(x.nome) ?? ZERO).plus(dv(x.valor)));
  return {
    ...original,
    valorPrestacao: soma((c) => c.valorPrestacao),
    valorReceber: soma((c) => c.valorReceber),
    componentes: [...comps].map(([nome, v]) => ({ nome, valor: v.toNumber() })),
    icms: original.icms && {
      ...original.icms,
      base: soma((c) => c.icms?.base),
      valor: soma((c) => c.icms?.valor),
    },
  };
}

export type CteParaDuplicidade = {
  uid: string;
  chave: string;
  numero: number;
  serie: number;
  /** The carrier (uid, or the issuer's CNPJ root when it is not registered). */
  transportador: string;
  tipoCte: TipoCte;
  cancelado: boolean;
  nfes: string[];
  /** Emission (ISO 8601): orders two CT-es of one NF-e around a re-delivery. */
  emissao?: string;
};

/**
 * A delivery event that makes a second CT-e of the note legitimate: a failed attempt (tentativa de entrega)
 * or a re-delivery/return charge (cobrança adicional) on that NF-e, by that carrier or by no carrier named.
 */
export type ReentregaNfe = { nfe: string; transportador: string | null; dataHora: string };

const ident = (c: CteParaDuplicidade) => `${c.numero}/${c.serie}`;

/** An attempt or re-delivery event on the note after the earlier CT-e and not after the later one. */
function reentregaEntre(reentregas: ReentregaNfe[], nfe: string, a: CteParaDuplicidade, b: CteParaDuplicidade) {
  if (!a.emissao || !b.emissao || a.emissao === b.emissao) return false;
  const [antes, depois] = Date.parse(a.emissao) < Date.parse(b.emissao) ? [a, b] : [b, a];
  const de = Date.parse(antes.emissao!);
  const ate = Date.parse(depois.emissao!);
  return reentregas.some((r) => {
    const t = Date.parse(r.dataHora);
    return r.nfe === nfe && (r.transportador === null || r.transportador === a.transportador) && t > de && t <= ate;
  });
}

/**
 * Duplicate billing among the given CT-es, flagged on every one involved: the same access key on two
 * records, the same number and series repeated by one carrier, and the same NF-e in two normal CT-es of
 * one carrier (complementares, anulações and substitutos legitimately repeat the original's NF-es; so does a
 * re-delivery CT-e issued after a failed attempt or a re-delivery charge on the note, `reentregas`).
 * Cancelled CT-es never count. Returns uid → pt-BR reasons.
 */
export function detectarDuplicidades(ctes: CteParaDuplicidade[], reentregas: ReentregaNfe[] = []): Map<string, string[]> {
  const ativos = ctes.filter((c) => !c.cancelado);
  const out = new Map<string, string[]>();
  const add = (uid: string, m: string) => {
    const l = out.get(uid) ?? [];
    if (!l.includes(m)) l.push(m);
    out.set(uid, l);
  };
  for (let i = 0; i < ativos.length; i++) {
    for (let j = i + 1; j < ativos.length; j++) {
      const a = ativos[i]!;
      const b = ativos[j]!;
      if (a.uid === b.uid) continue;
      if (a.chave === b.chave) {
        add(a.uid, `a chave ${a.chave} se repete em outro registro de CT-e.`);
        add(b.uid, `a chave ${b.chave} se repete em outro registro de CT-e.`);
        continue;
      }
      if (a.transportador !== b.transportador) continue;
      if (a.numero === b.numero && a.serie === b.serie) {
        add(a.uid, `o número ${ident(a)} se repete no CT-e de chave ${b.chave}.`);
        add(b.uid, `o número ${ident(b)} se repete no CT-e de chave ${a.chave}.`);
      }
      if (a.tipoCte !== 0 || b.tipoCte !== 0) continue;
      const nfesB = new Set(b.nfes);
      for (const n of a.nfes.filter((k) => nfesB.has(k) && !reentregaEntre(reentregas, k, a, b))) {
        add(a.uid, `a NF-e ${n} também está no CT-e ${ident(b)} do mesmo transportador.`);
        add(b.uid, `a NF-e ${n} também está no CT-e ${ident(a)} do mesmo transportador.`);
      }
    }
  }
  return out;
}
