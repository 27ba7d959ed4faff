// Builders for the audit tests: a SP → RJ CT-e that matches the base calculation exactly.
import type { CalculoEsperado, CteAuditavel, EntradaAuditoria } from './tipos.ts';

/** FRETE_PESO 800 + GRIS 100 + PEDAGIO 20 = 920 without ICMS; 12 % "por dentro": 920 / 0,88 = 1.045,45. */
export function calculoBase(p: Partial<CalculoEsperado> = {}): CalculoEsperado {
  return {
    calculado: true,
    fonte: 'TABELA',
    referenciaUid: 'tab-1',
    descricao: 'Tabela TAB-1, rota SP → RJ',
    componentes: [
      { componente: 'FRETE_PESO', valor: 800 },
      { componente: 'GRIS', valor: 100 },
      { componente: 'PEDAGIO', valor: 20 },
    ],
    valorSemIcms: 920,
    aliquotaIcms: 12,
    icms: 125.45,
    total: 1045.45,
    ...p,
  };
}

/** Grossed-up components: 909,08 (909,09 − the centavo of rounding) + 113,64 + 22,73 = 1.045,45. */
export function cteBase(p: Partial<CteAuditavel> = {}): CteAuditavel {
  return {
    uid: 'cte-1',
    chave: '35260412345678000195570010000001231000001234',
    numero: 123,
    serie: 1,
    emissao: '2026-04-15T10:00:00-03:00',
    tipoCte: 0,
    emitente: { documento: '12345678000195', nome: 'Transportes Teste', uf: 'SP' },
    origem: { municipioIbge: '3550308', uf: 'SP' },
    destino: { municipioIbge: '3304557', uf: 'RJ' },
    valorPrestacao: 1045.45,
    valorReceber: 1045.45,
    componentes: [
      { nome: 'FRETE PESO', valor: 909.08 },
      { nome: 'GRIS', valor: 113.64 },
      { nome: 'PEDAGIO', valor: 22.73 },
    ],
    icms: { cst: '00', base: 1045.45, aliquota: 12, valor: 125.45 },
    nfes: ['35260411111111000191550010000000011000000011'],
    cancelado: false,
    ...p,
  };
}

export const MAPA = { 'FRETE PESO': 'FRETE_PESO', GRIS: 'GRIS', PEDAGIO: 'PEDAGIO', TDE: 'TDE', DESCARGA: 'DESCARGA', ICMS: 'ICMS' };

export function entrada(p: Partial<EntradaAuditoria> = {}): EntradaAuditoria {
  return {
    cte: cteBase(),
    transportadorUid: 'tr-1',
    calculo: calculoBase(),
    mapa: MAPA,
    tolerancias: [],
    regraTributaria: { simplesNacional: false },
    ...p,
  };
}

/** The CT-e with one component's value replaced; prestação and ICMS follow (base × 12 %, half-up). */
export function cteCom(nome: string, valor: number, extra: Partial<CteAuditavel> = {}): CteAuditavel {
  const c = cteBase(extra);
  const componentes = c.componentes.map((x) => (x.nome === nome ? { ...x, valor } : x));
  if (!componentes.some((x) => x.nome === nome)) componentes.push({ nome, valor });
  const total = Math.round(componentes.reduce((a, x) => a + Number(x.valor) * 100, 0)) / 100;
  const icms = Math.round(total * 12) / 100;
  return { ...c, componentes, valorPrestacao: total, valorReceber: total, icms: { cst: '00', base: total, aliquota: 12, valor: icms } };
}
