import { type Dec, dec, paraNumero2, ZERO } from './decimal.ts';
import { calcularIcms } from './icms.ts';
import { type LocalNormalizado, normalizarLocal, somenteDigitos } from './locais.ts';
import { adicionarDiasUteis, dataCalendario } from './prazo.ts';
import { quantidadeBase, quantidadesDaCarga } from './quantidades.ts';
import { type RegraPreparada, regrasAplicaveis, valorDaRegra } from './regras.ts';
import { prepararTabela, selecionarRota } from './tabela.ts';
import type { Carga, ComponenteCalculado, FreteNaoCotado, Opcoes, ResultadoFrete, TabelaCalculo } from './types.ts';

const fmt = (v: Dec | number) => Number(v).toLocaleString('pt-BR', { maximumFractionDigits: 4 });

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
  SUBTOTAL: 'R$ de subtotal',
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

/** Input problems are answered as "not quoted" so a bad load never throws inside a batch of quotes. */
function validarEntrada(carga: Carga, opcoes: Opcoes): string | null {
  const numeros: [string, number | undefined][] = [
    ['pesoKg', carga.pesoKg],
    ['valorMercadoria', carga.valorMercadoria],
    ['m3', carga.m3],
    ['volumes', carga.volumes],
    ['documentos', carga.documentos],
  ];
  for (const [campo, v] of numeros) {
    if (v === undefined && campo !== 'pesoKg' && campo !== 'valorMercadoria') continue;
    if (typeof v !== 'number' || !Number.isFinite(v) || v < 0)
      return `Carga inválida: ${campo} deve ser um número maior ou igual a zero.`;
  }
  if (typeof carga.data !== 'string' || !dataCalendario(carga.data))
    return `Carga inválida: data "${carga.data}" não é uma data ISO (AAAA-MM-DD).`;
  if (!carga.origem?.uf || !carga.destino?.uf) return 'Carga inválida: origem e destino precisam informar a UF.';
  const a = opcoes.aliquotaIcms;
  if (typeof a !== 'number' || !Number.isFinite(a) || a < 0 || a >= 100)
    return `Alíquota de ICMS inválida: ${a} (informe um percentual de 0 a 100, exclusive).`;
  return null;
}

/**
 * Quotes one load against one table. Pure: same inputs, same result. The table's route index is
 * built on first use and cached per table object (see prepararTabela).
 */
export function calcularFrete(tabela: TabelaCalculo, carga: Carga, opcoes: Opcoes): ResultadoFrete {
  const invalido = validarEntrada(carga, opcoes);
  if (invalido) return naoCotado(invalido);

  const t = prepararTabela(tabela);
  const origem = normalizarLocal(carga.origem);
  const destino = normalizarLocal(carga.destino);
  const selecao = selecionarRota(t, origem, destino, carga.tipoVeiculoUid ?? null);
  const trecho = `origem ${descreverLocal(origem)} → destino ${descreverLocal(destino)}`;
  if (!selecao.ok) {
    if (!selecao.veiculos.length) return naoCotado(`Nenhuma rota da tabela atende ${trecho}.`);
    const veiculoCarga = carga.tipoVeiculoUid
      ? `a carga pede o tipo "${carga.tipoVeiculoUid}"`
      : 'a carga não informa o tipo de veículo';
    return naoCotado(
      `A tabela só atende ${trecho} com os tipos de veículo ${selecao.veiculos.map((v) => `"${v}"`).join(', ')}; ${veiculoCarga}.`,
    );
  }
  const rotaP = selecao.rota;
  const rota = rotaP.rota;

  const q = quantidadesDaCarga(carga, t.fatorCubagem);
  const regras = regrasAplicaveis(
    rotaP.regras(),
    t.generalidades,
    carga.remetente ? somenteDigitos(carga.remetente) : null,
    carga.destinatario ? somenteDigitos(carga.destinatario) : null,
  );

  const componentes: ComponenteCalculado[] = [];
  let somaPeso = ZERO; // components on base PESO, the FRETE_PESO base
  let subtotal = ZERO; // components before the minimum, the SUBTOTAL base
  let aposMinimo = ZERO;
  for (const r of regras) {
    const quantidade = quantidadeBase(r.base, q, rotaP.distanciaKm, somaPeso, subtotal);
    if (quantidade === null)
      return naoCotado(
        `${r.componente}: a rota ${rota.uid} não informa a distância (distanciaKm), necessária para a base KM.`,
      );
    const v = valorDaRegraOuMotivo(r, quantidade);
    if (typeof v === 'string') return naoCotado(v);
    componentes.push({
      componente: r.componente,
      base: r.base,
      quantidade: quantidade.toNumber(),
      valor: v.toNumber(),
    });
    if (r.base === 'PESO') somaPeso = somaPeso.plus(v);
    if (r.aposMinimo) aposMinimo = aposMinimo.plus(v);
    else subtotal = subtotal.plus(v);
  }

  const minimo = rotaP.freteMinimo;
  const ajusteMinimo = minimo && subtotal.lt(minimo) ? minimo.minus(subtotal) : ZERO;
  const valorSemIcms = subtotal.plus(ajusteMinimo).plus(aposMinimo);
  const aliquota = dec(opcoes.aliquotaIcms);
  const { icms, total } = calcularIcms(valorSemIcms, aliquota, tabela.icmsIncluso);

  const prazo = rota.prazoDiasUteis;
  if (!Number.isInteger(prazo) || prazo < 0)
    return naoCotado(`A rota ${rota.uid} tem prazo inválido: ${prazo} dias úteis.`);

  return {
    cotado: true,
    rotaUid: rota.uid,
    pesoTaxado: q.pesoTaxado.toNumber(),
    componentes,
    ajusteMinimo: paraNumero2(ajusteMinimo),
    valorSemIcms: paraNumero2(valorSemIcms),
    aliquotaIcms: opcoes.aliquotaIcms,
    icms: paraNumero2(icms),
    total: paraNumero2(total),
    prazoDiasUteis: prazo,
    dataPrevistaEntrega: adicionarDiasUteis(carga.data, prazo, opcoes.feriados ?? []),
  };
}

function valorDaRegraOuMotivo(r: RegraPreparada, quantidade: Dec): Dec | string {
  const res = valorDaRegra(r, quantidade);
  if (res.ok) return res.valor;
  return (
    `${r.componente}: a quantidade ${fmt(quantidade)} ${NOME_BASE[r.base] ?? r.base} ultrapassa a última faixa ` +
    `(até ${fmt(res.ultimaAte)}); a tabela não cota esta carga.`
  );
}
