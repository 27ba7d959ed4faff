import { dvChave } from './chave.ts';

// Our own small NF-e/CT-e documents for tests and demo data (valid keys, unsigned). Real samples live
// in ../shared/data and are read from there.

export function montarChave(p: { uf?: string; anoMes?: string; documento: string; modelo: number; serie: number; numero: number; codigo?: string }) {
  const base = `${p.uf ?? '35'}${p.anoMes ?? '2501'}${p.documento.padStart(14, '0')}${String(p.modelo).padStart(2, '0')}${String(p.serie).padStart(3, '0')}${String(p.numero).padStart(9, '0')}1${(p.codigo ?? '12345678').padStart(8, '0')}`;
  return base + dvChave(base);
}

export type OpcoesNfe = {
  emitente?: string;
  destinatario?: string;
  transportador?: string | null;
  numero?: number;
  serie?: number;
  modelo?: number;
  emissao?: string;
  ufDestino?: string;
  municipioDestino?: string;
  prefixo?: string;
  semProc?: boolean;
  volumes?: { qVol?: string; pesoB?: string; pesoL?: string }[];
  destinatarioXml?: string;
};

export function nfeXml(o: OpcoesNfe = {}) {
  const emit = o.emitente ?? '11222333000181';
  const numero = o.numero ?? 1;
  const serie = o.serie ?? 1;
  const modelo = o.modelo ?? 55;
  const chave = montarChave({ documento: emit, modelo, serie, numero });
  const x = o.prefixo ? `${o.prefixo}:` : '';
  const ns = o.prefixo ? `xmlns:${o.prefixo}` : 'xmlns';
  const vols = (o.volumes ?? [{ qVol: '2', pesoB: '10.500', pesoL: '10.000' }])
    .map((v) => `<${x}vol>${v.qVol ? `<${x}qVol>${v.qVol}</${x}qVol>` : ''}${v.pesoL ? `<${x}pesoL>${v.pesoL}</${x}pesoL>` : ''}${v.pesoB ? `<${x}pesoB>${v.pesoB}</${x}pesoB>` : ''}</${x}vol>`)
    .join('');
  const transporta = o.transportador === null ? '' : `<${x}transporta><${x}CNPJ>${o.transportador ?? '33444555000172'}</${x}CNPJ><${x}xNome>TRANSPORTES TESTE LTDA</${x}xNome></${x}transporta>`;
  const dest =
    o.destinatarioXml ??
    `<${x}dest><${x}CNPJ>${o.destinatario ?? '44555666000100'}</${x}CNPJ><${x}xNome>CLIENTE TESTE &amp; CIA</${x}xNome><${x}enderDest><${x}cMun>${o.municipioDestino ?? '3304557'}</${x}cMun><${x}xMun>Rio de Janeiro</${x}xMun><${x}UF>${o.ufDestino ?? 'RJ'}</${x}UF></${x}enderDest></${x}dest>`;
  const nfe = `<${x}NFe ${ns}="http://www.portalfiscal.inf.br/nfe"><${x}infNFe Id="NFe${chave}" versao="4.00"><${x}ide><${x}cUF>35</${x}cUF><${x}natOp>VENDA</${x}natOp><${x}mod>${modelo}</${x}mod><${x}serie>${serie}</${x}serie><${x}nNF>${numero}</${x}nNF><${x}dhEmi>${o.emissao ?? '2025-01-10T10:00:00-03:00'}</${x}dhEmi><${x}tpNF>1</${x}tpNF><${x}tpAmb>2</${x}tpAmb></${x}ide><${x}emit><${x}CNPJ>${emit}</${x}CNPJ><${x}xNome>EMITENTE TESTE LTDA</${x}xNome><${x}enderEmit><${x}cMun>3550308</${x}cMun><${x}xMun>Sao Paulo</${x}xMun><${x}UF>SP</${x}UF></${x}enderEmit></${x}emit>${dest}<${x}det nItem="1"><${x}prod><${x}cProd>P1</${x}cProd><${x}xProd>PRODUTO TESTE</${x}xProd><${x}NCM>94033000</${x}NCM><${x}CFOP>6101</${x}CFOP><${x}uCom>UN</${x}uCom><${x}qCom>2.0000</${x}qCom><${x}vUnCom>50.00</${x}vUnCom><${x}vProd>100.00</${x}vProd></${x}prod></${x}det><${x}total><${x}ICMSTot><${x}vProd>100.00</${x}vProd><${x}vFrete>0.00</${x}vFrete><${x}vNF>100.00</${x}vNF></${x}ICMSTot></${x}total><${x}transp><${x}modFrete>0</${x}modFrete>${transporta}${vols}</${x}transp></${x}infNFe></${x}NFe>`;
  if (o.semProc) return { chave, xml: `<?xml version="1.0" encoding="UTF-8"?>${nfe}` };
  const prot = `<${x}protNFe versao="4.00"><${x}infProt><${x}tpAmb>2</${x}tpAmb><${x}chNFe>${chave}</${x}chNFe><${x}dhRecbto>2025-01-10T10:01:00-03:00</${x}dhRecbto><${x}nProt>135250000000${String(numero).padStart(3, '0')}</${x}nProt><${x}cStat>100</${x}cStat><${x}xMotivo>Autorizado o uso da NF-e</${x}xMotivo></${x}infProt></${x}protNFe>`;
  return { chave, xml: `<?xml version="1.0" encoding="UTF-8"?><${x}nfeProc ${ns}="http://www.portalfiscal.inf.br/nfe" versao="4.00">${nfe}${prot}</${x}nfeProc>` };
}

export function eventoCancelamentoXml(chave: string, documento: 'nfe' | 'cte' = 'nfe', registrado = true) {
  if (documento === 'nfe')
    return `<procEventoNFe xmlns="http://www.portalfiscal.inf.br/nfe" versao="1.00"><evento versao="1.00"><infEvento Id="ID110111${chave}01"><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><detEvento versao="1.00"><descEvento>Cancelamento</descEvento></detEvento></infEvento></evento>${registrado ? `<retEvento versao="1.00"><infEvento><cStat>135</cStat><chNFe>${chave}</chNFe><tpEvento>110111</tpEvento><dhRegEvento>2025-01-11T09:00:00-03:00</dhRegEvento><nProt>135250000099999</nProt></infEvento></retEvento>` : ''}</procEventoNFe>`;
  return `<procEventoCTe xmlns="http://www.portalfiscal.inf.br/cte" versao="4.00"><eventoCTe versao="4.00"><infEvento Id="ID110111${chave}001"><chCTe>${chave}</chCTe><tpEvento>110111</tpEvento><detEvento versaoEvento="4.00"><evCancCTe><descEvento>Cancelamento</descEvento></evCancCTe></detEvento></infEvento></eventoCTe>${registrado ? `<retEventoCTe versao="4.00"><infEvento><cStat>135</cStat><chCTe>${chave}</chCTe><tpEvento>110111</tpEvento><dhRegEvento>2025-01-12T09:00:00-03:00</dhRegEvento><nProt>135250000088888</nProt></infEvento></retEventoCTe>` : ''}</procEventoCTe>`;
}

export type OpcoesCte = {
  emitente?: string; numero?: number; serie?: number; nfes?: string[]; versao?: string; tomador?: number; tipoCte?: number; chaveOriginal?: string; remetente?: string; destinatario?: string;
  /** The infQ quantities as [cUnid, tpMed, qCarga]; default PESO BRUTO 120,5 kg and PESO CUBADO 150 kg. */
  infQ?: [string, string, string][];
  /** dhEmi; default 2025-01-11T08:00:00-03:00. */
  emissao?: string;
  /** The printed components (vTPrest = their sum, ICMS 12 % of it); default FRETE PESO 120,00 + PEDAGIO 30,00. */
  componentes?: { nome: string; valor: string }[];
};

export function cteXml(o: OpcoesCte = {}) {
  const emit = o.emitente ?? '33444555000172';
  const numero = o.numero ?? 1;
  const serie = o.serie ?? 1;
  const chave = montarChave({ documento: emit, modelo: 57, serie, numero });
  const versao = o.versao ?? '4.00';
  const docs = (o.nfes ?? []).map((c) => `<infNFe><chave>${c}</chave></infNFe>`).join('');
  const comp = o.tipoCte === 1 ? `<infCteComp><chCTe>${o.chaveOriginal}</chCTe></infCteComp>` : '';
  const infQ = (o.infQ ?? [['01', 'PESO BRUTO', '120.5000'], ['01', 'PESO CUBADO', '150.0000']])
    .map(([u, t, q]) => `<infQ><cUnid>${u}</cUnid><tpMed>${t}</tpMed><qCarga>${q}</qCarga></infQ>`).join('');
  const norm = o.tipoCte === 1 ? '' : `<infCTeNorm><infCarga><vCarga>1000.00</vCarga><proPred>DIVERSOS</proPred>${infQ}</infCarga><infDoc>${docs}</infDoc></infCTeNorm>`;
  const comps = o.componentes ?? [{ nome: 'FRETE PESO', valor: '120.00' }, { nome: 'PEDAGIO', valor: '30.00' }];
  const total = (comps.reduce((a, c) => a + Math.round(Number(c.valor) * 100), 0) / 100).toFixed(2);
  const icms = (Math.round(Number(total) * 12) / 100).toFixed(2);
  const vPrest = `<vPrest><vTPrest>${total}</vTPrest><vRec>${total}</vRec>${comps.map((c) => `<Comp><xNome>${c.nome}</xNome><vComp>${c.valor}</vComp></Comp>`).join('')}</vPrest><imp><ICMS><ICMS00><CST>00</CST><vBC>${total}</vBC><pICMS>12.00</pICMS><vICMS>${icms}</vICMS></ICMS00></ICMS></imp>`;
  const xml = `<?xml version="1.0" encoding="UTF-8"?><cteProc xmlns="http://www.portalfiscal.inf.br/cte" versao="${versao}"><CTe xmlns="http://www.portalfiscal.inf.br/cte"><infCte versao="${versao}" Id="CTe${chave}"><ide><cUF>35</cUF><CFOP>6353</CFOP><natOp>PRESTACAO DE SERVICO</natOp><mod>57</mod><serie>${serie}</serie><nCT>${numero}</nCT><dhEmi>${o.emissao ?? '2025-01-11T08:00:00-03:00'}</dhEmi><tpAmb>2</tpAmb><tpCTe>${o.tipoCte ?? 0}</tpCTe><modal>01</modal><tpServ>0</tpServ><cMunIni>3550308</cMunIni><xMunIni>SAO PAULO</xMunIni><UFIni>SP</UFIni><cMunFim>3304557</cMunFim><xMunFim>RIO DE JANEIRO</xMunFim><UFFim>RJ</UFFim><toma3><toma>${o.tomador ?? 0}</toma></toma3></ide><emit><CNPJ>${emit}</CNPJ><xNome>TRANSPORTES TESTE LTDA</xNome><enderEmit><UF>SP</UF></enderEmit></emit><rem><CNPJ>${o.remetente ?? '11222333000181'}</CNPJ><xNome>EMITENTE TESTE LTDA</xNome></rem><dest><CNPJ>${o.destinatario ?? '44555666000100'}</CNPJ><xNome>CLIENTE TESTE</xNome></dest>${vPrest}${norm}${comp}</infCte></CTe><protCTe versao="${versao}"><infProt><chCTe>${chave}</chCTe><dhRecbto>2025-01-11T08:01:00-03:00</dhRecbto><nProt>135250000077${String(numero).padStart(3, '0')}</nProt><cStat>100</cStat></infProt></protCTe></cteProc>`;
  return { chave, xml };
}
