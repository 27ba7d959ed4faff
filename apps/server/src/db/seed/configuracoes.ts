import { configuracoes, issMunicipios, parametrosEmbarcador, pisosAntt, tributos, tributosGerais } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo settings and tax rules: Demo (São Paulo) has its settings, ICMS rules for SP and RJ, PIS/COFINS
// non-cumulative and its own ISS for São Paulo and Campinas; Outro (Rio) has one RJ rule, for isolation.
export const seedConfiguracoes: ModuleSeed = async (tx, ids) => {
  const { demo, outro } = ids.embarcadores;
  // ANTT floor coefficients (Tabela A — lotação) of Res. ANTT nº 6.006, de 19/01/2023 (DOU 20/01/2023),
  // which replaced Anexo II of Res. 5.867/2020 from its publication; text reproduced at
  // http://consult-contabil.blogspot.com/2023/01/antt-atualizacao-coeficientes-de-pisos.html . Only the
  // three cargo types whose full rows (2–9 axles) were read there; Res. 6.046 (12/07/2024) replaced the
  // annex again, so the version ends on 11/07/2024 at the latest (earlier diesel-price updates, if any,
  // were not found). Current figures (Res. 6.076/2026 and later) are typed by the user on "Piso mínimo ANTT".
  const fonte = 'Res. ANTT nº 6.006/2023 (DOU 20/01/2023), Anexo II, Tabela A';
  const eixos = [2, 3, 4, 5, 6, 7, 9];
  const res6006: [string, string[], string[]][] = [
    ['GRANEL_SOLIDO', ['3.3097', '4.2480', '4.7340', '5.4195', '6.1824', '6.8425', '7.6933'], ['338.10', '407.26', '399.71', '444.20', '497.22', '604.51', '625.65']],
    ['GRANEL_LIQUIDO', ['3.3628', '4.3156', '4.7706', '5.5322', '6.2951', '7.0112', '7.8610'], ['346.40', '419.52', '397.30', '462.71', '515.74', '638.41', '659.31']],
    ['FRIGORIFICADA', ['3.9227', '5.0008', '5.6203', '6.5533', '7.4264', '8.0678', '9.0871'], ['384.00', '454.36', '458.15', '543.99', '597.02', '699.18', '729.64']],
  ];
  await tx.insert(pisosAntt).values(
    res6006.flatMap(([tipoCarga, ccd, cc]) =>
      eixos.map((e, i) => ({
        embarcadorUid: demo,
        tipoCarga,
        eixos: e,
        ccd: ccd[i],
        cc: cc[i],
        vigenciaInicio: '2023-01-20',
        vigenciaFim: '2024-07-11',
        fonte,
      })),
    ),
  );
  await tx.insert(configuracoes).values([
    {
      embarcadorUid: demo, fatorCubagemPadrao: 300, diasToleranciaEntrega: 1, aliquotaIssPadrao: '5', emailNotificacoes: 'logistica@demo.com.br',
      toleranciaAuditoriaPercentual: '1.5', toleranciaAuditoriaValor: '5.00',
    },
    { embarcadorUid: outro, diasToleranciaEntrega: 2, emailNotificacoes: 'frete@outro.com.br' },
  ]);
  await tx.insert(tributosGerais).values([
    { embarcadorUid: demo, regimeTributario: 'LUCRO_REAL', regimePisCofins: 'NAO_CUMULATIVO', icmsIncluso: false },
    { embarcadorUid: outro, regimeTributario: 'LUCRO_PRESUMIDO', regimePisCofins: 'CUMULATIVO' },
  ]);
  await tx.insert(tributos).values([
    { embarcadorUid: demo, tipo: 'INTERNO', chave: 'INTERNO:SP', uf: 'SP', aliquota: '18', vigenciaInicio: '2025-01-01', descricao: 'ICMS interno de São Paulo (RICMS/SP, art. 52, I)' },
    { embarcadorUid: demo, tipo: 'INTERNO', chave: 'INTERNO:RJ', uf: 'RJ', aliquota: '22', vigenciaInicio: '2025-01-01', descricao: 'ICMS interno do Rio de Janeiro: 20 % + 2 % de FECP' },
    { embarcadorUid: demo, tipo: 'INTERNO', chave: 'INTERNO:MG', uf: 'MG', aliquota: '18', vigenciaInicio: '2024-01-01', vigenciaFim: '2024-12-31', descricao: 'Regra de 2024 (encerrada)' },
    {
      embarcadorUid: demo, tipo: 'PIS_COFINS', chave: 'PIS_COFINS', regimePisCofins: 'NAO_CUMULATIVO', aliquotaPis: '1.65', aliquotaCofins: '7.6',
      vigenciaInicio: '2025-01-01', descricao: 'Lucro Real: PIS/COFINS não cumulativos',
    },
    { embarcadorUid: outro, tipo: 'INTERNO', chave: 'INTERNO:RJ', uf: 'RJ', aliquota: '22', vigenciaInicio: '2025-01-01', descricao: 'ICMS interno RJ com FECP' },
  ]);
  await tx.insert(issMunicipios).values([
    { embarcadorUid: demo, municipioIbge: '3550308', aliquota: '5', observacao: 'São Paulo: transporte municipal de cargas' },
    { embarcadorUid: demo, municipioIbge: '3509502', aliquota: '3', observacao: 'Campinas: coletas e entregas do CD' },
    { embarcadorUid: outro, municipioIbge: '3304557', aliquota: '5', observacao: 'Rio de Janeiro' },
  ]);
  await tx.insert(parametrosEmbarcador).values([
    { embarcadorUid: demo, chave: 'cotacaoDiasValidade', valor: 10 },
    { embarcadorUid: demo, chave: 'ordemColetaHoraLimite', valor: '15:30' },
  ]);
};
