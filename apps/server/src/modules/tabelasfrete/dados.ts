import { randomUUID } from 'node:crypto';
import type { PgTable } from 'drizzle-orm/pg-core';
import { faixas, prioridades, regras, restricaoPessoas, restricoes, tabelaFreteRotas, tabelasFrete } from '../../db/schema/index.ts';
import type { DbOrTx } from '../../framework/resource.ts';
import type { LinhasTabela, TabelaRow } from './repository.ts';

// A whole table as plain data (numbers as the stored decimal strings), to copy it (readjustment),
// export it and import it. Inserted with a few batched statements.

export type FaixaDados = { ate: string | null; valor: string; modo: string };
export type RegraDados = {
  componente: string;
  base: string;
  calculo: string;
  valor: string | null;
  minimo: string | null;
  maximo: string | null;
  aposMinimo: boolean;
  comparaFaixaSeguinte?: boolean;
  foraBaseTributo?: boolean;
  percentualValor?: string | null;
  /** RestricaoDados.chave of the restriction this rule links (null/absent: none linked). */
  restricao?: string | null;
  faixas: FaixaDados[];
  /** ADICIONAL: the LocalRef columns origemTipo…destinoCepAte. */
  [coluna: string]: unknown;
};
/** Plus the LocalRef columns origemTipo…destinoCepAte. */
export type RotaDados = {
  rotaUid: string | null;
  prazoDiasUteis: number;
  freteMinimo: string | null;
  distanciaKm: string | null;
  tipoVeiculoUid: string | null;
  fatorCubagem?: string | null;
  regras: RegraDados[];
  [coluna: string]: unknown;
};
export type PrioridadeDados = { prioridade: number; observacao: string | null; [coluna: string]: unknown };
export type RestricaoDados = {
  /** Names the restriction inside the data, for RegraDados.restricao (the row uid; the workbook's label). */
  chave: string;
  componente: string;
  modo: string;
  descricao: string | null;
  /** Goods criterion: product codes and NCM prefixes (absent in old data: none). */
  produtos?: string[];
  ncms?: string[];
  pessoas: { papel: string; pessoaUid: string; documento: string }[];
};
export type CamposTabela = Pick<
  TabelaRow,
  | 'nome'
  | 'transportadorUid'
  | 'modalUid'
  | 'vigenciaInicio'
  | 'vigenciaFim'
  | 'fatorCubagem'
  | 'icmsIncluso'
  | 'prioridade'
  | 'observacoes'
  | 'status'
> &
  Partial<Pick<TabelaRow, 'versao' | 'tabelaOrigemUid' | 'submetidoPor' | 'densidadeIsencaoCubagem' | 'isencaoCubagemProdutos' | 'isencaoCubagemDestinatarios' | 'tabelaBaseUid' | 'ajustesBase'>>;
export type TabelaDados = {
  tabela: CamposTabela;
  rotas: RotaDados[];
  generalidades: RegraDados[];
  /** Location surcharges (escopo ADICIONAL). */
  adicionais?: RegraDados[];
  restricoes: RestricaoDados[];
  prioridades: PrioridadeDados[];
};

const LOCAL = ['Tipo', 'Uf', 'Ibge', 'RegiaoUid', 'CepDe', 'CepAte'];
const colunasLocais = (row: Record<string, unknown>) =>
  Object.fromEntries(['origem', 'destino'].flatMap((p) => LOCAL.map((c) => [`${p}${c}`, (row[`${p}${c}`] as string | null) ?? null])));

export function dadosDeLinhas(t: TabelaRow, l: LinhasTabela): TabelaDados {
  const regra = (r: LinhasTabela['regras'][number]): RegraDados => ({
    componente: r.componente,
    base: r.base,
    calculo: r.calculo,
    valor: r.valor,
    minimo: r.minimo,
    maximo: r.maximo,
    aposMinimo: r.aposMinimo,
    comparaFaixaSeguinte: r.comparaFaixaSeguinte ?? false,
    foraBaseTributo: r.foraBaseTributo ?? false,
    percentualValor: r.percentualValor ?? null,
    restricao: r.restricaoUid ?? null,
    ...(r.escopo === 'ADICIONAL' ? colunasLocais(r) : {}),
    faixas: r.calculo === 'FAIXA' ? (l.faixas.get(r.uid) ?? []).map((f) => ({ ate: f.ate, valor: f.valor, modo: f.modo })) : [],
  });
  return {
    tabela: {
      nome: t.nome,
      transportadorUid: t.transportadorUid,
      modalUid: t.modalUid,
      vigenciaInicio: t.vigenciaInicio,
      vigenciaFim: t.vigenciaFim,
      fatorCubagem: t.fatorCubagem,
      icmsIncluso: t.icmsIncluso,
      prioridade: t.prioridade,
      observacoes: t.observacoes,
      status: t.status,
      densidadeIsencaoCubagem: t.densidadeIsencaoCubagem,
      isencaoCubagemProdutos: t.isencaoCubagemProdutos,
      isencaoCubagemDestinatarios: t.isencaoCubagemDestinatarios,
      // Derived table: a copy (duplicar, reajustar, export) keeps following the same base.
      tabelaBaseUid: t.tabelaBaseUid,
      ajustesBase: t.ajustesBase,
    },
    rotas: l.rotas.map((r) => ({
      ...colunasLocais(r),
      rotaUid: r.rotaUid,
      prazoDiasUteis: r.prazoDiasUteis,
      freteMinimo: r.freteMinimo,
      distanciaKm: r.distanciaKm,
      tipoVeiculoUid: r.tipoVeiculoUid,
      fatorCubagem: r.fatorCubagem ?? null,
      regras: l.regras.filter((g) => g.tabelaRotaUid === r.uid).map(regra),
    })),
    generalidades: l.regras.filter((g) => g.escopo === 'GENERALIDADE').map(regra),
    adicionais: l.regras.filter((g) => g.escopo === 'ADICIONAL').map(regra),
    restricoes: l.restricoes.map((x) => ({
      chave: x.uid,
      componente: x.componente,
      modo: x.modo,
      descricao: x.descricao,
      produtos: x.produtos ?? [],
      ncms: x.ncms ?? [],
      pessoas: (l.pessoas.get(x.uid) ?? []).map((p) => ({ papel: p.papel, pessoaUid: p.pessoaUid, documento: p.documento })),
    })),
    prioridades: l.prioridades.map((p) => ({ ...colunasLocais(p), prioridade: p.prioridade, observacao: p.observacao })),
  };
}

async function emLotes(tx: DbOrTx, table: PgTable, rows: Record<string, unknown>[], tamanho = 500) {
  for (let i = 0; i < rows.length; i += tamanho) await tx.insert(table).values(rows.slice(i, i + tamanho) as never);
}

/** Inserts a whole table for the shipper; returns its uid. */
export async function inserirDados(tx: DbOrTx, embarcadorUid: string, d: TabelaDados): Promise<string> {
  const tabelaUid = randomUUID();
  await tx.insert(tabelasFrete).values({ ...d.tabela, uid: tabelaUid, embarcadorUid });
  const linhasRotas: Record<string, unknown>[] = [];
  const linhasRegras: Record<string, unknown>[] = [];
  const linhasFaixas: Record<string, unknown>[] = [];
  // Restrictions first: rules link them (regras.restricao_uid).
  const restricaoUid = new Map<string, string>();
  for (const x of d.restricoes) {
    const uid = randomUUID();
    restricaoUid.set(x.chave, uid);
    await tx.insert(restricoes).values({
      uid,
      tabelaFreteUid: tabelaUid,
      componente: x.componente,
      modo: x.modo,
      descricao: x.descricao,
      produtos: x.produtos ?? [],
      ncms: x.ncms ?? [],
    });
    await emLotes(
      tx,
      restricaoPessoas,
      x.pessoas.map((p) => ({ ...p, restricaoUid: uid, tabelaFreteUid: tabelaUid })),
    );
  }
  const regra = (g: RegraDados, ordem: number, tabelaRotaUid: string | null, adicional = false) => {
    const uid = randomUUID();
    const { faixas: fs, restricao, ...campos } = g;
    const escopo = tabelaRotaUid ? 'ROTA' : adicional ? 'ADICIONAL' : 'GENERALIDADE';
    linhasRegras.push({
      ...campos,
      uid,
      ordem,
      tabelaFreteUid: tabelaUid,
      tabelaRotaUid,
      escopo,
      restricaoUid: restricao ? (restricaoUid.get(restricao) ?? null) : null,
    });
    for (const [i, f] of fs.entries()) linhasFaixas.push({ ...f, ordem: i, regraUid: uid, tabelaFreteUid: tabelaUid });
  };
  for (const [ordem, r] of d.rotas.entries()) {
    const uid = randomUUID();
    const { regras: rs, ...campos } = r;
    linhasRotas.push({ ...campos, uid, ordem, tabelaFreteUid: tabelaUid });
    for (const [i, g] of rs.entries()) regra(g, i, uid);
  }
  for (const [i, g] of d.generalidades.entries()) regra(g, i, null);
  for (const [i, g] of (d.adicionais ?? []).entries()) regra(g, i, null, true);
  await emLotes(tx, tabelaFreteRotas, linhasRotas);
  await emLotes(tx, regras, linhasRegras);
  await emLotes(tx, faixas, linhasFaixas);
  await emLotes(
    tx,
    prioridades,
    d.prioridades.map((p) => ({ ...p, tabelaFreteUid: tabelaUid })),
  );
  return tabelaUid;
}
