import Decimal from 'decimal.js';
import { problemasDaChave } from './chave.ts';
import { cancelamentoDasRespostas, respostasDeEvento } from './eventos.ts';
import { documentoDe } from './partes.ts';
import type { Componente, CteLida, Icms, Pessoa } from './tipos.ts';
import { DocumentoFiscalInvalido, type No, atributo, caminho, decimal, filho, inteiro, lista, texto } from './xml.ts';

// CT-e (model 57) and CT-e OS (67), layouts 3.00 and 4.00, bare or inside cteProc/cteOSProc (with
// protCTe and, in some archives, a cancellation: procEventoCTe / retEventoCTe / procCancCTe).
// Older layouts (1.04, 2.00) are refused by name.

export const VERSOES_CTE = ['3.00', '4.00'];
const PAPEIS_TOMADOR = ['rem', 'exped', 'receb', 'dest'] as const;

function pessoa(n: No | null, papel: string, avisos: string[]): Pessoa | null {
  if (!n) return null;
  return { documento: documentoDe(n, papel, avisos), nome: texto(n, 'xNome') };
}

function icms(imp: No | null): Icms | null {
  const grupo = filho(imp, 'ICMS');
  if (!grupo) return null;
  const [nome] = Object.keys(grupo).filter((k) => !k.startsWith('@') && k !== '#text');
  const g = filho(grupo, nome);
  if (!nome || !g) return null;
  if (nome === 'ICMSSN') return { cst: 'SN', base: null, aliquota: null, valor: null };
  if (nome === 'ICMS60') return { cst: texto(g, 'CST'), base: decimal(g, 'vBCSTRet'), aliquota: decimal(g, 'pICMSSTRet'), valor: decimal(g, 'vICMSSTRet') };
  if (nome === 'ICMSOutraUF')
    return { cst: texto(g, 'CST'), base: decimal(g, 'vBCOutraUF'), aliquota: decimal(g, 'pICMSOutraUF'), valor: decimal(g, 'vICMSOutraUF') };
  return { cst: texto(g, 'CST'), base: decimal(g, 'vBC'), aliquota: decimal(g, 'pICMS'), valor: decimal(g, 'vICMS') };
}

type Medida = { unid: string | null; tipo: string; qtd: string | null };

const medidasDe = (infQ: No[], avisos: string[]): Medida[] =>
  infQ.map((q) => ({ unid: texto(q, 'cUnid'), tipo: (texto(q, 'tpMed') ?? '').toUpperCase(), qtd: decimal(q, 'qCarga', avisos, 'quantidade da carga') }));

/** Measures that are not the real weight: the cubed weight and the weight the carrier charged on. */
const CUBADO = /CUBAD/;
const BASE_CALCULO = /BASE\s*(DE\s*)?C[AÁ]LC|TAXAD/;

/**
 * The KG quantity of the cargo, preferring the one measured as PESO BRUTO, then PESO AFERIDO/REAL, then
 * any kg measure other than the cubed/base weight; TON converted to KG.
 */
function pesoCarga(medidas: Medida[], avisos: string[]): string | null {
  const kg = medidas.filter((m) => m.unid === '01' && m.qtd !== null);
  const bruto =
    kg.find((m) => /PESO\s*BRUTO/.test(m.tipo)) ??
    kg.find((m) => /BRUTO/.test(m.tipo)) ??
    kg.find((m) => /AFERIDO|REAL/.test(m.tipo)) ??
    kg.find((m) => !CUBADO.test(m.tipo) && !BASE_CALCULO.test(m.tipo)) ??
    kg[0];
  if (bruto) return bruto.qtd;
  const rotulado = medidas.find((m) => /PESO\s*BRUTO/.test(m.tipo) && m.qtd !== null);
  if (rotulado) {
    avisos.push(`quantidade "PESO BRUTO" informada com a unidade ${rotulado.unid ?? 'vazia'} em vez de 01 (kg); considerada em kg`);
    return rotulado.qtd;
  }
  const ton = medidas.find((m) => m.unid === '02' && m.qtd !== null);
  if (ton) {
    avisos.push('peso da carga informado em toneladas; convertido para kg');
    return new Decimal(ton.qtd as string).times(1000).toFixed();
  }
  return null;
}

/**
 * A weight the CT-e names by its tpMed (PESO CUBADO; PESO BASE DE CALCULO / PESO TAXADO), in kg: unit 01 as
 * is, 02 (TON) × 1000, another unit taken as kg with a warning. Zero (the way many issuers leave it blank) is
 * no weight: null.
 */
function pesoRotulado(medidas: Medida[], padrao: RegExp, nome: string, avisos: string[]): string | null {
  const m = medidas.find((x) => padrao.test(x.tipo) && x.qtd !== null && new Decimal(x.qtd).gt(0));
  if (!m) return null;
  if (m.unid === '02') return new Decimal(m.qtd as string).times(1000).toFixed();
  if (m.unid !== '01') avisos.push(`quantidade "${nome}" informada com a unidade ${m.unid ?? 'vazia'} em vez de 01 (kg); considerada em kg`);
  return m.qtd;
}

function tomador(ide: No | null, inf: No, partes: Record<string, Pessoa | null>, avisos: string[]): (Pessoa & { tipo: number | null }) | null {
  const tomaOs = filho(inf, 'toma');
  if (tomaOs) return { ...(pessoa(tomaOs, 'tomador', avisos) as Pessoa), tipo: 4 };
  const t3 = filho(ide, 'toma3') ?? filho(ide, 'toma03');
  const t4 = filho(ide, 'toma4');
  if (t4) return { ...(pessoa(t4, 'tomador', avisos) as Pessoa), tipo: 4 };
  const tipo = inteiro(t3, 'toma');
  if (tipo === null || tipo > 3) {
    avisos.push('CT-e sem indicação do tomador do serviço');
    return null;
  }
  const p = partes[PAPEIS_TOMADOR[tipo]];
  if (!p) {
    avisos.push(`tomador indicado (${PAPEIS_TOMADOR[tipo]}) não consta no CT-e`);
    return { documento: null, nome: null, tipo };
  }
  return { ...p, tipo };
}

export function lerCte(raiz: string, no: No): CteLida {
  const proc = raiz === 'cteProc' || raiz === 'cteOSProc';
  const cte = proc ? (filho(no, 'CTe') ?? filho(no, 'CTeOS')) : no;
  const inf = filho(cte, 'infCte');
  const versao = atributo(inf, 'versao') ?? atributo(no, 'versao') ?? '';
  if (!VERSOES_CTE.includes(versao)) throw new DocumentoFiscalInvalido(`layout do CT-e não suportado: versão ${versao || 'não informada'}`);
  if (!inf) throw new DocumentoFiscalInvalido('CT-e sem o grupo infCte');
  const avisos: string[] = [];
  const ide = filho(inf, 'ide');
  const id = atributo(inf, 'Id') ?? '';
  const prot = caminho(no, 'protCTe', 'infProt');
  const chave = id.replace(/^CTe/, '') || texto(prot, 'chCTe') || '';
  if (!chave) throw new DocumentoFiscalInvalido('CT-e sem chave de acesso (infCte@Id)');
  const emitNo = filho(inf, 'emit');
  const emitente = { ...(pessoa(emitNo, 'emitente', avisos) ?? { documento: null, nome: null }), uf: texto(filho(emitNo, 'enderEmit'), 'UF') };
  const numero = inteiro(ide, 'nCT');
  const serie = inteiro(ide, 'serie');
  const modelo = inteiro(ide, 'mod');
  const problemas = problemasDaChave(chave, { documentoEmitente: emitente.documento, modelo, serie, numero });
  const chProt = texto(prot, 'chCTe');
  if (chProt && chProt !== chave) problemas.push('a chave do protocolo de autorização difere da chave do CT-e');
  avisos.push(...problemas);
  const partes = {
    rem: pessoa(filho(inf, 'rem'), 'remetente', avisos),
    exped: pessoa(filho(inf, 'exped'), 'expedidor', avisos),
    receb: pessoa(filho(inf, 'receb'), 'recebedor', avisos),
    dest: pessoa(filho(inf, 'dest'), 'destinatário', avisos),
  };
  const vPrest = filho(inf, 'vPrest');
  const componentes: Componente[] = [];
  for (const c of lista(vPrest?.Comp)) {
    const valor = decimal(c, 'vComp', avisos, 'valor do componente');
    componentes.push({ nome: texto(c, 'xNome') ?? '', valor: valor ?? '0' });
  }
  const norm = filho(inf, 'infCTeNorm');
  const carga = filho(norm, 'infCarga');
  const medidas = medidasDe(lista(carga?.infQ), avisos);
  const nfes = lista(caminho(norm, 'infDoc')?.infNFe).map((n) => texto(n, 'chave')).filter((c): c is string => !!c);
  const tipoCte = inteiro(ide, 'tpCTe');
  const ref = filho(inf, 'infCteComp') ?? filho(norm, 'infCteSub') ?? filho(inf, 'infCteAnu');
  const chaveOriginal = texto(ref, 'chCTe') ?? texto(ref, 'chCte') ?? texto(ref, 'chave');
  if ((tipoCte === 1 || tipoCte === 3) && !chaveOriginal) avisos.push('CT-e complementar/substituto sem a chave do CT-e original');
  const cStat = texto(prot, 'cStat');
  const autorizado = cStat === '100' || cStat === '150';
  if (prot && cStat !== '101' && !autorizado) avisos.push(`protocolo com situação ${cStat ?? 'não informada'}: CT-e não autorizado`);
  if (!prot) avisos.push('CT-e sem protocolo de autorização');
  // cStat 101 in the protocol: the old-style homologated cancellation (the reply replaced the authorisation).
  const cancelamento = cStat === '101' ? { protocolo: texto(prot, 'nProt'), data: texto(prot, 'dhRecbto') } : cancelamentoDasRespostas(respostasDeEvento(proc ? no : null), chave);
  return {
    tipo: 'cte',
    versao,
    chave,
    numero,
    serie,
    modelo,
    emissao: texto(ide, 'dhEmi'),
    tipoAmbiente: inteiro(ide, 'tpAmb'),
    cfop: texto(ide, 'CFOP'),
    naturezaOperacao: texto(ide, 'natOp'),
    tipoCte,
    tipoServico: inteiro(ide, 'tpServ'),
    modal: texto(ide, 'modal'),
    emitente,
    remetente: partes.rem,
    expedidor: partes.exped,
    recebedor: partes.receb,
    destinatario: partes.dest,
    tomador: tomador(ide, inf, partes, avisos),
    origem: { municipioIbge: texto(ide, 'cMunIni'), municipio: texto(ide, 'xMunIni'), uf: texto(ide, 'UFIni') },
    destino: { municipioIbge: texto(ide, 'cMunFim'), municipio: texto(ide, 'xMunFim'), uf: texto(ide, 'UFFim') },
    valorPrestacao: decimal(vPrest, 'vTPrest', avisos),
    valorReceber: decimal(vPrest, 'vRec', avisos),
    valorCarga: decimal(carga, 'vCarga', avisos),
    componentes,
    icms: icms(filho(inf, 'imp')),
    nfes,
    pesoCarga: pesoCarga(medidas, avisos),
    pesoCubado: pesoRotulado(medidas, CUBADO, 'PESO CUBADO', avisos),
    pesoBaseCalculo: pesoRotulado(medidas, BASE_CALCULO, 'PESO BASE DE CALCULO', avisos),
    quantidades: medidas.filter((m) => m.qtd !== null).map((m) => ({ unidade: m.unid, tipo: m.tipo, quantidade: m.qtd as string })),
    chaveOriginal,
    protocolo: autorizado ? texto(prot, 'nProt') : null,
    dataAutorizacao: autorizado ? texto(prot, 'dhRecbto') : null,
    cancelado: cancelamento !== null,
    cancelamento,
    chaveValida: problemas.length === 0,
    avisos,
  };
}
