import type { AdicionalLocal, Faixa, LocalRef, Regra, Restricao, Rota, TabelaCalculo } from '@fretio/core';
import { validarTabela } from '@fretio/core';
import type { FieldError } from '../../lib/errors.ts';
import { colunasParaLocal } from '../regioes/local-ref.ts';
import type { FaixaRow, LinhasTabela, RegraRow, TabelaRow } from './repository.ts';

// Stored rows → the engine's shapes (TabelaCalculo), and the table-wide validation of the engine
// answered as per-field errors.

const num = (v: string | null | undefined): number | undefined => (v === null || v === undefined ? undefined : Number(v));

export function faixasDeLinhas(rows: FaixaRow[] | undefined): Faixa[] {
  return (rows ?? []).map((f) => ({ ate: f.ate === null ? null : Number(f.ate), valor: Number(f.valor), modo: f.modo as Faixa['modo'] }));
}

/** A restriction row as the engine's Restricao; null when nobody and no goods are listed (it restricts nothing). */
function restricaoDeLinha(l: Pick<LinhasTabela, 'pessoas'>, x: LinhasTabela['restricoes'][number]): Restricao | null {
  const pessoas = l.pessoas.get(x.uid) ?? [];
  const remetentes = pessoas.filter((p) => p.papel === 'REMETENTE').map((p) => p.documento);
  const destinatarios = pessoas.filter((p) => p.papel === 'DESTINATARIO').map((p) => p.documento);
  const produtos = x.produtos ?? [];
  const ncms = x.ncms ?? [];
  if (!remetentes.length && !destinatarios.length && !produtos.length && !ncms.length) return null;
  return {
    modo: x.modo as Restricao['modo'],
    ...(remetentes.length ? { remetentes } : {}),
    ...(destinatarios.length ? { destinatarios } : {}),
    ...(produtos.length ? { produtos } : {}),
    ...(ncms.length ? { ncms } : {}),
  };
}

/**
 * The restriction each rule follows: the one it links (regras.restricaoUid), else its component's
 * table-wide restriction — the only restriction of the component that no rule links (the first pass's
 * "every rule of the component follows it"). With several unlinked restrictions of one component, the
 * unlinked rules follow none (choosing one would be arbitrary). Restrictions without anybody linked
 * restrict nothing.
 */
export function restricaoDeCadaRegra(l: Pick<LinhasTabela, 'regras' | 'restricoes'>): Map<string, LinhasTabela['restricoes'][number]> {
  const porUid = new Map(l.restricoes.map((x) => [x.uid, x]));
  const ligadas = new Set(l.regras.map((r) => r.restricaoUid).filter((u): u is string => !!u));
  const soltas = new Map<string, LinhasTabela['restricoes']>();
  for (const x of l.restricoes) {
    if (ligadas.has(x.uid)) continue;
    const g = soltas.get(x.componente);
    if (g) g.push(x);
    else soltas.set(x.componente, [x]);
  }
  const out = new Map<string, LinhasTabela['restricoes'][number]>();
  for (const r of l.regras) {
    const doComponente = soltas.get(r.componente);
    const linha = r.restricaoUid ? porUid.get(r.restricaoUid) : doComponente?.length === 1 ? doComponente[0] : undefined;
    if (linha) out.set(r.uid, linha);
  }
  return out;
}

/** restricaoDeCadaRegra as the engine's Restricao (left out when nobody is linked). */
export function restricoesDasRegras(l: Pick<LinhasTabela, 'regras' | 'restricoes' | 'pessoas'>): Map<string, Restricao> {
  const out = new Map<string, Restricao>();
  for (const [regraUid, linha] of restricaoDeCadaRegra(l)) {
    const restricao = restricaoDeLinha(l, linha);
    if (restricao) out.set(regraUid, restricao);
  }
  return out;
}

export function regraDeLinha(r: RegraRow, faixas: FaixaRow[] | undefined, restricao?: Restricao): Regra {
  const regra: Regra = { componente: r.componente, base: r.base as Regra['base'], calculo: r.calculo as Regra['calculo'] };
  const valor = num(r.valor);
  const minimo = num(r.minimo);
  const maximo = num(r.maximo);
  if (valor !== undefined) regra.valor = valor;
  if (r.calculo === 'FAIXA') regra.faixas = faixasDeLinhas(faixas);
  if (minimo !== undefined) regra.minimo = minimo;
  if (maximo !== undefined) regra.maximo = maximo;
  if (r.aposMinimo) regra.aposMinimo = true;
  if (r.comparaFaixaSeguinte) regra.comparaFaixaSeguinte = true;
  if (r.foraBaseTributo) regra.foraBaseTributo = true;
  const percentualValor = num(r.percentualValor);
  if (percentualValor !== undefined) regra.percentualValor = percentualValor;
  if (restricao) regra.restricao = restricao;
  return regra;
}

export function montarTabelaCalculo(t: TabelaRow, l: LinhasTabela): TabelaCalculo {
  const restricoes = restricoesDasRegras(l);
  const porRota = new Map<string, Regra[]>();
  const generalidades: Regra[] = [];
  const adicionais: AdicionalLocal[] = [];
  for (const r of l.regras) {
    const regra = regraDeLinha(r, l.faixas.get(r.uid), restricoes.get(r.uid));
    if (r.escopo === 'ADICIONAL') {
      const origem = colunasParaLocal(r, 'origem');
      const destino = colunasParaLocal(r, 'destino');
      adicionais.push({ ...regra, uid: r.uid, ...(origem ? { origem } : {}), ...(destino ? { destino } : {}) });
    } else if (!r.tabelaRotaUid) generalidades.push(regra);
    else {
      const g = porRota.get(r.tabelaRotaUid);
      if (g) g.push(regra);
      else porRota.set(r.tabelaRotaUid, [regra]);
    }
  }
  const rotas: Rota[] = l.rotas.map((r) => {
    const rota: Rota = {
      uid: r.uid,
      origem: colunasParaLocal(r, 'origem') as LocalRef,
      destino: colunasParaLocal(r, 'destino') as LocalRef,
      prazoDiasUteis: r.prazoDiasUteis,
      regras: porRota.get(r.uid) ?? [],
    };
    const minimo = num(r.freteMinimo);
    const km = num(r.distanciaKm);
    if (minimo !== undefined) rota.freteMinimo = minimo;
    if (km !== undefined) rota.distanciaKm = km;
    if (r.tipoVeiculoUid) rota.tipoVeiculoUid = r.tipoVeiculoUid;
    const fator = num(r.fatorCubagem);
    if (fator !== undefined) rota.fatorCubagem = fator;
    return rota;
  });
  return {
    uid: t.uid,
    transportadorUid: t.transportadorUid,
    fatorCubagem: Number(t.fatorCubagem),
    icmsIncluso: t.icmsIncluso,
    prioridade: t.prioridade,
    generalidades,
    rotas,
    ...(adicionais.length ? { adicionais } : {}),
    vigenciaInicio: t.vigenciaInicio,
    vigenciaFim: t.vigenciaFim,
    ...isencaoDaTabela(t),
  };
}

/**
 * The engine's validation of a whole table (ranges, repeated components, KM without distance...),
 * as field errors. `caminho` such as 'rotas[3].regras[1].faixas[0].ate' names the route by its uid
 * ('rotas[<uid>]...') so the client can find it.
 */
export function errosDaTabela(tabela: TabelaCalculo, componentes: readonly string[]): FieldError[] {
  const r = validarTabela(tabela, { componentes });
  if (r.ok) return [];
  return r.erros.map((e) => ({
    field: e.caminho.replace(/^rotas\[(\d+)\]/, (_m, i: string) => `rotas[${tabela.rotas[Number(i)]?.uid ?? i}]`),
    message: e.mensagem,
  }));
}

/** The table's cubage exemption for the engine: density threshold and the lists (absent when none is set). */
function isencaoDaTabela(t: { densidadeIsencaoCubagem?: string | null; isencaoCubagemProdutos?: string[] | null; isencaoCubagemDestinatarios?: string[] | null }) {
  const i = {
    ...(t.densidadeIsencaoCubagem !== null && t.densidadeIsencaoCubagem !== undefined ? { densidadeMinima: Number(t.densidadeIsencaoCubagem) } : {}),
    ...(t.isencaoCubagemProdutos?.length ? { produtos: t.isencaoCubagemProdutos } : {}),
    ...(t.isencaoCubagemDestinatarios?.length ? { destinatarios: t.isencaoCubagemDestinatarios } : {}),
  };
  return Object.keys(i).length ? { isencaoCubagem: i } : {};
}
