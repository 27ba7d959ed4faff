import { gunzipSync } from 'node:zlib';
import { XMLParser } from 'fast-xml-parser';

// The distribution web services of the national environment (NT 2014.002 for NF-e; CT-e the same
// shape): a SOAP 1.2 request asking for the documents of an interested CNPJ after an NSU, and its
// answer with up to 50 documents, each gzip + base64 (`docZip`).

export type Servico = 'nfe' | 'cte';
export type Ambiente = 'producao' | 'homologacao';

export const SERVICOS = {
  nfe: {
    nome: 'NFeDistribuicaoDFe',
    wsdl: 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe',
    ns: 'http://www.portalfiscal.inf.br/nfe',
    versao: '1.01',
    metodo: 'nfeDistDFeInteresse',
    dados: 'nfeDadosMsg',
    urls: {
      producao: 'https://www1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx',
      homologacao: 'https://hom1.nfe.fazenda.gov.br/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx',
    },
  },
  cte: {
    nome: 'CTeDistribuicaoDFe',
    wsdl: 'http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe',
    ns: 'http://www.portalfiscal.inf.br/cte',
    versao: '1.00',
    metodo: 'cteDistDFeInteresse',
    dados: 'cteDadosMsg',
    urls: {
      producao: 'https://www1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx',
      homologacao: 'https://hom1.cte.fazenda.gov.br/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx',
    },
  },
} as const;

/** cStat of the distribution services this client acts on. */
export const CSTAT = { NENHUM_DOCUMENTO: '137', DOCUMENTOS_LOCALIZADOS: '138', CONSUMO_INDEVIDO: '656' } as const;

export const nsu15 = (n: string | number) => String(n).replace(/\D/g, '').padStart(15, '0').slice(-15);

export function montarPedido(servico: Servico, p: { ambiente: Ambiente; cUFAutor: string; cnpj: string; ultNSU: string }) {
  const s = SERVICOS[servico];
  const tpAmb = p.ambiente === 'producao' ? '1' : '2';
  return (
    '<?xml version="1.0" encoding="utf-8"?>' +
    '<soap12:Envelope xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance" xmlns:xsd="http://www.w3.org/2001/XMLSchema" xmlns:soap12="http://www.w3.org/2003/05/soap-envelope">' +
    `<soap12:Body><${s.metodo} xmlns="${s.wsdl}"><${s.dados}>` +
    `<distDFeInt xmlns="${s.ns}" versao="${s.versao}"><tpAmb>${tpAmb}</tpAmb><cUFAutor>${p.cUFAutor}</cUFAutor>` +
    `<CNPJ>${p.cnpj}</CNPJ><distNSU><ultNSU>${nsu15(p.ultNSU)}</ultNSU></distNSU></distDFeInt>` +
    `</${s.dados}></${s.metodo}></soap12:Body></soap12:Envelope>`
  );
}

export type DocumentoDistribuido = { nsu: string; schema: string; xml: string };
export type RespostaDistribuicao = { cStat: string; xMotivo: string; ultNSU: string; maxNSU: string; documentos: DocumentoDistribuido[] };

/** An unpacked document larger than this is refused (a real one is a few hundred KB at most). */
const DOC_MAX_BYTES = 5 * 1024 * 1024;

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  processEntities: false,
  parseTagValue: false,
  isArray: (nome) => nome === 'docZip',
});

/** Reads the SOAP answer; throws Error('…') with a pt-BR reason when it is not a distribution answer. */
export function lerResposta(xml: string): RespostaDistribuicao {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) throw new Error('Resposta do web service com DOCTYPE recusada.');
  const doc = parser.parse(xml);
  const ret = acharRet(doc);
  if (!ret) throw new Error('Resposta do web service sem retDistDFeInt.');
  const docs = (ret.loteDistDFeInt?.docZip ?? []) as { '#text': string; '@NSU': string; '@schema': string }[];
  return {
    cStat: String(ret.cStat ?? ''),
    xMotivo: String(ret.xMotivo ?? ''),
    ultNSU: nsu15(ret.ultNSU ?? '0'),
    maxNSU: nsu15(ret.maxNSU ?? '0'),
    documentos: docs.map((d) => ({
      nsu: nsu15(d['@NSU']),
      schema: String(d['@schema'] ?? ''),
      xml: gunzipSync(Buffer.from(String(d['#text'] ?? '').trim(), 'base64'), { maxOutputLength: DOC_MAX_BYTES }).toString('utf8'),
    })),
  };
}

// biome-ignore lint/suspicious/noExplicitAny: walking a parsed SOAP tree
function acharRet(no: any): any {
  if (!no || typeof no !== 'object') return undefined;
  if (no.retDistDFeInt) return no.retDistDFeInt;
  for (const v of Object.values(no)) {
    const r = acharRet(v);
    if (r) return r;
  }
  return undefined;
}

/** What kind of document a docZip holds, from its schema name (procNFe_v4.00.xsd, resNFe_v1.01.xsd…). */
export function tipoDoDocumento(schema: string): 'completo' | 'resumo' | 'evento' | 'resumoEvento' | 'outro' {
  if (/^proc(NFe|CTe|CTeOS)_/i.test(schema)) return 'completo';
  if (/^res(NFe|CTe)_/i.test(schema)) return 'resumo';
  if (/^procEvento/i.test(schema)) return 'evento';
  if (/^resEvento/i.test(schema)) return 'resumoEvento';
  return 'outro';
}
