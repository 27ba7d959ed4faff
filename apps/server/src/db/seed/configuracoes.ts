import { configuracoes, issMunicipios, parametrosEmbarcador, tributos, tributosGerais } from '../schema/index.ts';
import type { ModuleSeed } from './demo.ts';

// Demo settings and tax rules: Demo (São Paulo) has its settings, ICMS rules for SP and RJ, PIS/COFINS
// non-cumulative and its own ISS for São Paulo and Campinas; Outro (Rio) has one RJ rule, for isolation.
export const seedConfiguracoes: ModuleSeed = async (tx, ids) => {
  const { demo, outro } = ids.embarcadores;
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
