// Rates of the RPA (recibo de pagamento a autônomo) of an independent truck driver, with validity dates.
// A receipt is always computed with the table valid on its date. The server seeds its settings table
// from these values (and a user may add later ones); keep each number next to its legal source.

export type FaixaIrrf = { ate: number | null; aliquota: number; deducao: number };

export type TabelaRpa = {
  /** 'YYYY-MM-DD', inclusive. */
  vigenciaInicio: string;
  vigenciaFim: string | null;
  /** Teto do salário de contribuição (R$/mês). */
  tetoInss: number;
  /** % of the freight that is the driver's contribution base. */
  percentualBaseInss: number;
  aliquotaInss: number;
  aliquotaSest: number;
  aliquotaSenat: number;
  /** Contribution of the paying company (cota patronal), % of the same base, no ceiling. */
  aliquotaInssPatronal: number;
  /** % of the freight that is taxable income for IRRF. */
  percentualBaseIrrf: number;
  deducaoDependente: number;
  faixasIrrf: FaixaIrrf[];
  /** Monthly IRRF reduction of Lei 15.270/2025 (from 2026): zero tax up to `ate`, linear phase-out up to `ateFaixa`. */
  reducaoIrrf: { ate: number; maximo: number; ateFaixa: number; constante: number; coeficiente: number } | null;
  fonte: string;
};

// Shared by every table below:
// - 20 % of the gross freight is the contribution base of the autonomous cargo carrier: Decreto 3.048/1999
//   (RPS), art. 201, § 4º (redação do Decreto 4.032/2001).
// - 11 % retained from the contribuinte individual serving a company: Lei 10.666/2003, art. 4º, and
//   Lei 8.212/1991, art. 21, § 2º / art. 30, § 4º; limited by the month's ceiling (all sources added up).
// - SEST 1,5 % and SENAT 1,0 %: Lei 8.706/1993, art. 7º, I — applied to the same 20 % base (not limited by
//   the INSS ceiling, which bounds the INSS contribution only).
// - 20 % cota patronal on the pay of a contribuinte individual: Lei 8.212/1991, art. 22, III.
// - 10 % of the freight is the IRRF taxable income of cargo transport: Lei 7.713/1988, art. 9º, I
//   (redação da Lei 12.794/2013); deduction per dependant R$ 189,59: Lei 9.250/1995, art. 4º, III
//   (valor da Lei 13.149/2015).
const COMUM = {
  percentualBaseInss: 20,
  aliquotaInss: 11,
  aliquotaSest: 1.5,
  aliquotaSenat: 1,
  aliquotaInssPatronal: 20,
  percentualBaseIrrf: 10,
  deducaoDependente: 189.59,
};

export const TABELAS_RPA: TabelaRpa[] = [
  {
    ...COMUM,
    vigenciaInicio: '2025-01-01',
    vigenciaFim: '2025-04-30',
    // Teto 2025: Portaria Interministerial MPS/MF nº 6, de 10/01/2025.
    tetoInss: 8157.41,
    // IRRF mensal de fev/2024 a abr/2025: Lei 14.848/2024 (MP 1.206/2024).
    faixasIrrf: [
      { ate: 2259.2, aliquota: 0, deducao: 0 },
      { ate: 2826.65, aliquota: 7.5, deducao: 169.44 },
      { ate: 3751.05, aliquota: 15, deducao: 381.44 },
      { ate: 4664.68, aliquota: 22.5, deducao: 662.77 },
      { ate: null, aliquota: 27.5, deducao: 896 },
    ],
    reducaoIrrf: null,
    fonte: 'Portaria Interministerial MPS/MF 6/2025; Lei 14.848/2024; Decreto 3.048/1999 art. 201 §4º; Lei 8.706/1993 art. 7º; Lei 7.713/1988 art. 9º',
  },
  {
    ...COMUM,
    vigenciaInicio: '2025-05-01',
    vigenciaFim: '2025-12-31',
    tetoInss: 8157.41,
    // IRRF mensal a partir de mai/2025: MP 1.294/2025, convertida na Lei 15.191/2025 (isenção até R$ 2.428,80).
    faixasIrrf: [
      { ate: 2428.8, aliquota: 0, deducao: 0 },
      { ate: 2826.65, aliquota: 7.5, deducao: 182.16 },
      { ate: 3751.05, aliquota: 15, deducao: 394.16 },
      { ate: 4664.68, aliquota: 22.5, deducao: 675.49 },
      { ate: null, aliquota: 27.5, deducao: 908.73 },
    ],
    reducaoIrrf: null,
    fonte: 'Portaria Interministerial MPS/MF 6/2025; Lei 15.191/2025 (MP 1.294/2025); Decreto 3.048/1999 art. 201 §4º; Lei 8.706/1993 art. 7º; Lei 7.713/1988 art. 9º',
  },
  {
    ...COMUM,
    vigenciaInicio: '2026-01-01',
    vigenciaFim: null,
    // Teto 2026: R$ 8.475,55 (teto 2025 reajustado pelo INPC de 2025, 3,90 %), Portaria Interministerial
    // MPS/MF de janeiro de 2026 — confira o número da portaria ao revisar esta tabela.
    tetoInss: 8475.55,
    // Faixas da Lei 15.191/2025 mantidas; redução mensal da Lei 15.270/2025, art. 3º-A da Lei 9.250/1995:
    // até R$ 5.000,00 de rendimentos, redução de até R$ 312,89 (imposto zero); de R$ 5.000,01 a R$ 7.350,00,
    // redução de R$ 978,62 − 0,133145 × rendimentos.
    faixasIrrf: [
      { ate: 2428.8, aliquota: 0, deducao: 0 },
      { ate: 2826.65, aliquota: 7.5, deducao: 182.16 },
      { ate: 3751.05, aliquota: 15, deducao: 394.16 },
      { ate: 4664.68, aliquota: 22.5, deducao: 675.49 },
      { ate: null, aliquota: 27.5, deducao: 908.73 },
    ],
    reducaoIrrf: { ate: 5000, maximo: 312.89, ateFaixa: 7350, constante: 978.62, coeficiente: 0.133145 },
    fonte: 'Portaria Interministerial MPS/MF de jan/2026 (teto R$ 8.475,55); Lei 15.191/2025; Lei 15.270/2025; Decreto 3.048/1999 art. 201 §4º; Lei 8.706/1993 art. 7º; Lei 7.713/1988 art. 9º',
  },
];

/** The table valid on `data` ('YYYY-MM-DD' or ISO date-time), or null. */
export function tabelaRpaVigente(data: string, tabelas: TabelaRpa[] = TABELAS_RPA): TabelaRpa | null {
  const dia = data.slice(0, 10);
  return tabelas.find((t) => t.vigenciaInicio <= dia && (t.vigenciaFim === null || dia <= t.vigenciaFim)) ?? null;
}
