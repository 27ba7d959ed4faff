// The 27 federative units grouped by IBGE macro-region.
export const MACRORREGIOES = {
  N: ['AC', 'AM', 'AP', 'PA', 'RO', 'RR', 'TO'],
  NE: ['AL', 'BA', 'CE', 'MA', 'PB', 'PE', 'PI', 'RN', 'SE'],
  CO: ['DF', 'GO', 'MS', 'MT'],
  SE: ['ES', 'MG', 'RJ', 'SP'],
  S: ['PR', 'RS', 'SC'],
} as const satisfies Record<string, readonly string[]>;

export type Macrorregiao = keyof typeof MACRORREGIOES;

const REGIAO_POR_UF = new Map<string, Macrorregiao>();
for (const [regiao, ufs] of Object.entries(MACRORREGIOES) as [Macrorregiao, readonly string[]][]) {
  for (const uf of ufs) REGIAO_POR_UF.set(uf, regiao);
}

export const UFS: readonly string[] = [...REGIAO_POR_UF.keys()].sort();

export function normalizarUf(uf: string): string {
  return uf.trim().toUpperCase();
}

export function ufValida(uf: string): boolean {
  return REGIAO_POR_UF.has(normalizarUf(uf));
}

export function regiaoDaUf(uf: string): Macrorregiao | undefined {
  return REGIAO_POR_UF.get(normalizarUf(uf));
}
