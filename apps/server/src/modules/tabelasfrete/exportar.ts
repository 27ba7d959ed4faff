import ExcelJS from 'exceljs';
import { inArray } from 'drizzle-orm';
import type { LocalRef } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { modais, transportadores } from '../../db/schema/index.ts';
import { colunasParaLocal, nomesDosLocais } from '../regioes/local-ref.ts';
import { dadosDeLinhas, type RegraDados } from './dados.ts';
import { carregarTabela } from './repository.ts';
import {
  NAO,
  ROTULOS_ABAS,
  ROTULOS_BASE,
  ROTULOS_CALCULO,
  ROTULOS_CAMPOS_TABELA,
  ROTULOS_COLUNAS,
  ROTULOS_MODO_FAIXA,
  ROTULOS_MODO_RESTRICAO,
  ROTULOS_PAPEL,
  ROTULOS_STATUS,
  ROTULOS_TIPO_AJUSTE,
  ROTULOS_TIPO_LOCAL,
  SIM,
  rotuloDe,
} from './rotulos-planilha.ts';

// A whole table as an XLSX workbook. Sheets (first row = header):
//   Tabela         campo | valor  (nome, transportadorCnpj, modal, vigenciaInicio, vigenciaFim, fatorCubagem, icmsIncluso, prioridade, status,
//                  observacoes, densidadeIsencaoCubagem, isencaoCubagemProdutos, isencaoCubagemDestinatarios ("a; b"),
//                  tabelaBaseUid — derived table: the uid of its base)
//   Rotas          id | origemTipo | origem | destinoTipo | destino | prazoDiasUteis | freteMinimo | distanciaKm | tipoVeiculoUid | rotaCadastroUid | fatorCubagem
//   Regras         id | rota | componente | base | calculo | valor | minimo | maximo | aposMinimo | comparaFaixaSeguinte | foraBaseTributo | percentualValor | restricao
//   Generalidades  id | componente | base | calculo | valor | minimo | maximo | aposMinimo | comparaFaixaSeguinte | foraBaseTributo | percentualValor | restricao
//                  (restricao: the label of the Restricoes row the rule links; empty = the component's table-wide restriction, if any)
//   Adicionais     id | origemTipo | origem | destinoTipo | destino | componente | … (as Generalidades)   (location surcharges; places may be empty)
//   Faixas         regra | ate | valor | modo   (in order; ate empty = no upper bound)
//   Restricoes     componente | modo | descricao | papel | documento | restricao   (one row per person — papel REMETENTE/DESTINATARIO,
//                  documento the CNPJ/CPF — or per good — papel PRODUTO with the product code, NCM with an NCM prefix; papel empty = nobody yet;
//                  restricao: a label (X1, X2…) grouping the rows of one restriction — several per component; empty = one per component)
//   Prioridades    origemTipo | origem | destinoTipo | destino | prioridade | observacao
//   Ajustes        componente | tipo | valor | rota | destinatarios   (derived table: PERCENTUAL/VALOR; rota = uid of a route
//                  of the base, empty = all; destinatarios = CNPJ/CPF separated by commas, empty = all)
// A place is written by its tipo: UF 'SP', MUNICIPIO the IBGE code, REGIAO the region's name,
// FAIXA_CEP '01000000-05999999'. POST /tabelasfrete/importar reads the same layout back.
// The keys above are internal: the file shows the screens' words (rotulos-planilha.ts) — sheet names,
// headers, the Tabela fields, and enum cells by label ("Faixa de CEP", "Por unidade", "Sim", "Ativo").

const COLUNAS_REGRA = [
  'componente',
  'base',
  'calculo',
  'valor',
  'minimo',
  'maximo',
  'aposMinimo',
  'comparaFaixaSeguinte',
  'foraBaseTributo',
  'percentualValor',
  'restricao',
] as const;

/** Columns added after the first layout: files without them still import (empty = the default). */
export const COLUNAS_OPCIONAIS: ReadonlySet<string> = new Set(['fatorCubagem', 'comparaFaixaSeguinte', 'foraBaseTributo', 'percentualValor', 'restricao']);
/** Sheets a file may lack (besides those the importer already treats as optional). */
export const ABAS_OPCIONAIS: ReadonlySet<string> = new Set(['Adicionais', 'Ajustes']);

export const ABAS = {
  Tabela: ['campo', 'valor'],
  Rotas: [
    'id',
    'origemTipo',
    'origem',
    'destinoTipo',
    'destino',
    'prazoDiasUteis',
    'freteMinimo',
    'distanciaKm',
    'tipoVeiculoUid',
    'rotaCadastroUid',
    'fatorCubagem',
  ],
  Regras: ['id', 'rota', ...COLUNAS_REGRA],
  Generalidades: ['id', ...COLUNAS_REGRA],
  Adicionais: ['id', 'origemTipo', 'origem', 'destinoTipo', 'destino', ...COLUNAS_REGRA],
  Faixas: ['regra', 'ate', 'valor', 'modo'],
  Restricoes: ['componente', 'modo', 'descricao', 'papel', 'documento', 'restricao'],
  Prioridades: ['origemTipo', 'origem', 'destinoTipo', 'destino', 'prioridade', 'observacao'],
  Ajustes: ['componente', 'tipo', 'valor', 'rota', 'destinatarios'],
} as const;
export type Aba = keyof typeof ABAS;

const numero = (v: string | null | undefined) => (v === null || v === undefined ? null : Number(v));
const simNao = (b: boolean) => (b ? SIM : NAO);

export function localParaTexto(ref: LocalRef | null, regioes: Map<string, string>): [string | null, string | null] {
  if (!ref) return [null, null];
  switch (ref.tipo) {
    case 'UF':
      return [ROTULOS_TIPO_LOCAL.UF, ref.uf];
    case 'MUNICIPIO':
      return [ROTULOS_TIPO_LOCAL.MUNICIPIO, ref.ibge];
    case 'REGIAO':
      return [ROTULOS_TIPO_LOCAL.REGIAO, regioes.get(ref.regiaoUid) ?? ref.regiaoUid];
    case 'FAIXA_CEP':
      return [ROTULOS_TIPO_LOCAL.FAIXA_CEP, `${ref.de}-${ref.ate}`];
  }
}

export async function exportarTabela(db: Db, uid: string): Promise<{ nome: string; dados: Buffer }> {
  const { tabela, linhas } = await carregarTabela(db, uid);
  const d = dadosDeLinhas(tabela, linhas);
  const refs = [...d.rotas, ...d.prioridades, ...(d.adicionais ?? [])].flatMap((r) => [colunasParaLocal(r, 'origem'), colunasParaLocal(r, 'destino')]);
  const [nomes, [transp], modal] = await Promise.all([
    nomesDosLocais(db, refs),
    db
      .select({ cnpj: transportadores.cnpj })
      .from(transportadores)
      .where(inArray(transportadores.uid, [tabela.transportadorUid])),
    tabela.modalUid
      ? db
          .select({ codigo: modais.codigo })
          .from(modais)
          .where(inArray(modais.uid, [tabela.modalUid]))
      : Promise.resolve([]),
  ]);
  const local = (row: Record<string, unknown>, p: 'origem' | 'destino') => localParaTexto(colunasParaLocal(row, p), nomes.regioes);

  const wb = new ExcelJS.Workbook();
  wb.creator = 'Fretio';
  const aba = (nome: Aba, linhasAba: unknown[][]) => {
    const ws = wb.addWorksheet(ROTULOS_ABAS[nome] ?? nome);
    ws.addRow(ABAS[nome].map((c) => ROTULOS_COLUNAS[c] ?? c)).font = { bold: true };
    for (const l of linhasAba) ws.addRow(l);
    ws.columns.forEach((c) => {
      c.width = 18;
    });
  };
  const campos: [string, unknown][] = [
    ['nome', tabela.nome],
    ['transportadorCnpj', transp?.cnpj ?? null],
    ['modal', modal[0]?.codigo ?? null],
    ['vigenciaInicio', tabela.vigenciaInicio],
    ['vigenciaFim', tabela.vigenciaFim],
    ['fatorCubagem', numero(tabela.fatorCubagem)],
    ['icmsIncluso', simNao(tabela.icmsIncluso)],
    ['prioridade', tabela.prioridade],
    ['status', rotuloDe(ROTULOS_STATUS, String(tabela.status))],
    ['observacoes', tabela.observacoes],
    ['densidadeIsencaoCubagem', numero(tabela.densidadeIsencaoCubagem)],
    // Lists in one cell, separated by "; " (read back by importar.ts).
    ['isencaoCubagemProdutos', (tabela.isencaoCubagemProdutos ?? []).join('; ') || null],
    ['isencaoCubagemDestinatarios', (tabela.isencaoCubagemDestinatarios ?? []).join('; ') || null],
    ['tabelaBaseUid', tabela.tabelaBaseUid ?? null],
  ];
  aba(
    'Tabela',
    campos.map(([c, v]) => [ROTULOS_CAMPOS_TABELA[c] ?? c, v]),
  );
  const rotulo = new Map(d.restricoes.map((x, i) => [x.chave, `X${i + 1}`]));
  const regraLinha = (g: RegraDados) => [
    g.componente,
    rotuloDe(ROTULOS_BASE, g.base),
    rotuloDe(ROTULOS_CALCULO, g.calculo),
    numero(g.valor),
    numero(g.minimo),
    numero(g.maximo),
    simNao(g.aposMinimo),
    simNao(!!g.comparaFaixaSeguinte),
    simNao(!!g.foraBaseTributo),
    numero(g.percentualValor),
    g.restricao ? (rotulo.get(g.restricao) ?? null) : null,
  ];
  const regrasLinhas: unknown[][] = [];
  const faixasLinhas: unknown[][] = [];
  d.rotas.forEach((r, i) => {
    r.regras.forEach((g, j) => {
      const id = `R${i + 1}.${j + 1}`;
      regrasLinhas.push([id, `R${i + 1}`, ...regraLinha(g)]);
      for (const f of g.faixas) faixasLinhas.push([id, numero(f.ate), numero(f.valor), rotuloDe(ROTULOS_MODO_FAIXA, f.modo)]);
    });
  });
  const generalidadesLinhas = d.generalidades.map((g, j) => {
    for (const f of g.faixas) faixasLinhas.push([`G${j + 1}`, numero(f.ate), numero(f.valor), rotuloDe(ROTULOS_MODO_FAIXA, f.modo)]);
    return [`G${j + 1}`, ...regraLinha(g)];
  });
  const adicionaisLinhas = (d.adicionais ?? []).map((g, j) => {
    for (const f of g.faixas) faixasLinhas.push([`A${j + 1}`, numero(f.ate), numero(f.valor), rotuloDe(ROTULOS_MODO_FAIXA, f.modo)]);
    return [`A${j + 1}`, ...local(g, 'origem'), ...local(g, 'destino'), ...regraLinha(g)];
  });
  aba(
    'Rotas',
    d.rotas.map((r, i) => [
      `R${i + 1}`,
      ...local(r, 'origem'),
      ...local(r, 'destino'),
      r.prazoDiasUteis,
      numero(r.freteMinimo),
      numero(r.distanciaKm),
      r.tipoVeiculoUid ?? null,
      r.rotaUid ?? null,
      numero(r.fatorCubagem),
    ]),
  );
  aba('Regras', regrasLinhas);
  aba('Generalidades', generalidadesLinhas);
  aba('Adicionais', adicionaisLinhas);
  aba('Faixas', faixasLinhas);
  aba(
    'Restricoes',
    d.restricoes.flatMap((x, i) => {
      const linhas = [
        ...x.pessoas.map((p) => [p.papel, p.documento]),
        ...(x.produtos ?? []).map((c) => ['PRODUTO', c]),
        ...(x.ncms ?? []).map((n) => ['NCM', n]),
      ];
      const modo = rotuloDe(ROTULOS_MODO_RESTRICAO, x.modo);
      return linhas.length
        ? linhas.map(([papel, doc]) => [x.componente, modo, x.descricao, rotuloDe(ROTULOS_PAPEL, papel), doc, `X${i + 1}`])
        : [[x.componente, modo, x.descricao, null, null, `X${i + 1}`]];
    }),
  );
  aba(
    'Prioridades',
    d.prioridades.map((p) => [...local(p, 'origem'), ...local(p, 'destino'), p.prioridade, p.observacao]),
  );
  aba(
    'Ajustes',
    (tabela.ajustesBase ?? []).map((a) => [a.componente, rotuloDe(ROTULOS_TIPO_AJUSTE, a.tipo), Number(a.valor), a.rotaUid ?? null, a.destinatarios?.length ? a.destinatarios.join(', ') : null]),
  );
  const nome = `tabela-frete-${
    tabela.nome
      .normalize('NFD')
      .replace(/[\u0300-\u036f]/g, '')
      .replace(/[^A-Za-z0-9]+/g, '-')
      .replace(/^-|-$/g, '')
      .toLowerCase() || 'tabela'
  }-v${tabela.versao}.xlsx`;
  return { nome, dados: Buffer.from(await wb.xlsx.writeBuffer()) };
}
