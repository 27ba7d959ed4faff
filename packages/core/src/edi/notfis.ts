import Decimal from 'decimal.js';
import { NOTFIS_31 } from './layouts/notfis.ts';
import type { ErroEdi } from './tipos.ts';
import { type RegistroParaEscrever, escreverEdi } from './writer.ts';

/** An NF-e as the NOTFIS export writes it (values as the parser reads them: decimal strings, AAAA-MM-DD). */
export type NotaParaNotfis = {
  emitente: { documento: string; nome: string | null; uf: string | null; cidade: string | null };
  destinatario: { documento: string; nome: string | null; uf: string | null; cidade: string | null; municipioIbge: string | null };
  serie: number;
  numero: number;
  emissao: string;
  /** modFrete of the NF-e: 0 (sender pays: CIF 'C'), 1 (recipient pays: FOB 'F'); others are written 'C'. */
  modalidadeFrete: number | null;
  valorTotal: string;
  pesoBruto: string | null;
  volumes: string | null;
};

export type CabecalhoNotfis = { remetente: string; destinatario: string; data: string; hora: string };

const soDigitos = (s: string) => s.replace(/\D/g, '');

/**
 * NOTFIS 3.1 of some NF-es: 000 > 310 > per issuer 311, per recipient 312 then its 313s > 318 with the
 * totals. Numbers without decimals where the NF-e has none (volumes, weight) are written as zero.
 */
export function escreverNotfis31(cab: CabecalhoNotfis, notas: NotaParaNotfis[]): { ok: true; texto: string } | { ok: false; erros: ErroEdi[] } {
  const [a, m, d] = cab.data.split('-');
  const marca = `${d}${m}${cab.hora.replace(':', '')}`;
  const registros: RegistroParaEscrever[] = [
    { id: '000', valores: { remetente: cab.remetente, destinatario: cab.destinatario, data: cab.data, hora: cab.hora, intercambio: `NOT${marca}0` } },
    { id: '310', valores: { identificacao: `NOTFI${marca}0` } },
  ];
  const porEmitente = new Map<string, NotaParaNotfis[]>();
  for (const n of notas) porEmitente.set(n.emitente.documento, [...(porEmitente.get(n.emitente.documento) ?? []), n]);
  let valor = new Decimal(0);
  let peso = new Decimal(0);
  let volumes = new Decimal(0);
  for (const [, doEmitente] of porEmitente) {
    const e = doEmitente[0].emitente;
    registros.push({ id: '311', valores: { cnpj: soDigitos(e.documento), cidade: e.cidade, uf: e.uf, dataEmbarque: `${a}-${m}-${d}`, razaoSocial: e.nome } });
    const porDestinatario = new Map<string, NotaParaNotfis[]>();
    for (const n of doEmitente) porDestinatario.set(n.destinatario.documento, [...(porDestinatario.get(n.destinatario.documento) ?? []), n]);
    for (const [, doDestinatario] of porDestinatario) {
      const r = doDestinatario[0].destinatario;
      const cpf = soDigitos(r.documento).length === 11;
      registros.push({
        id: '312',
        valores: { razaoSocial: r.nome, documento: soDigitos(r.documento), cidade: r.cidade, codigoMunicipio: r.municipioIbge, uf: r.uf, tipoIdentificacao: cpf ? '2' : '1' },
      });
      for (const n of doDestinatario) {
        valor = valor.plus(n.valorTotal);
        peso = peso.plus(n.pesoBruto ?? 0);
        volumes = volumes.plus(n.volumes ?? 0);
        registros.push({
          id: '313',
          valores: {
            condicaoFrete: n.modalidadeFrete === 1 ? 'F' : 'C', serie: String(n.serie), numero: String(n.numero), emissao: n.emissao,
            volumes: n.volumes ?? '0', valorTotal: n.valorTotal, peso: new Decimal(n.pesoBruto ?? 0).toFixed(2), acao: 'I',
          },
        });
      }
    }
  }
  registros.push({ id: '318', valores: { valorTotal: valor.toFixed(2), pesoTotal: peso.toFixed(2), volumesTotal: volumes.toFixed(2) } });
  return escreverEdi(NOTFIS_31, registros);
}
