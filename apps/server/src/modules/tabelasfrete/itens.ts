import { numeroOuNulo } from '../../lib/numeros.ts';
import { STATUS, type TabelaFrete, statusLabel } from '@fretio/core';
import { hojeSaoPaulo } from '../feriados/service.ts';

// Stored rows → API replies: money with 2 decimals, rates and range bounds with 4, computed fields.

export const n2 = (v: unknown) => numeroOuNulo(v, 2);
export const n4 = (v: unknown) => numeroOuNulo(v, 4);

export type SituacaoVigencia = TabelaFrete['situacaoVigencia'];

export function situacaoVigencia(inicio: string, fim: string | null, hoje = hojeSaoPaulo()): SituacaoVigencia {
  if (inicio > hoje) return 'Futura';
  if (fim && fim < hoje) return 'Expirada';
  return 'Vigente';
}

export function tabelaItem(row: Record<string, unknown>): TabelaFrete {
  return {
    uid: row.uid as string,
    nome: row.nome as string,
    transportadorUid: row.transportadorUid as string,
    transportadorNome: (row.transportadorNome as string) ?? '',
    modalUid: (row.modalUid as string) ?? null,
    modalNome: (row.modalNome as string) ?? null,
    vigenciaInicio: row.vigenciaInicio as string,
    vigenciaFim: (row.vigenciaFim as string) ?? null,
    situacaoVigencia: situacaoVigencia(row.vigenciaInicio as string, (row.vigenciaFim as string) ?? null),
    fatorCubagem: n2(row.fatorCubagem) as number,
    icmsIncluso: row.icmsIncluso as boolean,
    prioridade: row.prioridade as number,
    observacoes: (row.observacoes as string) ?? null,
    status: row.status as number,
    statusLabel: statusLabel('tabelaFrete', row.status as number),
    versao: row.versao as number,
    tabelaOrigemUid: (row.tabelaOrigemUid as string) ?? null,
    historica: row.historica as boolean,
    densidadeIsencaoCubagem: n2(row.densidadeIsencaoCubagem),
    isencaoCubagemProdutos: (row.isencaoCubagemProdutos as string[] | null) ?? [],
    isencaoCubagemDestinatarios: (row.isencaoCubagemDestinatarios as string[] | null) ?? [],
    submetidoPor: (row.submetidoPor as string) ?? null,
    submetidoPorNome: (row.submetidoPorNome as string) ?? null,
    aprovadoPor: (row.aprovadoPor as string) ?? null,
    aprovadoPorNome: (row.aprovadoPorNome as string) ?? null,
    aprovadoEm: (row.aprovadoEm as string) ?? null,
    quantidadeRotas: Number(row.quantidadeRotas ?? 0),
    tabelaBaseUid: (row.tabelaBaseUid as string) ?? null,
    tabelaBaseNome: (row.tabelaBaseNome as string) ?? null,
    ajustesBase: ((row.ajustesBase as { componente: string; tipo: 'PERCENTUAL' | 'VALOR'; valor: number; rotaUid?: string; destinatarios?: string[] }[] | null) ?? []).map(
      (a) => ({ componente: a.componente, tipo: a.tipo, valor: Number(a.valor), rotaUid: a.rotaUid ?? null, destinatarios: a.destinatarios ?? [] }),
    ),
    criadoEm: row.criadoEm as string,
    atualizadoEm: row.atualizadoEm as string,
  };
}

export type FaixaJson = { uid: string; regraUid: string; ordem: number; ate: unknown; valor: unknown; modo: string };
export const faixaItem = (f: FaixaJson) => ({
  uid: f.uid,
  regraUid: f.regraUid,
  ordem: f.ordem,
  ate: n4(f.ate),
  valor: n4(f.valor) as number,
  modo: f.modo,
});

/** A rule row (+ componenteNome, restricaoEfetivaUid/Modo: the restriction it follows, faixas) → reply. */
export function regraItem(row: Record<string, unknown>) {
  const faixas = typeof row.faixas === 'string' ? (JSON.parse(row.faixas) as FaixaJson[]) : ((row.faixas as FaixaJson[] | null) ?? []);
  return {
    uid: row.uid,
    tabelaFreteUid: row.tabelaFreteUid,
    tabelaRotaUid: row.tabelaRotaUid ?? null,
    escopo: row.escopo,
    componente: row.componente,
    componenteNome: row.componenteNome ?? null,
    base: row.base,
    calculo: row.calculo,
    valor: n4(row.valor),
    minimo: n2(row.minimo),
    maximo: n2(row.maximo),
    aposMinimo: row.aposMinimo,
    comparaFaixaSeguinte: row.comparaFaixaSeguinte ?? false,
    foraBaseTributo: row.foraBaseTributo ?? false,
    percentualValor: n4(row.percentualValor),
    origem: row.origem ?? null,
    destino: row.destino ?? null,
    restricaoUid: row.restricaoUid ?? null,
    restricao: row.restricaoEfetivaUid ? { uid: row.restricaoEfetivaUid, modo: row.restricaoModo } : null,
    faixas: faixas.map(faixaItem),
    criadoEm: row.criadoEm,
    atualizadoEm: row.atualizadoEm,
  };
}

export const STATUS_ATIVO = STATUS.tabelaFrete.values[0].value;
