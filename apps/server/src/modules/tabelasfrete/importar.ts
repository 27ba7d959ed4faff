import { and, eq, inArray, isNull, or, sql } from 'drizzle-orm';
import {
  type LocalRef,
  type Regra,
  type TabelaCalculo,
  UID_REGEX,
  ajusteBaseInput,
  criarSchemaRegra,
  localRefSchema,
  somenteDigitos,
  validarTabela,
  listaOu,
} from '@fretio/core';
import type { Db } from '../../db/client.ts';
import {
  embarcadorTransportador,
  modais,
  municipios,
  pessoas,
  produtos,
  regioes,
  rotas,
  tiposVeiculo,
  transportadores,
} from '../../db/schema/index.ts';
import type { Aba as AbaLida, Celula } from '../../framework/importacao/leitor.ts';
import { lerAbas } from '../../framework/importacao/pool.ts';
import { ehZip } from '../../framework/importacao/zip-seguro.ts';
import { AppError } from '../../lib/errors.ts';
import { consultarEmLotes } from '../../lib/lotes.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { localParaColunas } from '../regioes/local-ref.ts';
import type { CamposTabela, RegraDados, TabelaDados } from './dados.ts';
import { exigirBaseValida } from './derivacao.ts';
import { ABAS, ABAS_OPCIONAIS, type Aba, COLUNAS_OPCIONAIS } from './exportar.ts';
import {
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
  chaveDe,
  chavePlanilha,
  codigoDe,
  rotuloColuna,
} from './rotulos-planilha.ts';

// Reads the workbook of exportar.ts back into a table (parsed in the import worker pool). Every bad
// cell is reported as {aba, linha, campo, mensagem} in the file's words (sheet and column labels of
// rotulos-planilha.ts; field keeps the internal Aba!linha.campo); nothing is saved unless the whole file
// is clean. Headers, Tabela fields and enum cells are read as labels or as the older camelCase keys/codes.

type Linha = { linha: number; v: Record<string, Celula> };
export type ErroImportacao = { aba: string; linha: number; campo: string; mensagem: string };

const chave = chavePlanilha;

function lerAba(abas: AbaLida[], nome: Aba, erros: ErroImportacao[]): Linha[] {
  const ws = abas.find((w) => chave(w.nome) === chave(nome) || chave(w.nome) === chave(ROTULOS_ABAS[nome] ?? nome));
  if (!ws) {
    if ((nome === 'Tabela' || nome === 'Rotas') && !ABAS_OPCIONAIS.has(nome))
      erros.push({ aba: nome, linha: 0, campo: 'aba', mensagem: `A aba ${ROTULOS_ABAS[nome] ?? nome} não existe no arquivo` });
    return [];
  }
  const colunas = new Map<number, string>();
  (ws.linhas[0] ?? []).forEach((c, col) => {
    const canon = chaveDe(ABAS[nome], ROTULOS_COLUNAS, String(c ?? ''));
    if (canon) colunas.set(col, canon);
  });
  for (const h of ABAS[nome] as readonly string[])
    if (!COLUNAS_OPCIONAIS.has(h) && ![...colunas.values()].includes(h)) erros.push({ aba: nome, linha: 1, campo: h, mensagem: `Coluna ${ROTULOS_COLUNAS[h] ?? h} ausente` });
  const out: Linha[] = [];
  ws.linhas.forEach((row, i) => {
    if (i === 0) return;
    const v: Record<string, Celula> = {};
    row.forEach((c, col) => {
      const campo = colunas.get(col);
      if (campo && c !== undefined) v[campo] = c;
    });
    if (Object.values(v).some((x) => x !== null && String(x).trim() !== '')) out.push({ linha: i + 1, v });
  });
  return out;
}

export async function importarTabela(db: Db, embarcadorUid: string, arquivo: Buffer): Promise<TabelaDados> {
  if (!ehZip(arquivo)) throw AppError.field('file', 'Arquivo XLSX inválido ou corrompido');
  const wb = await lerAbas(arquivo);
  const erros: ErroImportacao[] = [];
  const erro = (aba: string, linha: number, campo: string, mensagem: string) => erros.push({ aba, linha, campo, mensagem });
  const abas = Object.fromEntries((Object.keys(ABAS) as Aba[]).map((a) => [a, lerAba(wb, a, erros)])) as Record<Aba, Linha[]>;

  const texto = (c: Celula | undefined) => (c === null || c === undefined || String(c).trim() === '' ? null : String(c).trim());
  const numero = (
    aba: string,
    l: Linha,
    campo: string,
    o: { obrigatorio?: boolean; inteiro?: boolean; positivo?: boolean } = {},
  ): number | null => {
    const t = texto(l.v[campo]);
    if (t === null) {
      if (o.obrigatorio) erro(aba, l.linha, campo, 'Campo obrigatório');
      return null;
    }
    const n = typeof l.v[campo] === 'number' ? (l.v[campo] as number) : Number(t.replace(/\.(?=\d{3}(\D|$))/g, '').replace(',', '.'));
    if (!Number.isFinite(n)) erro(aba, l.linha, campo, `Número inválido: "${t}"`);
    else if (n < 0) erro(aba, l.linha, campo, `${rotuloColuna(aba, campo)} não pode ser negativo`);
    else if (o.positivo && n === 0) erro(aba, l.linha, campo, `${rotuloColuna(aba, campo)} deve ser maior que zero`);
    else if (o.inteiro && !Number.isInteger(n)) erro(aba, l.linha, campo, `${rotuloColuna(aba, campo)} deve ser um número inteiro`);
    else return n;
    return null;
  };
  const simNao = (c: Celula | undefined) => ['s', 'sim', 'true', '1', 'x', 'verdadeiro'].includes(chave(String(c ?? '')));
  const str = (n: number | null) => (n === null ? null : String(n));

  // Places: names of regions and IBGE codes are resolved in two queries after the first pass.
  const pendentesLocal: { aba: string; linha: number; campo: string; ref: LocalRef }[] = [];
  const local = (aba: string, l: Linha, p: 'origem' | 'destino', opcional = false): LocalRef | null => {
    const tipo = codigoDe(ROTULOS_TIPO_LOCAL, texto(l.v[`${p}Tipo`]));
    const valor = texto(l.v[p]);
    if (!tipo && !valor && opcional) return null;
    let bruto: Record<string, unknown> = { tipo };
    if (tipo === 'UF') bruto = { tipo, uf: valor ?? '' };
    else if (tipo === 'MUNICIPIO') bruto = { tipo, ibge: somenteDigitos(valor ?? '') };
    else if (tipo === 'REGIAO') bruto = { tipo, regiaoUid: valor ?? '' };
    else if (tipo === 'FAIXA_CEP') {
      const [de = '', ate = ''] = (valor ?? '').replace(/(?<!\d)(\d{5})-(\d{3})(?!\d)/g, '$1$2').match(/\d+/g) ?? [];
      bruto = { tipo, de, ate };
    }
    const r = localRefSchema.safeParse(bruto);
    if (!r.success) {
      erro(aba, l.linha, r.error.issues[0].path[0] === 'tipo' || !tipo ? `${p}Tipo` : p, r.error.issues[0].message);
      return null;
    }
    const ref = r.data as LocalRef;
    if (ref.tipo === 'UF') ref.uf = ref.uf.trim().toUpperCase();
    if (ref.tipo === 'REGIAO' || ref.tipo === 'MUNICIPIO') pendentesLocal.push({ aba, linha: l.linha, campo: p, ref });
    return ref;
  };

  // Tabela ---------------------------------------------------------------------------------------
  const campos = new Map<string, Linha>();
  for (const l of abas.Tabela) {
    const t = texto(l.v.campo);
    const c = t ? (chaveDe(Object.keys(ROTULOS_CAMPOS_TABELA), ROTULOS_CAMPOS_TABELA, t) ?? t) : null;
    if (c) campos.set(c, { linha: l.linha, v: { [c]: l.v.valor } });
  }
  const campo = (c: string) => campos.get(c) ?? { linha: 0, v: {} };
  const nome = texto(campo('nome').v.nome);
  if (!nome) erro('Tabela', campo('nome').linha, 'nome', 'Campo obrigatório');
  const data = (c: string, obrigatorio: boolean) => {
    const t = texto(campo(c).v[c]);
    if (!t) {
      if (obrigatorio) erro('Tabela', campo(c).linha, c, 'Campo obrigatório');
      return null;
    }
    if (!/^\d{4}-\d{2}-\d{2}$/.test(t) || Number.isNaN(Date.parse(t)))
      erro('Tabela', campo(c).linha, c, `data inválida: "${t}" (use AAAA-MM-DD)`);
    return t;
  };
  const vigenciaInicio = data('vigenciaInicio', true);
  const vigenciaFim = data('vigenciaFim', false);
  if (vigenciaInicio && vigenciaFim && vigenciaFim < vigenciaInicio)
    erro('Tabela', campo('vigenciaFim').linha, 'vigenciaFim', 'A vigência termina antes de começar');
  const cnpj = somenteDigitos(texto(campo('transportadorCnpj').v.transportadorCnpj) ?? '');
  const [transp] = cnpj
    ? await db
        .select({ uid: transportadores.uid, vinculado: embarcadorTransportador.embarcadorUid })
        .from(transportadores)
        .leftJoin(
          embarcadorTransportador,
          and(eq(embarcadorTransportador.transportadorUid, transportadores.uid), eq(embarcadorTransportador.embarcadorUid, embarcadorUid)),
        )
        .where(eq(transportadores.cnpj, cnpj))
    : [];
  if (!transp?.vinculado)
    erro(
      'Tabela',
      campo('transportadorCnpj').linha,
      'transportadorCnpj',
      cnpj ? `Transportador ${cnpj} não vinculado ao embarcador` : 'Campo obrigatório',
    );
  const codigoModal = texto(campo('modal').v.modal);
  const [modal] = codigoModal
    ? await db
        .select()
        .from(modais)
        .where(and(eq(modais.codigo, codigoModal.toUpperCase()), or(isNull(modais.embarcadorUid), eq(modais.embarcadorUid, embarcadorUid))))
    : [];
  if (codigoModal && !modal) erro('Tabela', campo('modal').linha, 'modal', `Modal ${codigoModal} não encontrado`);
  const fator = numero('Tabela', campo('fatorCubagem'), 'fatorCubagem', { positivo: true });
  const prioridade = numero('Tabela', campo('prioridade'), 'prioridade', { inteiro: true }) ?? 0;
  // Status by its label (Ativo, Inativo, Validação) or, as in older files, by its number.
  const textoStatus = texto(campo('status').v.status);
  const status = textoStatus === null ? 3 : Number(codigoDe(ROTULOS_STATUS, textoStatus));
  if (![1, 2, 3].includes(status))
    erro('Tabela', campo('status').linha, 'status', `Status deve ser ${listaOu(ROTULOS_STATUS)}`);
  const tabela: CamposTabela = {
    nome: nome ?? '',
    transportadorUid: transp?.uid ?? '',
    modalUid: modal?.uid ?? null,
    vigenciaInicio: vigenciaInicio ?? '',
    vigenciaFim,
    fatorCubagem: String(fator ?? modal?.fatorCubagemPadrao ?? 300),
    icmsIncluso: simNao(campo('icmsIncluso').v.icmsIncluso),
    prioridade,
    observacoes: texto(campo('observacoes').v.observacoes),
    status,
    densidadeIsencaoCubagem: str(numero('Tabela', campo('densidadeIsencaoCubagem'), 'densidadeIsencaoCubagem', { positivo: true })),
    isencaoCubagemProdutos: [...new Set(partes(campo('isencaoCubagemProdutos').v.isencaoCubagemProdutos).map((c) => c.toUpperCase()))],
    isencaoCubagemDestinatarios: [...new Set(partes(campo('isencaoCubagemDestinatarios').v.isencaoCubagemDestinatarios).map((d) => d.replace(/[^0-9A-Za-z]/g, '').toUpperCase()))],
  };
  for (const d of tabela.isencaoCubagemDestinatarios ?? [])
    if (d.length !== 11 && d.length !== 14) erro('Tabela', campo('isencaoCubagemDestinatarios').linha, 'isencaoCubagemDestinatarios', `CPF/CNPJ inválido: ${d}`);
  // Derived table: its base (same shipper, Ativa or Validação) and the Ajustes sheet.
  const baseUid = texto(campo('tabelaBaseUid').v.tabelaBaseUid);
  if (baseUid) {
    try {
      if (!UID_REGEX.test(baseUid)) throw AppError.field('tabelaBaseUid', 'Identificador inválido');
      await exigirBaseValida(db, embarcadorUid, null, baseUid);
      tabela.tabelaBaseUid = baseUid;
    } catch (e) {
      erro('Tabela', campo('tabelaBaseUid').linha, 'tabelaBaseUid', (e as AppError).errors?.[0]?.message ?? (e as Error).message);
    }
  }
  const ajustes: NonNullable<CamposTabela['ajustesBase']> = [];
  const linhasAjustes: number[] = [];
  for (const l of abas.Ajustes) {
    const componente = (texto(l.v.componente) ?? '').toUpperCase();
    const tipo = codigoDe(ROTULOS_TIPO_AJUSTE, texto(l.v.tipo)) ?? '';
    const bruto = {
      componente,
      tipo,
      valor: typeof l.v.valor === 'number' ? l.v.valor : Number((texto(l.v.valor) ?? '').replace(',', '.')),
      rotaUid: texto(l.v.rota),
      destinatarios: (texto(l.v.destinatarios) ?? '').split(/[,;\s]+/).filter(Boolean),
    };
    const r = ajusteBaseInput.safeParse(bruto);
    if (!baseUid) erro('Ajustes', l.linha, 'componente', `Ajustes só valem numa tabela derivada (informe ${ROTULOS_CAMPOS_TABELA.tabelaBaseUid} na aba Tabela)`);
    else if (!r.success) erro('Ajustes', l.linha, String(r.error.issues[0].path[0] ?? 'valor'), r.error.issues[0].message);
    else {
      const ehRota = r.data.rotaUid ? UID_REGEX.test(r.data.rotaUid) : true;
      if (!ehRota) erro('Ajustes', l.linha, 'rota', 'Identificador de rota inválido');
      else {
        linhasAjustes.push(l.linha);
        ajustes.push({
          componente: r.data.componente,
          tipo: r.data.tipo,
          valor: r.data.valor,
          ...(r.data.rotaUid ? { rotaUid: r.data.rotaUid } : {}),
          ...(r.data.destinatarios?.length ? { destinatarios: r.data.destinatarios } : {}),
        });
      }
    }
  }
  if (ajustes.length) tabela.ajustesBase = ajustes;

  // Rotas, Regras, Generalidades, Faixas ---------------------------------------------------------
  const codigos = (await catalogoComponentes(db, embarcadorUid, true)).map((c) => c.codigo);
  const schemaRegra = criarSchemaRegra(codigos);
  ajustes.forEach((a, i) => {
    if (!codigos.includes(a.componente)) erro('Ajustes', linhasAjustes[i], 'componente', `Componente desconhecido: "${a.componente}" não está no catálogo`);
  });
  type RotaLida = {
    id: string;
    linha: number;
    origem: LocalRef | null;
    destino: LocalRef | null;
    l: Linha;
    regras: RegraLida[];
    freteMinimo: number | null;
    distanciaKm: number | null;
    fatorCubagem: number | null;
  };
  type RegraLida = {
    id: string;
    aba: string;
    linha: number;
    l: Linha;
    /** Adicionais: where the surcharge applies. */
    origem?: LocalRef | null;
    destino?: LocalRef | null;
    faixas: { linha: number; ate: number | null; valor: number | null; modo: string }[];
  };
  const rotasLidas: RotaLida[] = [];
  const porIdRota = new Map<string, RotaLida>();
  for (const l of abas.Rotas) {
    const id = texto(l.v.id) ?? `linha ${l.linha}`;
    if (porIdRota.has(id)) erro('Rotas', l.linha, 'id', `id ${id} repetido`);
    const origem = local('Rotas', l, 'origem');
    const destino = local('Rotas', l, 'destino');
    numero('Rotas', l, 'prazoDiasUteis', { obrigatorio: true, inteiro: true });
    const r: RotaLida = {
      id,
      linha: l.linha,
      origem,
      destino,
      l,
      regras: [],
      freteMinimo: numero('Rotas', l, 'freteMinimo'),
      distanciaKm: numero('Rotas', l, 'distanciaKm'),
      fatorCubagem: numero('Rotas', l, 'fatorCubagem', { positivo: true }),
    };
    for (const c of ['tipoVeiculoUid', 'rotaCadastroUid'])
      if (texto(l.v[c]) && !UID_REGEX.test(texto(l.v[c]) as string)) erro('Rotas', l.linha, c, 'Identificador inválido');
    rotasLidas.push(r);
    porIdRota.set(id, r);
  }
  const porIdRegra = new Map<string, RegraLida>();
  const generalidadesLidas: RegraLida[] = [];
  const adicionaisLidos: RegraLida[] = [];
  for (const [aba, linhas] of [
    ['Regras', abas.Regras],
    ['Generalidades', abas.Generalidades],
    ['Adicionais', abas.Adicionais],
  ] as const) {
    for (const l of linhas) {
      const id = texto(l.v.id) ?? `${aba} ${l.linha}`;
      if (porIdRegra.has(id)) erro(aba, l.linha, 'id', `id ${id} repetido`);
      const g: RegraLida = { id, aba, linha: l.linha, l, faixas: [] };
      porIdRegra.set(id, g);
      if (aba === 'Generalidades') generalidadesLidas.push(g);
      else if (aba === 'Adicionais') {
        g.origem = local(aba, l, 'origem', true);
        g.destino = local(aba, l, 'destino', true);
        adicionaisLidos.push(g);
      }
      else {
        const rota = porIdRota.get(texto(l.v.rota) ?? '');
        if (!rota) erro(aba, l.linha, 'rota', `Rota ${texto(l.v.rota) ?? '(vazia)'} não existe na aba Rotas`);
        else rota.regras.push(g);
      }
    }
  }
  for (const l of abas.Faixas) {
    const g = porIdRegra.get(texto(l.v.regra) ?? '');
    if (!g) {
      erro('Faixas', l.linha, 'regra', `Regra ${texto(l.v.regra) ?? '(vazia)'} não existe nas abas Regras ou Generalidades`);
      continue;
    }
    g.faixas.push({
      linha: l.linha,
      ate: numero('Faixas', l, 'ate'),
      valor: numero('Faixas', l, 'valor', { obrigatorio: true }),
      modo: codigoDe(ROTULOS_MODO_FAIXA, texto(l.v.modo)) ?? '',
    });
  }
  const paraRegra = (g: RegraLida): { regra: Regra; dados: RegraDados } => {
    const v = (c: string) => numero(g.aba, g.l, c);
    const [valor, minimo, maximo, percentualValor] = [v('valor'), v('minimo'), v('maximo'), v('percentualValor')];
    const calculo = codigoDe(ROTULOS_CALCULO, texto(g.l.v.calculo)) ?? '';
    const candidata: Record<string, unknown> = {
      componente: (texto(g.l.v.componente) ?? '').toUpperCase(),
      base: codigoDe(ROTULOS_BASE, texto(g.l.v.base)) ?? '',
      calculo,
      aposMinimo: simNao(g.l.v.aposMinimo),
    };
    if (simNao(g.l.v.comparaFaixaSeguinte)) candidata.comparaFaixaSeguinte = true;
    if (simNao(g.l.v.foraBaseTributo)) candidata.foraBaseTributo = true;
    if (percentualValor !== null) candidata.percentualValor = percentualValor;
    if (valor !== null) candidata.valor = valor;
    if (minimo !== null) candidata.minimo = minimo;
    if (maximo !== null) candidata.maximo = maximo;
    if (calculo === 'FAIXA') candidata.faixas = g.faixas.map((f) => ({ ate: f.ate, valor: f.valor ?? 0, modo: f.modo }));
    // The restriction the rule links, by its label in Restricoes (same component).
    const rotulo = texto(g.l.v.restricao);
    const ligada = rotulo ? restricoesLidas.get(rotulo) : undefined;
    if (rotulo && !ligada) erro(g.aba, g.linha, 'restricao', `Restrição ${rotulo} não existe na aba Restrições`);
    else if (ligada && ligada.componente !== candidata.componente)
      erro(g.aba, g.linha, 'restricao', `A restrição ${rotulo} é do componente ${ligada.componente}, não de ${candidata.componente}`);
    else if (ligada) {
      // For the engine's checks: a linked rule is restricted (not a repeated component).
      const docs = (papel: string) => ligada.pessoas.filter((p) => p.papel === papel).map((p) => p.documento);
      candidata.restricao = {
        modo: ligada.modo === 'EXCETO' ? 'EXCETO' : 'SOMENTE',
        remetentes: docs('REMETENTE'),
        destinatarios: docs('DESTINATARIO'),
        produtos: ligada.produtos.map((p) => p.codigo),
        ncms: ligada.ncms,
      };
    }
    const r = schemaRegra.safeParse(candidata);
    if (!r.success) {
      for (const i of r.error.issues) {
        if (i.path[0] === 'faixas' && typeof i.path[1] === 'number' && g.faixas[i.path[1]])
          erro('Faixas', g.faixas[i.path[1]].linha, String(i.path[2] ?? 'ate'), i.message);
        else erro(g.aba, g.linha, String(i.path[0] ?? 'componente'), i.message);
      }
    }
    const dados: RegraDados = {
      componente: candidata.componente as string,
      base: candidata.base as string,
      calculo,
      valor: str(valor),
      minimo: str(minimo),
      maximo: str(maximo),
      aposMinimo: candidata.aposMinimo as boolean,
      comparaFaixaSeguinte: candidata.comparaFaixaSeguinte === true,
      foraBaseTributo: candidata.foraBaseTributo === true,
      percentualValor: str(percentualValor),
      restricao: ligada ? rotulo : null,
      faixas: calculo === 'FAIXA' ? g.faixas.map((f) => ({ ate: str(f.ate), valor: String(f.valor ?? 0), modo: f.modo })) : [],
    };
    return { regra: candidata as Regra, dados };
  };

  // Restricoes, Prioridades ----------------------------------------------------------------------
  // Rows of one restriction share its label (column restricao); without a label, one per component.
  const restricoesLidas = new Map<
    string,
    {
      componente: string;
      linha: number;
      modo: string;
      descricao: string | null;
      pessoas: { linha: number; papel: string; documento: string }[];
      /** Goods criterion: rows with papel PRODUTO (documento = product code) and NCM (documento = prefix). */
      produtos: { linha: number; codigo: string }[];
      ncms: string[];
    }
  >();
  for (const l of abas.Restricoes) {
    const componente = (texto(l.v.componente) ?? '').toUpperCase();
    if (!codigos.includes(componente))
      erro('Restricoes', l.linha, 'componente', `Componente desconhecido: "${componente}" não está no catálogo`);
    const modo = codigoDe(ROTULOS_MODO_RESTRICAO, texto(l.v.modo)) ?? '';
    if (!['SOMENTE', 'EXCETO'].includes(modo))
      erro('Restricoes', l.linha, 'modo', `Modo inválido: use ${ROTULOS_MODO_RESTRICAO.SOMENTE} ou ${ROTULOS_MODO_RESTRICAO.EXCETO}`);
    const rotulo = texto(l.v.restricao) ?? componente;
    let x = restricoesLidas.get(rotulo);
    if (!x) {
      x = { componente, linha: l.linha, modo, descricao: texto(l.v.descricao), pessoas: [], produtos: [], ncms: [] };
      restricoesLidas.set(rotulo, x);
    } else if (x.componente !== componente)
      erro('Restricoes', l.linha, 'componente', `A restrição ${rotulo} é do componente ${x.componente} (linha ${x.linha})`);
    else if (x.modo !== modo) erro('Restricoes', l.linha, 'modo', `A restrição ${rotulo} já tem modo ${ROTULOS_MODO_RESTRICAO[x.modo] ?? x.modo} na linha ${x.linha}`);
    const papel = codigoDe(ROTULOS_PAPEL, texto(l.v.papel));
    if (papel === 'PRODUTO') {
      const codigo = texto(l.v.documento);
      if (!codigo) erro('Restricoes', l.linha, 'documento', 'Informe o código do produto');
      else x.produtos.push({ linha: l.linha, codigo });
      continue;
    }
    if (papel === 'NCM') {
      const ncm = somenteDigitos(texto(l.v.documento) ?? '');
      if (!/^\d{2,8}$/.test(ncm)) erro('Restricoes', l.linha, 'documento', 'NCM deve ter de 2 a 8 dígitos (prefixo)');
      else if (!x.ncms.includes(ncm)) x.ncms.push(ncm);
      continue;
    }
    const documento = somenteDigitos(texto(l.v.documento) ?? '');
    if (!papel && !documento) continue;
    if (papel !== 'REMETENTE' && papel !== 'DESTINATARIO')
      erro('Restricoes', l.linha, 'papel', `Papel inválido: use ${listaOu(ROTULOS_PAPEL)}`);
    else x.pessoas.push({ linha: l.linha, papel, documento });
  }
  const prioridadesLidas = abas.Prioridades.map((l) => ({
    l,
    origem: local('Prioridades', l, 'origem', true),
    destino: local('Prioridades', l, 'destino', true),
    prioridade: numero('Prioridades', l, 'prioridade', { obrigatorio: true, inteiro: true }),
  }));

  // Lookups: regions by name, municipalities, people, vehicle types, registered routes.
  const nomesRegiao = [
    ...new Set(pendentesLocal.filter((p) => p.ref.tipo === 'REGIAO').map((p) => (p.ref as { regiaoUid: string }).regiaoUid)),
  ];
  const ibges = [...new Set(pendentesLocal.filter((p) => p.ref.tipo === 'MUNICIPIO').map((p) => (p.ref as { ibge: string }).ibge))];
  const documentos = [...new Set([...restricoesLidas.values()].flatMap((x) => x.pessoas.map((p) => p.documento)))];
  const codigosProduto = [...new Set([...restricoesLidas.values()].flatMap((x) => x.produtos.map((p) => p.codigo.toUpperCase())))];
  const tipos = [...new Set(abas.Rotas.map((l) => texto(l.v.tipoVeiculoUid)).filter((u): u is string => !!u && UID_REGEX.test(u)))];
  const cadastradas = [...new Set(abas.Rotas.map((l) => texto(l.v.rotaCadastroUid)).filter((u): u is string => !!u && UID_REGEX.test(u)))];
  const [rs, ms, ps, ts, cs, prs] = await Promise.all([
    // Bounded IN lists (lib/lotes.ts): a sheet of 50,000 rows must not become one statement.
    consultarEmLotes(nomesRegiao, (lote) =>
      db
        .select({ uid: regioes.uid, nome: regioes.nome })
        .from(regioes)
        .where(and(eq(regioes.embarcadorUid, embarcadorUid), inArray(regioes.nome, lote))),
    ),
    consultarEmLotes(ibges, (lote) => db.select({ ibge: municipios.ibge }).from(municipios).where(inArray(municipios.ibge, lote))),
    consultarEmLotes(documentos, (lote) =>
      db
        .select({ uid: pessoas.uid, documento: pessoas.documento })
        .from(pessoas)
        .where(and(eq(pessoas.embarcadorUid, embarcadorUid), inArray(pessoas.documento, lote))),
    ),
    consultarEmLotes(tipos, (lote) =>
      db
        .select({ uid: tiposVeiculo.uid })
        .from(tiposVeiculo)
        .where(and(inArray(tiposVeiculo.uid, lote), or(isNull(tiposVeiculo.embarcadorUid), eq(tiposVeiculo.embarcadorUid, embarcadorUid)))),
    ),
    consultarEmLotes(cadastradas, (lote) =>
      db
        .select({ uid: rotas.uid })
        .from(rotas)
        .where(and(inArray(rotas.uid, lote), eq(rotas.embarcadorUid, embarcadorUid))),
    ),
    consultarEmLotes(codigosProduto, (lote) =>
      db
        .select({ codigo: produtos.codigo, chave: sql<string>`upper(${produtos.codigo})` })
        .from(produtos)
        .where(and(eq(produtos.embarcadorUid, embarcadorUid), inArray(sql`upper(${produtos.codigo})`, lote))),
    ),
  ]);
  const produtoPorChave = new Map(prs.map((p) => [p.chave, p.codigo]));
  const regiaoPorNome = new Map(rs.map((r) => [r.nome, r.uid]));
  const ibgeOk = new Set(ms.map((m) => m.ibge));
  for (const p of pendentesLocal) {
    if (p.ref.tipo === 'REGIAO') {
      const uid = regiaoPorNome.get(p.ref.regiaoUid);
      if (!uid) erro(p.aba, p.linha, p.campo, `Região "${p.ref.regiaoUid}" não encontrada`);
      else p.ref.regiaoUid = uid;
    } else if (p.ref.tipo === 'MUNICIPIO' && !ibgeOk.has(p.ref.ibge))
      erro(p.aba, p.linha, p.campo, `Município ${p.ref.ibge} não encontrado no cadastro do IBGE`);
  }
  const pessoaPorDoc = new Map(ps.map((p) => [p.documento, p.uid]));
  const tiposOk = new Set(ts.map((t) => t.uid));
  const cadastradasOk = new Set(cs.map((c) => c.uid));

  // Assemble, then the engine's whole-table checks (repeated components and routes, KM without distance).
  const dados: TabelaDados = { tabela, rotas: [], generalidades: [], adicionais: [], restricoes: [], prioridades: [] };
  const calculo: TabelaCalculo = {
    uid: 'importacao',
    transportadorUid: 'importacao',
    fatorCubagem: Number(tabela.fatorCubagem),
    icmsIncluso: tabela.icmsIncluso,
    generalidades: [],
    rotas: [],
  };
  for (const r of rotasLidas) {
    const regras = r.regras.map(paraRegra);
    const tipo = texto(r.l.v.tipoVeiculoUid);
    const cadastro = texto(r.l.v.rotaCadastroUid);
    if (tipo && UID_REGEX.test(tipo) && !tiposOk.has(tipo)) erro('Rotas', r.linha, 'tipoVeiculoUid', 'Tipo de veículo não encontrado');
    if (cadastro && UID_REGEX.test(cadastro) && !cadastradasOk.has(cadastro))
      erro('Rotas', r.linha, 'rotaCadastroUid', 'Rota não encontrada no cadastro');
    const prazo = Number(r.l.v.prazoDiasUteis);
    const { freteMinimo, distanciaKm, fatorCubagem } = r;
    dados.rotas.push({
      ...localParaColunas(r.origem, 'origem'),
      ...localParaColunas(r.destino, 'destino'),
      rotaUid: cadastro,
      prazoDiasUteis: prazo,
      freteMinimo: str(freteMinimo),
      distanciaKm: str(distanciaKm),
      tipoVeiculoUid: tipo,
      fatorCubagem: str(fatorCubagem),
      regras: regras.map((x) => x.dados),
    });
    if (r.origem && r.destino) {
      calculo.rotas.push({
        uid: r.id,
        origem: r.origem,
        destino: r.destino,
        prazoDiasUteis: Number.isInteger(prazo) ? prazo : 0,
        ...(freteMinimo !== null ? { freteMinimo } : {}),
        ...(distanciaKm !== null ? { distanciaKm } : {}),
        ...(tipo ? { tipoVeiculoUid: tipo } : {}),
        ...(fatorCubagem !== null ? { fatorCubagem } : {}),
        regras: regras.map((x) => x.regra),
      });
    }
  }
  for (const g of generalidadesLidas) {
    const x = paraRegra(g);
    dados.generalidades.push(x.dados);
    calculo.generalidades.push(x.regra);
  }
  for (const g of adicionaisLidos) {
    const x = paraRegra(g);
    dados.adicionais?.push({ ...x.dados, ...localParaColunas(g.origem ?? null, 'origem'), ...localParaColunas(g.destino ?? null, 'destino') });
    calculo.adicionais ??= [];
    calculo.adicionais.push({ ...x.regra, ...(g.origem ? { origem: g.origem } : {}), ...(g.destino ? { destino: g.destino } : {}) });
  }
  for (const [rotulo, x] of restricoesLidas) {
    const lista: TabelaDados['restricoes'][number]['pessoas'] = [];
    for (const p of x.pessoas) {
      const uid = pessoaPorDoc.get(p.documento);
      if (!uid) erro('Restricoes', p.linha, 'documento', `Documento ${p.documento || '(vazio)'} não cadastrado em pessoas`);
      else if (!lista.some((q) => q.papel === p.papel && q.pessoaUid === uid))
        lista.push({ papel: p.papel, pessoaUid: uid, documento: p.documento });
    }
    const codigosLidos: string[] = [];
    for (const p of x.produtos) {
      const codigo = produtoPorChave.get(p.codigo.toUpperCase());
      if (!codigo) erro('Restricoes', p.linha, 'documento', `Produto ${p.codigo} não cadastrado`);
      else if (!codigosLidos.includes(codigo)) codigosLidos.push(codigo);
    }
    dados.restricoes.push({
      chave: rotulo,
      componente: x.componente,
      modo: x.modo,
      descricao: x.descricao,
      pessoas: lista,
      produtos: codigosLidos,
      ncms: x.ncms,
    });
  }
  for (const p of prioridadesLidas) {
    dados.prioridades.push({
      ...localParaColunas(p.origem, 'origem'),
      ...localParaColunas(p.destino, 'destino'),
      prioridade: p.prioridade ?? 0,
      observacao: texto(p.l.v.observacao),
    });
  }
  if (!erros.length) {
    const v = validarTabela(calculo, { componentes: codigos });
    if (!v.ok) {
      for (const e of v.erros) {
        const m = e.caminho.match(/^(rotas|generalidades|adicionais)\[(\d+)\](?:\.regras\[(\d+)\])?\.?(.*)$/);
        if (m?.[1] === 'adicionais') erro('Adicionais', adicionaisLidos[Number(m[2])]?.linha ?? 0, m[4] || 'componente', e.mensagem);
        else if (m?.[1] === 'generalidades')
          erro('Generalidades', generalidadesLidas[Number(m[2])]?.linha ?? 0, m[4] || 'componente', e.mensagem);
        else if (m?.[3] !== undefined)
          erro('Regras', rotasLidas[Number(m[2])]?.regras[Number(m[3])]?.linha ?? 0, m[4] || 'componente', e.mensagem);
        else if (m) erro('Rotas', rotasLidas[Number(m[2])]?.linha ?? 0, m[4] || 'destino', e.mensagem);
        else erro('Tabela', 0, e.caminho, e.mensagem);
      }
    }
  }
  const ordem = Object.keys(ABAS);
  erros.sort((a, b) => ordem.indexOf(a.aba) - ordem.indexOf(b.aba) || a.linha - b.linha);
  if (erros.length) {
    throw AppError.validation(
      erros.map((e) => ({
        ...e,
        aba: ROTULOS_ABAS[e.aba] ?? e.aba,
        campo: rotuloColuna(e.aba, e.campo),
        field: `${e.aba}!${e.linha}.${e.campo}`,
        message: e.mensagem,
      })),
      `Erro ao importar dados. O arquivo tem ${erros.length} erro(s); nada foi gravado.`,
    );
  }
  return dados;
}

/** A list cell ("a; b, c") → its items, trimmed, without empties. */
function partes(v: unknown): string[] {
  const t = v === null || v === undefined ? '' : String(v).trim();
  return t ? t.split(/[;,\n]/).map((x) => x.trim()).filter(Boolean) : [];
}
