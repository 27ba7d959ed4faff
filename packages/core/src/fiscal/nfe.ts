import { problemasDaChave } from './chave.ts';
import { cancelamentoDasRespostas, respostasDeEvento } from './eventos.ts';
import { documentoDe, numeroOuNull, somar } from './partes.ts';
import type { ItemNfe, NfeLida, ParteNfe } from './tipos.ts';
import { DocumentoFiscalInvalido, type No, atributo, caminho, decimal, filho, inteiro, lista, texto } from './xml.ts';

// NF-e (model 55) and NFC-e (65), layouts 4.00 and 3.10, bare <NFe> or inside <nfeProc> (with its
// protNFe and, in some archives, the cancellation's retEvento).

export const VERSOES_NFE = ['3.10', '4.00'];

function parte(n: No | null, ender: string, papel: string, avisos: string[]): ParteNfe | null {
  if (!n) return null;
  const e = filho(n, ender);
  const idEstrangeiro = texto(n, 'idEstrangeiro');
  const p: ParteNfe = {
    documento: documentoDe(n, papel, avisos),
    nome: texto(n, 'xNome'),
    uf: texto(e, 'UF'),
    municipioIbge: texto(e, 'cMun'),
    municipio: texto(e, 'xMun'),
  };
  if (idEstrangeiro !== null || 'idEstrangeiro' in n) {
    p.idEstrangeiro = idEstrangeiro;
    avisos.push(`${papel} estrangeiro (idEstrangeiro${idEstrangeiro ? ` ${idEstrangeiro}` : ' vazio'}), sem CNPJ/CPF`);
  } else if (!p.documento) avisos.push(`${papel} sem CNPJ/CPF`);
  return p;
}

function item(det: No, i: number): ItemNfe {
  const prod = filho(det, 'prod');
  return {
    numero: Number(atributo(det, 'nItem') ?? i + 1),
    codigo: texto(prod, 'cProd'),
    descricao: texto(prod, 'xProd'),
    ncm: texto(prod, 'NCM'),
    cfop: texto(prod, 'CFOP'),
    quantidade: decimal(prod, 'qCom'),
    unidade: texto(prod, 'uCom'),
    valorUnitario: decimal(prod, 'vUnCom'),
    valor: decimal(prod, 'vProd'),
  };
}

/** `raiz` is the root's local name, `no` its content (NFe or nfeProc). */
export function lerNfe(raiz: string, no: No): NfeLida {
  const nfe = raiz === 'nfeProc' ? filho(no, 'NFe') : no;
  const inf = filho(nfe, 'infNFe');
  if (!inf) throw new DocumentoFiscalInvalido('NF-e sem o grupo infNFe');
  const versao = atributo(inf, 'versao') ?? atributo(no, 'versao') ?? '';
  if (!VERSOES_NFE.includes(versao)) throw new DocumentoFiscalInvalido(`layout da NF-e não suportado: versão ${versao || 'não informada'}`);
  const avisos: string[] = [];
  const ide = filho(inf, 'ide');
  const id = atributo(inf, 'Id') ?? '';
  const chaveId = id.replace(/^NFe/, '');
  const prot = caminho(no, 'protNFe', 'infProt');
  const chave = chaveId || texto(prot, 'chNFe') || '';
  if (!chave) throw new DocumentoFiscalInvalido('NF-e sem chave de acesso (infNFe@Id)');
  if (!/^NFe/.test(id)) avisos.push('o atributo Id do infNFe não começa com "NFe"');
  const emitNo = filho(inf, 'emit');
  const emitente = parte(emitNo, 'enderEmit', 'emitente', avisos) as ParteNfe;
  if (!emitNo) avisos.push('NF-e sem emitente');
  const destinatario = parte(filho(inf, 'dest'), 'enderDest', 'destinatário', avisos);
  const numero = inteiro(ide, 'nNF');
  const serie = inteiro(ide, 'serie');
  const modelo = inteiro(ide, 'mod');
  const problemas = problemasDaChave(chave, { documentoEmitente: emitente?.documento ?? null, modelo, serie, numero });
  const chProt = texto(prot, 'chNFe');
  if (chProt && chProt !== chave) problemas.push('a chave do protocolo de autorização difere da chave da NF-e');
  avisos.push(...problemas);

  let emissao = texto(ide, 'dhEmi');
  if (!emissao) {
    emissao = texto(ide, 'dEmi');
    if (emissao) avisos.push('NF-e sem data/hora de emissão (dhEmi); usada a data dEmi');
  }
  const transp = filho(inf, 'transp');
  const transporta = filho(transp, 'transporta');
  const vols = lista(transp?.vol);
  const tot = caminho(inf, 'total', 'ICMSTot');
  const dets = lista(inf.det);
  const cStat = texto(prot, 'cStat');
  // 100 authorised, 150 authorised late; anything else is a reply that did not authorise the note.
  const autorizada = cStat === '100' || cStat === '150';
  if (prot && cStat !== '101' && !autorizada) avisos.push(`protocolo com situação ${cStat ?? 'não informada'} (${texto(prot, 'xMotivo') ?? ''}): NF-e não autorizada`);
  if (!prot) avisos.push('NF-e sem protocolo de autorização');
  // cStat 101 in the protocol: the old-style homologated cancellation (the reply replaced the authorisation).
  const cancelamento = cStat === '101' ? { protocolo: texto(prot, 'nProt'), data: texto(prot, 'dhRecbto') } : cancelamentoDasRespostas(respostasDeEvento(raiz === 'nfeProc' ? no : null), chave);
  const volumes = somar(vols, 'qVol', avisos, 'quantidade de volumes');
  if (transp && !vols.length && Number(texto(transp, 'modFrete')) !== 9) avisos.push('NF-e sem o grupo de volumes (vol)');
  return {
    tipo: 'nfe',
    versao,
    chave,
    numero,
    serie,
    modelo,
    emissao,
    tipoAmbiente: inteiro(ide, 'tpAmb'),
    tipoOperacao: inteiro(ide, 'tpNF'),
    naturezaOperacao: texto(ide, 'natOp'),
    emitente,
    destinatario,
    valorTotal: decimal(tot, 'vNF', avisos),
    valorProdutos: decimal(tot, 'vProd', avisos),
    valorFrete: decimal(tot, 'vFrete', avisos),
    pesoBruto: somar(vols, 'pesoB', avisos, 'peso bruto'),
    pesoLiquido: somar(vols, 'pesoL', avisos, 'peso líquido'),
    volumes,
    modalidadeFrete: numeroOuNull(texto(transp, 'modFrete')),
    transportador: transporta ? { documento: documentoDe(transporta, 'transportador', avisos), nome: texto(transporta, 'xNome') } : null,
    protocolo: autorizada ? texto(prot, 'nProt') : null,
    dataAutorizacao: autorizada ? texto(prot, 'dhRecbto') : null,
    quantidadeItens: dets.length,
    itens: dets.map(item),
    cancelada: cancelamento !== null,
    cancelamento,
    chaveValida: problemas.length === 0,
    avisos,
  };
}
