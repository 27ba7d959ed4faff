import {
  type EnderecoCep, type LocalidadeItem, MACRORREGIOES_OPCOES, cepValido, somenteDigitos,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../lib/errors.ts';
import type { RequestContext } from '../../plugins/auth/context.ts';
import { buscarMunicipios, enderecosDoCadastro, listarEstados, municipioPorIbge, rotuloMunicipio, ufDaFaixa } from './repository.ts';

// Address by CEP through a chain of providers, and the combined location picker.
export const CEP_INVALIDO = 'CEP inválido';
export const CEP_NAO_LOCALIZADO = 'CEP não localizado';

/** A source of addresses by CEP (8 digits). null: it knows nothing about that CEP. */
export interface EnderecoProvider {
  buscar(cep: string): Promise<EnderecoCep | null>;
}

async function nomeMunicipio(db: Db, ibge: string | null) {
  return ibge ? ((await municipioPorIbge(db, ibge))?.nome ?? null) : null;
}

/** Our own records visible to ctx (people, units, shipper, carriers): the most complete one wins. */
export function cadastroEnderecoProvider(db: Db, ctx: RequestContext): EnderecoProvider {
  return {
    async buscar(cep) {
      const faixa = await ufDaFaixa(db, cep);
      const registros = (await enderecosDoCadastro(db, ctx, cep))
        // A record that puts the CEP in another UF than the Correios range is a typo; ignore it.
        .filter((r) => r.uf && (!faixa || r.uf === faixa))
        .sort((a, b) => nota(b) - nota(a) || b.atualizadoEm.localeCompare(a.atualizadoEm));
      const r = registros[0];
      if (!r?.uf) return null;
      const cidade = await nomeMunicipio(db, r.municipioIbge);
      return {
        cep,
        uf: r.uf,
        municipioIbge: cidade ? r.municipioIbge : null,
        cidade,
        logradouro: r.logradouro,
        bairro: r.bairro,
        completo: cidade !== null,
        origem: 'cadastro',
      };
    },
  };
}
const nota = (r: { municipioIbge: string | null; logradouro: string | null; bairro: string | null }) =>
  (r.municipioIbge ? 4 : 0) + (r.logradouro ? 2 : 0) + (r.bairro ? 1 : 0);

/** Only the state, from the Correios CEP ranges (faixas_cep_uf). */
export function faixaEnderecoProvider(db: Db): EnderecoProvider {
  return {
    async buscar(cep) {
      const uf = await ufDaFaixa(db, cep);
      return uf ? { cep, uf, municipioIbge: null, cidade: null, logradouro: null, bairro: null, completo: false, origem: 'faixa' } : null;
    },
  };
}

const texto = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : null);

/** A ViaCEP-style service: GET `${baseUrl}/${cep}/json/` → {cep, logradouro, bairro, localidade, uf, ibge} or {erro: true}. */
export function httpEnderecoProvider(db: Db, baseUrl: string, timeoutMs = 5000): EnderecoProvider {
  const base = baseUrl.replace(/\/+$/, '');
  return {
    async buscar(cep) {
      const res = await fetch(`${base}/${cep}/json/`, { headers: { accept: 'application/json' }, signal: AbortSignal.timeout(timeoutMs) });
      if (res.status === 404 || res.status === 400) return null;
      if (!res.ok) throw new Error(`provedor de CEP respondeu ${res.status}`);
      const o = (await res.json()) as Record<string, unknown> | null;
      if (!o || typeof o !== 'object' || o.erro === true || o.erro === 'true') return null;
      const uf = texto(o.uf)?.toUpperCase();
      if (uf?.length !== 2) return null;
      const ibge = somenteDigitos(texto(o.ibge));
      // The municipality must be one of ours (and of that UF) to be trusted.
      const m = ibge.length === 7 ? await municipioPorIbge(db, ibge) : null;
      const municipio = m && m.uf === uf ? m : null;
      return {
        cep,
        uf,
        municipioIbge: municipio?.ibge ?? null,
        cidade: municipio?.nome ?? texto(o.localidade),
        logradouro: texto(o.logradouro),
        bairro: texto(o.bairro),
        completo: municipio !== null,
        origem: 'externo',
      };
    },
  };
}

/** CEP_PROVIDER_URL turns the external provider on (off by default). */
export function enderecoProviderDoAmbiente(db: Db, env: NodeJS.ProcessEnv = process.env): EnderecoProvider | null {
  const url = env.CEP_PROVIDER_URL?.trim();
  return url ? httpEnderecoProvider(db, url) : null;
}

/**
 * Our records first, then the external provider (if any), then the state from the CEP range.
 * The first complete answer wins; otherwise the best partial one. 400 for an invalid CEP, 404 when
 * nobody knows it.
 */
export async function buscarEndereco(
  cepInformado: string,
  providers: EnderecoProvider[],
  log?: { warn(o: object, m: string): void },
): Promise<EnderecoCep> {
  const cep = somenteDigitos(cepInformado);
  if (cepInformado.replace(/[\d.\-\s]/g, '') !== '' || !cepValido(cep)) {
    throw AppError.validation([{ field: 'cep', message: CEP_INVALIDO }], CEP_INVALIDO);
  }
  let parcial: EnderecoCep | null = null;
  for (const p of providers) {
    let r: EnderecoCep | null = null;
    try {
      r = await p.buscar(cep);
    } catch (err) {
      log?.warn({ err }, 'consulta de CEP falhou');
    }
    if (r?.completo) return r;
    if (r && !parcial) parcial = r;
  }
  if (!parcial) throw AppError.notFound(CEP_NAO_LOCALIZADO);
  return parcial;
}

const semAcento = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase().trim();

/** Macro-regions, UFs and municipalities matching q, in that order, at most `limite`. */
export async function buscarLocalidades(
  db: Db,
  opts: { q?: string; tipos?: string; uf?: string; limite?: number },
): Promise<LocalidadeItem[]> {
  const limite = opts.limite ?? 50;
  const tipos = new Set((opts.tipos ?? 'MACRORREGIAO,UF,MUNICIPIO').split(','));
  const q = semAcento(opts.q ?? '');
  const casa = (...textos: string[]) => !q || textos.some((t) => semAcento(t).includes(q));
  const out: LocalidadeItem[] = [];
  const estados = await listarEstados(db);
  if (tipos.has('MACRORREGIAO') && !opts.uf) {
    for (const r of MACRORREGIOES_OPCOES) {
      if (casa(r.value, r.label, `Região ${r.label}`)) out.push({ tipo: 'MACRORREGIAO', value: r.value, label: `Região ${r.label} (${r.value})`, uf: null, regiao: r.value });
    }
  }
  if (tipos.has('UF')) {
    for (const e of estados) {
      if (opts.uf && e.sigla !== opts.uf) continue;
      if (casa(e.sigla, e.nome)) out.push({ tipo: 'UF', value: e.sigla, label: `${e.nome} (${e.sigla})`, uf: e.sigla, regiao: e.regiao });
    }
  }
  // Municipalities only when there is something to narrow 5,571 down: a search text or a UF.
  if (tipos.has('MUNICIPIO') && (q.length >= 2 || /^\d+$/.test(q) || opts.uf) && out.length < limite) {
    const regiaoDe = new Map(estados.map((e) => [e.sigla, e.regiao]));
    const ms = await buscarMunicipios(db, { q: opts.q, uf: opts.uf, limite: limite - out.length });
    for (const m of ms) out.push({ tipo: 'MUNICIPIO', value: m.ibge, label: rotuloMunicipio(m), uf: m.uf, regiao: regiaoDe.get(m.uf) ?? '' });
  }
  return out.slice(0, limite);
}
