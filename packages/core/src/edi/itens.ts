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
