import { COMPONENTES_FRETE_PRINCIPAL_PADRAO } from './catalogo.ts';
import { cepNumerico, rotuloRota } from './locais.ts';
import type { LocalRef, Rota, TabelaCalculo } from './types.ts';
import { normalizarUf } from './ufs.ts';

// Warnings of a table that is valid but probably wrong. Today: a more specific route (e.g. a CEP range
// carrying only a TDE) that lacks a main freight component a wider route containing it has — the
// narrower route wins the selection, so the freight charge silently disappears. Location surcharges
// belong in `adicionais`.

/** IBGE state code (first two digits of a municipality code) → UF. */
const UF_POR_CODIGO_IBGE: Record<string, string> = {
  11: 'RO', 12: 'AC', 13: 'AM', 14: 'RR', 15: 'PA', 16: 'AP', 17: 'TO', 21: 'MA', 22: 'PI', 23: 'CE', 24: 'RN',
  25: 'PB', 26: 'PE', 27: 'AL', 28: 'SE', 29: 'BA', 31: 'MG', 32: 'ES', 33: 'RJ', 35: 'SP', 41: 'PR', 42: 'SC',
  43: 'RS', 50: 'MS', 51: 'MT', 52: 'GO', 53: 'DF',
};

/** Correios CEP ranges per UF (first five digits, inclusive) — enough to tell which UF holds a CEP range. */
const CEPS_UF: [number, number, string][] = [
  [1000, 19999, 'SP'], [20000, 28999, 'RJ'], [29000, 29999, 'ES'], [30000, 39999, 'MG'], [40000, 48999, 'BA'],
  [49000, 49999, 'SE'], [50000, 56999, 'PE'], [57000, 57999, 'AL'], [58000, 58999, 'PB'], [59000, 59999, 'RN'],
  [60000, 63999, 'CE'], [64000, 64999, 'PI'], [65000, 65999, 'MA'], [66000, 68899, 'PA'], [68900, 68999, 'AP'],
  [69000, 69299, 'AM'], [69300, 69399, 'RR'], [69400, 69899, 'AM'], [69900, 69999, 'AC'], [70000, 72799, 'DF'],
  [72800, 72999, 'GO'], [73000, 73699, 'DF'], [73700, 76799, 'GO'], [76800, 76999, 'RO'], [77000, 77999, 'TO'],
  [78000, 78899, 'MT'], [79000, 79999, 'MS'], [80000, 87999, 'PR'], [88000, 89999, 'SC'], [90000, 99999, 'RS'],
];

function ufDoCep(cep: number): string | null {
  const p = Math.floor(cep / 1000);
  return CEPS_UF.find(([de, ate]) => de <= p && p <= ate)?.[2] ?? null;
}

/** Whether every place of `a` is inside `b` (false when it cannot be told, e.g. regions). */
export function contido(a: LocalRef, b: LocalRef): boolean {
  switch (b.tipo) {
    case 'UF': {
      const uf = normalizarUf(b.uf);
      if (a.tipo === 'UF') return normalizarUf(a.uf) === uf;
      if (a.tipo === 'MUNICIPIO') return UF_POR_CODIGO_IBGE[a.ibge.trim().slice(0, 2)] === uf;
      if (a.tipo === 'FAIXA_CEP') {
        const de = cepNumerico(a.de);
        const ate = cepNumerico(a.ate);
        return de !== null && ate !== null && ufDoCep(de) === uf && ufDoCep(ate) === uf;
      }
      return false;
    }
    case 'MUNICIPIO':
      return a.tipo === 'MUNICIPIO' && a.ibge.trim() === b.ibge.trim();
    case 'REGIAO':
      return a.tipo === 'REGIAO' && a.regiaoUid === b.regiaoUid;
    case 'FAIXA_CEP': {
      if (a.tipo !== 'FAIXA_CEP') return false;
      const [ade, aate, bde, bate] = [a.de, a.ate, b.de, b.ate].map(cepNumerico);
      return ade !== null && aate !== null && bde !== null && bate !== null && bde <= ade && aate <= bate;
    }
  }
}

const mesmoLocal = (a: LocalRef, b: LocalRef) => JSON.stringify(a) === JSON.stringify(b);

export type Aviso = { caminho: string; mensagem: string };

export function avisosDaTabela(tabela: TabelaCalculo, opcoes: { componentesFretePrincipal?: readonly string[] } = {}): Aviso[] {
  const principais = new Set(opcoes.componentesFretePrincipal ?? COMPONENTES_FRETE_PRINCIPAL_PADRAO);
  const nasGerais = new Set(tabela.generalidades.map((g) => g.componente).filter((c) => principais.has(c)));
  const principaisDa = (r: Rota) => r.regras.map((x) => x.componente).filter((c) => principais.has(c));
  const avisos: Aviso[] = [];
  tabela.rotas.forEach((a, i) => {
    const temA = new Set(principaisDa(a));
    for (const b of tabela.rotas) {
      if (a === b || (b.tipoVeiculoUid && b.tipoVeiculoUid !== a.tipoVeiculoUid)) continue;
      if (mesmoLocal(a.origem, b.origem) && mesmoLocal(a.destino, b.destino)) continue;
      if (!contido(a.origem, b.origem) || !contido(a.destino, b.destino)) continue;
      const faltam = principaisDa(b).filter((c) => !temA.has(c) && !nasGerais.has(c));
      if (!faltam.length) continue;
      avisos.push({
        caminho: `rotas[${i}]`,
        mensagem:
          `Rota ${rotuloRota(a)} é mais específica que a rota ${rotuloRota(b)} e não tem ${faltam.join(', ')}: nas cargas dela ` +
          `esse frete não seria cobrado. Para cobrar só uma taxa no local, use um adicional por local.`,
      });
      break;
    }
  });
  return avisos;
}
