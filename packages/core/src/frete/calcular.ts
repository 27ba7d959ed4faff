import { type Dec, dec, paraNumero2, round2, ZERO } from './decimal.ts';
import { COMPONENTES_FORA_BASE_PADRAO, COMPONENTES_FRETE_PRINCIPAL_PADRAO } from './catalogo.ts';
import { aplicarAjustes } from './derivada.ts';
import { calcularTributo } from './icms.ts';
import { type LocalNormalizado, normalizarLocal, rotuloRota, somenteDigitos } from './locais.ts';
import { adicionarDiasUteis, dataCalendario } from './prazo.ts';
import { pesoTaxado, quantidadeBase, quantidadesDaCarga } from './quantidades.ts';
import { mercadoriasDaCarga, type RegraPreparada, regrasAplicaveis, valorDaRegra } from './regras.ts';
import { adicionaisDoLocal, prepararTabela, selecionarRota } from './tabela.ts';
import type { Carga, ComponenteCalculado, FreteCotado, FreteNaoCotado, Opcoes, PisoAntt, ResultadoFrete, TabelaCalculo } from './types.ts';

const fmt = (v: Dec | number) => Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 });
const dataBr = (iso: string) => iso.split('-').reverse().join('/');

const NOME_BASE: Record<string, string> = {
  PESO: 'kg taxados',
  VALOR: 'R$ de mercadoria',
  FRACAO_100KG: 'frações de 100 kg',
  VOLUMES: 'volumes',
  DOCUMENTOS: 'documentos',
  M3: 'm³',
  KM: 'km',
  VIAGEM: 'viagens',
  FRETE_PESO: 'R$ de frete peso',
  FRETE_PRINCIPAL: 'R$ de frete',
  SUBTOTAL: 'R$ de subtotal',
  EIXOS: 'eixos',
};

function naoCotado(motivo: string): FreteNaoCotado {
  return { cotado: false, motivo };
}

function descreverLocal(l: LocalNormalizado): string {
  const partes = [
    l.ibge && `IBGE ${l.ibge}`,
    l.cep !== null &&
      `CEP ${String(l.cep)
        .padStart(8, '0')
        .replace(/(\d{5})(\d{3})/, '$1-$2')}`,
  ];
  const extra = partes.filter(Boolean).join(', ');
  return extra ? `${l.uf} (${extra})` : l.uf;
}

const percentualValido = (a: unknown) => typeof a === 'number' && Number.isFinite(a) && a >= 0 && a < 100;

/** Input problems are answered as "not quoted" so a bad load never throws inside a batch of quotes. */
function validarEntrada(carga: Carga, opcoes: Opcoes): string | null {
  // Named as the calculator's form names them: the reason reaches the user as "não cotou".
  const numeros: [rotulo: string, v: number | undefined, obrigatorio: boolean][] = [
    ['Peso (kg)', carga.pesoKg, true],
    ['Valor da mercadoria', carga.valorMercadoria, true],
    ['Volume (m³)', carga.m3, false],
    ['Volumes', carga.volumes, false],
    ['Nº de NF-es', carga.documentos, false],
  ];
  for (const [rotulo, v, obrigatorio] of numeros) {
    if (v === undefined && !obrigatorio) continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `Carga inválida: ${rotulo} deve ser um número maior ou igual a zero.`;
  }
  if (typeof carga.data !== 'string' || !dataCalendario(carga.data))
    return `Carga inválida: data "${carga.data}" não é uma data ISO (AAAA-MM-DD).`;
  if (!carga.origem?.uf || !carga.destino?.uf) return 'Carga inválida: origem e destino precisam informar a UF.';
  const a = opcoes.aliquotaIcms;
  if (!percentualValido(a)) return `Alíquota de ICMS inválida: ${a} (informe um percentual de 0 a 100, exclusive).`;
  if (opcoes.aliquotaIss !== undefined && !percentualValido(opcoes.aliquotaIss))
    return `Alíquota de ISS inválida: ${opcoes.aliquotaIss} (informe um percentual de 0 a 100, exclusive).`;
  return null;
}

/** Whether the table is valid on the load's date (tables without validity always are). */
export function tabelaVigenteEm(tabela: Pick<TabelaCalculo, 'vigenciaInicio' | 'vigenciaFim'>, data: string): boolean {
  const d = dataCalendario(data);
  if (!d) return false;
  if (tabela.vigenciaInicio && d < tabela.vigenciaInicio.slice(0, 10)) return false;
  if (tabela.vigenciaFim && d > tabela.vigenciaFim.slice(0, 10)) return false;
  return true;
}

/** Cubage exemption of the load (register flags) or of the table for this load (density, recipient or products). */
function isentoCubagem(tabela: TabelaCalculo, carga: Carga): boolean {
  if (carga.isentoCubagem) return true;
  const i = tabela.isencaoCubagem;
  if (!i) return false;
  if (i.densidadeMinima !== undefined && carga.m3 && carga.m3 > 0 && dec(carga.pesoKg).div(carga.m3).gte(i.densidadeMinima))
    return true;
  if (i.destinatarios?.length && carga.destinatario) {
    const d = somenteDigitos(carga.destinatario);
    if (i.destinatarios.some((x) => somenteDigitos(x) === d)) return true;
  }
  if (i.produtos?.length && carga.produtos?.length) {
    const lista = new Set(i.produtos.map((p) => p.toUpperCase()));
    return carga.produtos.every((p) => lista.has(p.toUpperCase()));
  }
  return false;
}

/**
 * Quotes one load against one table. Pure: same inputs, same result. The table's route index is
 * built on first use and cached per table object (see prepararTabela).
 */
export function calcularFrete(tabela: TabelaCalculo, carga: Carga, opcoes: Opcoes): ResultadoFrete {
  const invalido = validarEntrada(carga, opcoes);
  if (invalido) return naoCotado(invalido);
  const dataCarga = dataCalendario(carga.data) as string;
  if (!tabelaVigenteEm(tabela, dataCarga))
    return naoCotado(`A tabela não está vigente em ${dataBr(dataCarga)}.`);

  const t = prepararTabela(tabela);
  const origem = normalizarLocal(carga.origem);
  const destino = normalizarLocal(carga.destino);
  const selecao = selecionarRota(t, origem, destino, carga.tipoVeiculoUid ?? null);
  const trecho = `origem ${descreverLocal(origem)} → destino ${descreverLocal(destino)}`;
  if (!selecao.ok) {
    if (!selecao.veiculos.length) return naoCotado(`Nenhuma rota da tabela atende ${trecho}.`);
    // Types by name (the uid when the caller gave no name).
    const nomeTipo = (uid: string) => opcoes.tiposVeiculo?.[uid]?.nome ?? uid;
    const veiculoCarga = carga.tipoVeiculoUid
      ? `a carga pede o tipo "${nomeTipo(carga.tipoVeiculoUid)}"`
      : 'a carga não informa o tipo de veículo';
    return naoCotado(
      `A tabela só atende ${trecho} com os tipos de veículo ${selecao.veiculos.map((v) => `"${nomeTipo(v)}"`).join(', ')}; ${veiculoCarga}.`,
    );
  }
  const rotaP = selecao.rota;
  const rota = rotaP.rota;

  // Capacity: the route's vehicle type, else the load's.
  const tipoVeiculo = rota.tipoVeiculoUid ?? carga.tipoVeiculoUid;
  const veiculo = tipoVeiculo ? opcoes.tiposVeiculo?.[tipoVeiculo] : undefined;
  if (veiculo?.capacidadeKg !== undefined && carga.pesoKg > veiculo.capacidadeKg)
    return naoCotado(
      `A carga excede a capacidade do veículo: ${fmt(carga.pesoKg)} kg para ${fmt(veiculo.capacidadeKg)} kg do tipo "${veiculo.nome ?? tipoVeiculo}".`,
    );
  if (veiculo?.capacidadeM3 !== undefined && carga.m3 !== undefined && carga.m3 > veiculo.capacidadeM3)
    return naoCotado(
      `A carga excede a capacidade do veículo: ${fmt(carga.m3)} m³ para ${fmt(veiculo.capacidadeM3)} m³ do tipo "${veiculo.nome ?? tipoVeiculo}".`,
    );

  const fator = rotaP.fatorCubagem ?? t.fatorCubagem;
  const isento = isentoCubagem(tabela, carga);
  const q = quantidadesDaCarga(carga, fator, isento, veiculo?.eixos ?? 0);
  const adicionais = adicionaisDoLocal(t, origem, destino);
  const destinatario = carga.destinatario ? somenteDigitos(carga.destinatario) : null;
  const regras = regrasAplicaveis(
    rotaP.regras(),
    t.generalidades,
    carga.remetente ? somenteDigitos(carga.remetente) : null,
    destinatario,
    adicionais,
    mercadoriasDaCarga(carga.produtos, carga.ncms),
  );
  const ajustados: string[] = [];
  const principais = new Set(opcoes.componentesFretePrincipal ?? COMPONENTES_FRETE_PRINCIPAL_PADRAO);
  const foraBase = new Set(opcoes.componentesForaBaseTributo ?? COMPONENTES_FORA_BASE_PADRAO);

  const componentes: ComponenteCalculado[] = [];
  let somaPeso = ZERO; // components on base PESO, the FRETE_PESO base
  let fretePrincipal = ZERO; // components flagged as main freight, the FRETE_PRINCIPAL base
  let subtotal = ZERO; // components before the minimum, the SUBTOTAL base
  let aposMinimo = ZERO;
  let foraDaBase = ZERO;
  for (const r of regras) {
    const quantidade = quantidadeBase(
      r.regra.calculo === 'COMPARATIVO' ? 'PESO' : r.base,
      q,
      rotaP.distanciaKm,
      somaPeso,
      subtotal,
      fretePrincipal,
    );
    if (quantidade === null)
      return naoCotado(
        `${r.componente}: a rota ${rotuloRota(rota)} não informa a distância (distanciaKm), necessária para a base KM.`,
      );
    if (r.base === 'EIXOS' && !veiculo?.eixos)
      return naoCotado(`${r.componente}: a base EIXOS exige um tipo de veículo com a quantidade de eixos.`);
    let v = valorDaRegraOuMotivo(r, quantidade, q.VALOR);
    if (typeof v === 'string') return naoCotado(v);
    // Derived table: the base's value with the adjustments of this component (TabelaCalculo.ajustes).
    const ajustado = aplicarAjustes(tabela.ajustes, r.componente, rota.uid, destinatario, v);
    if (ajustado) {
      v = ajustado;
      ajustados.push(r.componente);
    }
    componentes.push({
      componente: r.componente,
      base: r.base,
      quantidade: quantidade.toNumber(),
      valor: v.toNumber(),
    });
    if (r.base === 'PESO' && r.regra.calculo !== 'COMPARATIVO') somaPeso = somaPeso.plus(v);
    if (principais.has(r.componente) && r.grupo === 0) fretePrincipal = fretePrincipal.plus(v);
    if (r.foraBaseTributo || foraBase.has(r.componente)) {
      // Outside the tax base: not freight, so neither in the minimum nor taxed (added after the tax).
      foraDaBase = foraDaBase.plus(v);
      aposMinimo = aposMinimo.plus(v);
    } else if (r.aposMinimo) aposMinimo = aposMinimo.plus(v);
    else subtotal = subtotal.plus(v);
  }

  const minimo = rotaP.freteMinimo;
  const ajusteMinimo = minimo && subtotal.lt(minimo) ? minimo.minus(subtotal) : ZERO;
  let valorSemIcms = subtotal.plus(ajusteMinimo).plus(aposMinimo);
  const coef = opcoes.pisoAntt ?? (veiculo?.eixos ? opcoes.pisosAntt?.[veiculo.eixos] : undefined);
  const piso = pisoAntt(rotaP.distanciaKm, valorSemIcms.minus(foraDaBase), coef);
  if (piso?.ajuste) valorSemIcms = valorSemIcms.plus(piso.ajuste);

  const prazo = rota.prazoDiasUteis;
  if (!Number.isInteger(prazo) || prazo < 0)
    return naoCotado(`A rota ${rotuloRota(rota)} tem prazo inválido: ${prazo} dias úteis.`);

  const resultado: FreteCotado = {
    cotado: true,
    rotaUid: rota.uid,
    pesoTaxado: q.pesoTaxado.toNumber(),
    componentes,
    ajusteMinimo: paraNumero2(ajusteMinimo),
    valorSemIcms: paraNumero2(valorSemIcms),
    aliquotaIcms: opcoes.aliquotaIcms,
    icms: 0,
    total: 0,
    prazoDiasUteis: prazo,
    dataPrevistaEntrega: adicionarDiasUteis(carga.data, prazo, opcoes.feriados ?? []),
  };
  aplicarTributo(resultado, valorSemIcms, foraDaBase, origem, destino, tabela.icmsIncluso, opcoes);
  if (adicionais.length) {
    const aplicados = regras.filter((r) => adicionais.includes(r)).map((r) => r.componente);
    if (aplicados.length) resultado.adicionais = aplicados;
  }
  if (isento && pesoTaxado(carga.pesoKg, carga.m3, fator).gt(q.pesoTaxado)) resultado.isentoCubagem = true;
  if (tabela.derivadaDe) resultado.derivadaDe = tabela.derivadaDe;
  if (ajustados.length) resultado.ajustados = ajustados;
  if (piso) resultado.pisoAntt = piso;
  return resultado;
}

/**
 * ICMS for intermunicipal/interstate transport; ISS (LC 116/2003, item 16.02) when origin and
 * destination are the same municipality; none for a Simples Nacional carrier (no gross-up).
 */
function aplicarTributo(
  r: FreteCotado,
  valorSemIcms: Dec,
  foraDaBase: Dec,
  origem: LocalNormalizado,
  destino: LocalNormalizado,
  incluso: boolean,
  opcoes: Opcoes,
) {
  if (foraDaBase.gt(0)) r.valorForaBaseTributo = paraNumero2(foraDaBase);
  if (opcoes.simplesNacional) {
    r.aliquotaIcms = 0;
    r.total = paraNumero2(valorSemIcms);
    r.tributo = 'NENHUM';
    return;
  }
  const municipal = origem.ibge !== null && origem.ibge === destino.ibge;
  const aliquota = municipal ? (opcoes.aliquotaIss ?? 0) : opcoes.aliquotaIcms;
  const { imposto, total } = calcularTributo(valorSemIcms, foraDaBase, dec(aliquota), incluso);
  r.total = paraNumero2(total);
  if (municipal) {
    r.aliquotaIcms = 0;
    r.tributo = 'ISS';
    r.aliquotaIss = aliquota;
    r.iss = paraNumero2(imposto);
  } else r.icms = paraNumero2(imposto);
}

/**
 * ANTT floor for a full load: distance × CCD + CC, compared with the freight inside the tax base
 * (before the tax). Binding (TAC): the difference is returned as `ajuste`, added to the freight.
 */
function pisoAntt(distanciaKm: Dec | null, frete: Dec, p: PisoAntt | undefined): FreteCotado['pisoAntt'] | undefined {
  if (!p || distanciaKm === null) return undefined;
  const piso = round2(distanciaKm.times(p.ccd).plus(p.cc));
  const abaixo = round2(frete).lt(piso);
  return {
    valor: piso.toNumber(),
    abaixo,
    ...(p.obrigatorio ? { obrigatorio: true } : {}),
    ...(p.obrigatorio && abaixo ? { ajuste: paraNumero2(piso.minus(round2(frete))) } : {}),
    ...(p.fonte ? { fonte: p.fonte } : {}),
  };
}

function valorDaRegraOuMotivo(r: RegraPreparada, quantidade: Dec, valorMercadoria: Dec): Dec | string {
  const res = valorDaRegra(r, quantidade, valorMercadoria);
  if (res.ok) return res.valor;
  return (
    `${r.componente}: a quantidade ${fmt(quantidade)} ${NOME_BASE[r.base] ?? r.base} ultrapassa a última faixa ` +
    `(até ${fmt(res.ultimaAte)}); a tabela não cota esta carga.`
  );
}
