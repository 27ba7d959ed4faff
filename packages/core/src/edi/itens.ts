import { LAYOUTS } from './layouts/index.ts';
import type { ArquivoEdi, RegistroEdi } from './tipos.ts';

/** One occurrence of an OCOREN (3.1 342 or 5.0 542) with the carrier of its block. */
export type OcorrenciaEdi = {
  linha: number;
  cnpjTransportadora: string;
  nomeTransportadora: string | null;
  cnpjEmissorNf: string | null;
  serieNf: string | null;
  /** Without leading zeros, as the NF-e's nNF. */
  numeroNf: string;
  codigo: string;
  data: string;
  hora: string | null;
  codigoObservacao: string | null;
  texto: string | null;
};

const semZeros = (v: string | null) => (v == null ? null : v.replace(/^0+(?=\d)/, ''));

export function ocorrenciasOcoren(arquivo: ArquivoEdi): OcorrenciaEdi[] {
  if (arquivo.documento !== 'OCOREN') return [];
  const v5 = arquivo.versao === '5.0';
  const saida: OcorrenciaEdi[] = [];
  let transp: RegistroEdi | null = null;
  for (const r of arquivo.registros) {
    if (r.id === (v5 ? '541' : '341')) transp = r;
    else if (r.id === (v5 ? '542' : '342') && transp) {
      const v = r.valores;
      saida.push({
        linha: r.linha,
        cnpjTransportadora: transp.valores.cnpjTransportadora as string,
        nomeTransportadora: transp.valores.razaoSocial,
        cnpjEmissorNf: v.cnpjEmissorNf && /^0+$/.test(v.cnpjEmissorNf) ? null : v.cnpjEmissorNf,
        serieNf: semZeros(v.serieNf),
        numeroNf: semZeros(v.numeroNf) as string,
        codigo: v.codigoOcorrencia as string,
        data: v.dataOcorrencia as string,
        hora: v.horaOcorrencia,
        codigoObservacao: v.codigoObservacao,
        texto: v.texto ?? null,
      });
    } else if (r.id === '543' && saida.length) {
      // 5.0 keeps the reason's text in its own record right after the occurrence.
      const ult = saida[saida.length - 1];
      ult.texto = [r.valores.texto1, r.valores.texto2, r.valores.texto3].filter(Boolean).join(' ') || ult.texto;
    }
  }
  return saida;
}

/** One "item" of any PROCEDA file (the record the import reports on), described in pt-BR. */
export type ItemEdi = { linha: number; id: string; descricao: string; registro: RegistroEdi };

function descrever(documento: ArquivoEdi['documento'], r: RegistroEdi): string {
  const v = r.valores;
  switch (documento) {
    case 'CONEMB':
      return `CT ${v.serie ?? ''}/${v.numero} de ${v.emissao}, frete R$ ${v.valorFrete}`;
    case 'DOCCOB':
      return `Documento de cobrança ${v.serie ?? ''}/${v.numero}, vencimento ${v.vencimento}, valor R$ ${v.valor}`;
    case 'NOTFIS':
      return `NF ${v.serie ?? ''}/${semZeros(v.numero)} de ${v.emissao}, valor R$ ${v.valorTotal}`;
    default:
      return `Ocorrência ${v.codigoOcorrencia} na NF ${v.serieNf ?? ''}/${semZeros(v.numeroNf)} em ${v.dataOcorrencia}`;
  }
}

export function itensEdi(arquivo: ArquivoEdi): ItemEdi[] {
  const layout = LAYOUTS[`${arquivo.documento} ${arquivo.versao}`];
  return arquivo.registros
    .filter((r) => r.id === layout.principal)
    .map((r) => ({ linha: r.linha, id: r.id, descricao: descrever(arquivo.documento, r), registro: r }));
}

const numeroOuNulo = (v: string | null) => (v == null || !/^\d+$/.test(v) ? null : Number(v));
const valorPositivo = (v: string | null) => (v == null || /^0+(\.0+)?$/.test(v) ? null : v);

/** One conhecimento of a CONEMB (322) with its carrier (321): what a CT-e record known only by EDI holds. */
export type ConhecimentoEdi = {
  linha: number;
  cnpjTransportadora: string;
  nomeTransportadora: string | null;
  /** The CT's issuer (322 col. 205), else the carrier's CNPJ. */
  cnpjEmissor: string;
  cnpjEmbarcadora: string | null;
  /** As typed (series may be blank: 0); null when not a number (reported by the importer). */
  serie: number | null;
  numero: number | null;
  serieTexto: string | null;
  numeroTexto: string;
  emissao: string;
  valorFrete: string;
  peso: string | null;
  icms: { base: string | null; aliquota: string | null; valor: string | null } | null;
  /** The freight's parts (frete peso, frete valor, pedágio…), only the non-zero ones, in file order. */
  componentes: { nome: string; valor: string }[];
  notas: { serie: string | null; numero: string }[];
  cfop: string | null;
  /** 'I' inclusão (or blank), 'E' exclusão, as the carrier sent it. */
  acao: string | null;
};

const COMPONENTES_CONEMB: [string, string][] = [
  ['fretePeso', 'FRETE PESO'], ['freteValor', 'FRETE VALOR'], ['secCat', 'SEC/CAT'], ['itr', 'ITR'], ['despacho', 'DESPACHO'], ['pedagio', 'PEDAGIO'], ['ademe', 'ADEME'],
];

export function conhecimentosConemb(arquivo: ArquivoEdi): ConhecimentoEdi[] {
  if (arquivo.documento !== 'CONEMB') return [];
  const saida: ConhecimentoEdi[] = [];
  let transp: RegistroEdi | null = null;
  for (const r of arquivo.registros) {
    if (r.id === '321') transp = r;
    if (r.id !== '322' || !transp) continue;
    const v = r.valores;
    const notas: ConhecimentoEdi['notas'] = [];
    for (let i = 1; i <= 40; i++) {
      const n = semZeros(v[`numeroNf${i}`]);
      if (n && n !== '0') notas.push({ serie: semZeros(v[`serieNf${i}`]), numero: n });
    }
    const serieTexto = v.serie ?? null;
    const numeroTexto = v.numero as string;
    const icms = [v.baseIcms, v.aliquotaIcms, v.valorIcms].some((x) => valorPositivo(x)) ? { base: v.baseIcms, aliquota: v.aliquotaIcms, valor: v.valorIcms } : null;
    saida.push({
      linha: r.linha,
      cnpjTransportadora: transp.valores.cnpjTransportadora as string,
      nomeTransportadora: transp.valores.razaoSocial,
      cnpjEmissor: v.cnpjEmissor && !/^0+$/.test(v.cnpjEmissor) ? v.cnpjEmissor : (transp.valores.cnpjTransportadora as string),
      cnpjEmbarcadora: v.cnpjEmbarcadora && !/^0+$/.test(v.cnpjEmbarcadora) ? v.cnpjEmbarcadora : null,
      serie: serieTexto == null ? 0 : numeroOuNulo(serieTexto),
      numero: numeroOuNulo(numeroTexto),
      serieTexto,
      numeroTexto,
      emissao: v.emissao as string,
      valorFrete: v.valorFrete as string,
      peso: valorPositivo(v.peso),
      icms,
      componentes: COMPONENTES_CONEMB.filter(([k]) => valorPositivo(v[k])).map(([k, nome]) => ({ nome, valor: v[k] as string })),
      notas,
      cfop: v.cfop && !/^0+$/.test(v.cfop) ? v.cfop : null,
      acao: v.acao,
    });
  }
  return saida;
}

/** One cobrança of a DOCCOB (352) with the CT-es it charges (353) and the carrier (351). */
export type CobrancaEdi = {
  linha: number;
  cnpjTransportadora: string;
  nomeTransportadora: string | null;
  serie: string | null;
  /** Without leading zeros. */
  numero: string;
  emissao: string;
  vencimento: string;
  valor: string;
  acao: string | null;
  conhecimentos: { linha: number; serie: string | null; numero: string; chave: string | null; cnpjEmissor: string | null; valorFrete: string | null }[];
};

export function cobrancasDoccob(arquivo: ArquivoEdi): CobrancaEdi[] {
  if (arquivo.documento !== 'DOCCOB') return [];
  const saida: CobrancaEdi[] = [];
  let transp: RegistroEdi | null = null;
  for (const r of arquivo.registros) {
    const v = r.valores;
    if (r.id === '351') transp = r;
    else if (r.id === '352' && transp) {
      saida.push({
        linha: r.linha,
        cnpjTransportadora: transp.valores.cnpjTransportadora as string,
        nomeTransportadora: transp.valores.razaoSocial,
        serie: v.serie,
        numero: semZeros(v.numero) as string,
        emissao: v.emissao as string,
        vencimento: v.vencimento as string,
        valor: v.valor as string,
        acao: v.acao,
        conhecimentos: [],
      });
    } else if (r.id === '353' && saida.length) {
      saida[saida.length - 1].conhecimentos.push({
        linha: r.linha,
        serie: semZeros(v.serie),
        numero: semZeros(v.numero) as string,
        chave: v.chaveCte && !/^0+$/.test(v.chaveCte) ? v.chaveCte : null,
        cnpjEmissor: v.cnpjEmissor && !/^0+$/.test(v.cnpjEmissor) ? v.cnpjEmissor : null,
        valorFrete: v.valorFrete,
      });
    }
  }
  return saida;
}

/** One NF of a NOTFIS (313) with its shipper (311) and recipient (312). */
export type NotaEdi = {
  linha: number;
  emitente: { documento: string; nome: string | null; uf: string | null };
  destinatario: { documento: string; nome: string | null; uf: string | null; municipioIbge: string | null; cidade: string | null };
  serie: string | null;
  numero: string;
  emissao: string;
  valorTotal: string;
  peso: string | null;
  volumes: string | null;
};

export function notasNotfis(arquivo: ArquivoEdi): NotaEdi[] {
  if (arquivo.documento !== 'NOTFIS') return [];
  const saida: NotaEdi[] = [];
  let emb: RegistroEdi | null = null;
  let dest: RegistroEdi | null = null;
  for (const r of arquivo.registros) {
    if (r.id === '311') emb = r;
    else if (r.id === '312') dest = r;
    else if (r.id === '313' && emb && dest) {
      const v = r.valores;
      const d = dest.valores;
      // 11-digit CPFs come zero-padded to 14.
      const docDest = (d.documento as string).replace(/^000(\d{11})$/, '$1');
      saida.push({
        linha: r.linha,
        emitente: { documento: emb.valores.cnpj as string, nome: emb.valores.razaoSocial, uf: emb.valores.uf },
        destinatario: { documento: docDest, nome: d.razaoSocial, uf: d.uf, municipioIbge: d.codigoMunicipio && /^\d{7}$/.test(d.codigoMunicipio) ? d.codigoMunicipio : null, cidade: d.cidade },
        serie: semZeros(v.serie),
        numero: semZeros(v.numero) as string,
        emissao: v.emissao as string,
        valorTotal: v.valorTotal as string,
        peso: valorPositivo(v.peso),
        volumes: valorPositivo(v.volumes),
      });
    }
  }
  return saida;
}
