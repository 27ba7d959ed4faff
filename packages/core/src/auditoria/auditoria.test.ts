import { describe, expect, it } from 'vitest';
import { calcularFrete } from '../frete/calcular.ts';
import { carga, tabelaComRegras } from '../frete/fixtures.ts';
import {
  auditarCte, componentesEsperados, consolidarComplementares, detectarDuplicidades, efeitoNaAuditoria,
  esperadoDoMotor, esperadoSpot, resolverTolerancia,
} from './index.ts';
import { calculoBase, cteBase, cteCom, entrada, MAPA } from './fixtures.ts';
import type { LinhaAuditoria, ResultadoAuditoria } from './tipos.ts';

const l = (r: ResultadoAuditoria, tipo: LinhaAuditoria['tipo'], componente?: string) =>
  r.linhas.find((x) => x.tipo === tipo && (componente === undefined || x.componente === componente))!;

describe('auditoria: fonte tabela, valores exatos', () => {
  it('1. CT-e igual ao cálculo: Aprovada, todas as linhas OK, diferença zero', () => {
    const r = auditarCte(entrada());
    expect(r.resultado).toBe(1);
    expect(r.fonte).toBe('TABELA');
    expect(r.valorCobrado).toBe(1045.45);
    expect(r.valorEsperado).toBe(1045.45);
    expect(r.diferenca).toBe(0);
    expect(r.linhas.filter((x) => x.situacao !== 'OK' && x.situacao !== 'INFO')).toEqual([]);
    expect(r.resumo).toBe('Aprovada (Tabela de frete do transportador: Tabela TAB-1, rota SP → RJ): cobrado R$ 1.045,45, esperado R$ 1.045,45.');
  });

  it('2. componentes com ICMS embutido: 800 × 1.045,45/920 = 909,09 − 0,01 de arredondamento; 113,64; 22,73', () => {
    const m = componentesEsperados(calculoBase(), false);
    expect([...m].map(([k, v]) => [k, v.toNumber()])).toEqual([['FRETE_PESO', 909.08], ['GRIS', 113.64], ['PEDAGIO', 22.73]]);
  });

  it('3. ICMS como componente próprio do CT-e: componentes comparados sem gross-up', () => {
    const cte = cteBase({ componentes: [
      { nome: 'FRETE PESO', valor: 800 }, { nome: 'GRIS', valor: 100 }, { nome: 'PEDAGIO', valor: 20 }, { nome: 'ICMS', valor: 125.45 },
    ] });
    const r = auditarCte(entrada({ cte }));
    expect(r.resultado).toBe(1);
    expect(l(r, 'COMPONENTE', 'FRETE_PESO')).toMatchObject({ cobrado: 800, esperado: 800, diferenca: 0 });
  });

  it('4. valores como texto numérico do banco dão o mesmo resultado', () => {
    const c = cteBase();
    const cte = { ...c, valorPrestacao: '1045.45', componentes: c.componentes.map((x) => ({ ...x, valor: String(x.valor) })),
      icms: { cst: '00', base: '1045.45', aliquota: '12.0000', valor: '125.45' } };
    expect(auditarCte(entrada({ cte })).resultado).toBe(1);
  });

  it('5. dois nomes do CT-e no mesmo código somam: FRETE 500 + FRETE PESO 409,08 = 909,08', () => {
    const cte = cteBase({ componentes: [
      { nome: 'FRETE', valor: 500 }, { nome: 'FRETE PESO', valor: 409.08 }, { nome: 'GRIS', valor: 113.64 }, { nome: 'PEDAGIO', valor: 22.73 },
    ] });
    const r = auditarCte(entrada({ cte, mapa: { ...MAPA, FRETE: 'FRETE_PESO' } }));
    expect(r.resultado).toBe(1);
    expect(l(r, 'COMPONENTE', 'FRETE_PESO')).toMatchObject({ cobrado: 909.08, nomeCte: 'FRETE, FRETE PESO' });
  });

  it('6. nome do CT-e com acento, minúsculas e espaços casa com o mapa', () => {
    const cte = cteBase({ componentes: [
      { nome: 'Frete  Peso', valor: 909.08 }, { nome: 'gris', valor: 113.64 }, { nome: 'Pedágio ', valor: 22.73 },
    ] });
    expect(auditarCte(entrada({ cte })).resultado).toBe(1);
  });

  it('7. ajuste de frete mínimo é esperado dentro do FRETE_PESO (50 + 30 = 80)', () => {
    const calculo = calculoBase({ componentes: [{ componente: 'FRETE_PESO', valor: 50 }], ajusteMinimo: 30, valorSemIcms: 80, aliquotaIcms: 0, icms: 0, total: 80 });
    const cte = cteBase({ componentes: [{ nome: 'FRETE PESO', valor: 80 }], valorPrestacao: 80, icms: { cst: 'SN', base: null, aliquota: null, valor: null } });
    const r = auditarCte(entrada({ cte, calculo, regraTributaria: { simplesNacional: true } }));
    expect(r.resultado).toBe(1);
    expect(l(r, 'COMPONENTE', 'FRETE_PESO')).toMatchObject({ esperado: 80, cobrado: 80 });
  });

  it('8. o motor de verdade: R$ 2/kg × 100 kg + GRIS 0,3 % de R$ 1.000 = 203; 203/0,88 = 230,68', () => {
    const tab = tabelaComRegras([
      { componente: 'FRETE_PESO', base: 'PESO', calculo: 'POR_UNIDADE', valor: 2 },
      { componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3 },
    ]);
    const calculo = esperadoDoMotor(calcularFrete(tab, carga(), { aliquotaIcms: 12, feriados: [] }), 'TABELA', { descricao: 'TAB', valorMercadoria: 1000 });
    const cte = cteBase({ componentes: [{ nome: 'FRETE PESO', valor: 227.27 }, { nome: 'GRIS', valor: 3.41 }], valorPrestacao: 230.68,
      icms: { cst: '00', base: 230.68, aliquota: 12, valor: 27.68 }, pesoCarga: 100, valorCarga: 1000 });
    const r = auditarCte(entrada({ cte, calculo }));
    expect(r.resultado).toBe(1);
    expect(r.valorEsperado).toBe(230.68);
    expect(l(r, 'PESO').mensagem).toBe('Peso: 100 kg no CT-e e no cálculo.');
    expect(l(r, 'VALOR_MERCADORIA')).toMatchObject({ cobrado: 1000, esperado: 1000, situacao: 'INFO' });
  });
});

describe('auditoria: componentes fora do esperado', () => {
  it('9. GRIS R$ 10,00 acima sem tolerância: Divergente; 10/113,64 = 8,80 %', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 123.64) }));
    expect(r.resultado).toBe(2);
    expect(l(r, 'COMPONENTE', 'GRIS')).toMatchObject({ cobrado: 123.64, esperado: 113.64, diferenca: 10, percentual: 8.8, situacao: 'ACIMA' });
    expect(l(r, 'COMPONENTE', 'GRIS').mensagem).toBe(
      'GRIS: cobrado R$ 123,64, esperado R$ 113,64 — R$ 10,00 (8,8 %) acima, fora da tolerância (sem tolerância cadastrada (exato ao centavo)).');
    expect(l(r, 'TOTAL')).toMatchObject({ cobrado: 1055.45, esperado: 1045.45, diferenca: 10, situacao: 'ACIMA' });
    expect(r.diferenca).toBe(10);
    expect(r.resumo).toContain('2 ponto(s) fora da tolerância: GRIS R$ 10,00 acima; total R$ 10,00 acima.');
  });

  it('10. um centavo acima sem tolerância já diverge', () => {
    const r = auditarCte(entrada({ cte: cteCom('PEDAGIO', 22.74) }));
    expect(l(r, 'COMPONENTE', 'PEDAGIO')).toMatchObject({ diferenca: 0.01, situacao: 'ACIMA' });
    expect(r.resultado).toBe(2);
  });

  it('11. componente cobrado e não previsto no cálculo (TDE R$ 30,00)', () => {
    const r = auditarCte(entrada({ cte: cteCom('TDE', 30) }));
    expect(l(r, 'COMPONENTE', 'TDE')).toMatchObject({ cobrado: 30, esperado: 0, diferenca: 30, percentual: null, situacao: 'ACIMA' });
    expect(l(r, 'COMPONENTE', 'TDE').mensagem).toBe('TDE: cobrado R$ 30,00 e não previsto no cálculo (tabela de frete do transportador).');
    expect(r.resultado).toBe(2);
  });

  it('12. componente previsto e não cobrado (pedágio ausente): R$ 22,73 abaixo', () => {
    const c = cteBase();
    const cte = { ...c, componentes: c.componentes.filter((x) => x.nome !== 'PEDAGIO'), valorPrestacao: 1022.72, icms: { cst: '00', base: 1022.72, aliquota: 12, valor: 122.73 } };
    const r = auditarCte(entrada({ cte }));
    expect(l(r, 'COMPONENTE', 'PEDAGIO')).toMatchObject({ cobrado: 0, esperado: 22.73, diferenca: -22.73, situacao: 'ABAIXO' });
    expect(l(r, 'COMPONENTE', 'PEDAGIO').mensagem).toBe('PEDAGIO: esperado R$ 22,73 e não cobrado no CT-e.');
    expect(l(r, 'TOTAL')).toMatchObject({ diferenca: -22.73, situacao: 'ABAIXO' });
  });

  it('13. componente não mapeado é divergência própria, mesmo com o total certo', () => {
    const c = cteBase();
    const cte = { ...c, componentes: [{ nome: 'FRETE PESO', valor: 894.08 }, { nome: 'TX SEGURANCA', valor: 15 }, c.componentes[1]!, c.componentes[2]!] };
    const r = auditarCte(entrada({ cte }));
    expect(r.resultado).toBe(2);
    expect(l(r, 'NAO_MAPEADO')).toMatchObject({ nomeCte: 'TX SEGURANCA', cobrado: 15, situacao: 'DIVERGENTE' });
    expect(r.resumo).toContain('componente não mapeado "TX SEGURANCA"');
    expect(l(r, 'TOTAL').situacao).toBe('OK');
  });

  it('14. componente não mapeado com valor zero não pesa', () => {
    const c = cteBase();
    const r = auditarCte(entrada({ cte: { ...c, componentes: [...c.componentes, { nome: 'SEC/CAT', valor: 0 }] } }));
    expect(l(r, 'NAO_MAPEADO').situacao).toBe('INFO');
    expect(r.resultado).toBe(1);
  });
});

describe('auditoria: tolerâncias', () => {
  it('15. 1 % acima: GRIS +1,00 ≤ 1,14 (1 % de 113,64) e total +1,00 ≤ 10,45: Aprovada', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 114.64), tolerancias: [{ percentualAcima: 1 }] }));
    expect(l(r, 'COMPONENTE', 'GRIS').situacao).toBe('OK');
    expect(l(r, 'COMPONENTE', 'GRIS').mensagem).toContain('R$ 1,00 (0,88 %) acima, dentro da tolerância (acima: até 1 % do esperado; abaixo: nenhuma (exato ao centavo))');
    expect(r.resultado).toBe(1);
  });

  it('16. % e R$ juntos valem o mais estrito: min(1,14; 0,50) = 0,50 < 1,00', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 114.64), tolerancias: [{ percentualAcima: 1, valorAcima: 0.5 }] }));
    expect(l(r, 'COMPONENTE', 'GRIS').situacao).toBe('ACIMA');
    expect(l(r, 'TOTAL').situacao).toBe('ACIMA');
  });

  it('17. R$ 2,00 acima: diferença igual ao limite passa; 2,01 não', () => {
    const tol = [{ valorAcima: 2 }];
    expect(auditarCte(entrada({ cte: cteCom('GRIS', 115.64), tolerancias: tol })).resultado).toBe(1);
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 115.65), tolerancias: tol }));
    expect(l(r, 'COMPONENTE', 'GRIS')).toMatchObject({ diferenca: 2.01, situacao: 'ACIMA' });
  });

  it('18. cobrança abaixo sem tolerância diverge (FRETE_PESO −5,00)', () => {
    const r = auditarCte(entrada({ cte: cteCom('FRETE PESO', 904.08) }));
    expect(l(r, 'COMPONENTE', 'FRETE_PESO')).toMatchObject({ diferenca: -5, situacao: 'ABAIXO' });
    expect(r.resultado).toBe(2);
  });

  it('19. cobrança abaixo aceita automaticamente quando a tolerância diz', () => {
    const r = auditarCte(entrada({ cte: cteCom('FRETE PESO', 904.08), tolerancias: [{ aceitarAbaixo: true }] }));
    expect(l(r, 'COMPONENTE', 'FRETE_PESO').situacao).toBe('ABAIXO_ACEITO');
    expect(l(r, 'TOTAL').situacao).toBe('ABAIXO_ACEITO');
    expect(r.resultado).toBe(1);
  });

  it('20. 1 % abaixo: −5,00 ≤ 9,09 (1 % de 909,08)', () => {
    const r = auditarCte(entrada({ cte: cteCom('FRETE PESO', 904.08), tolerancias: [{ percentualAbaixo: 1 }] }));
    expect(r.resultado).toBe(1);
  });

  it('21. os lados são separados: tolerância só abaixo não cobre cobrança acima', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 114.64), tolerancias: [{ percentualAbaixo: 50, valorAbaixo: 100 }] }));
    expect(l(r, 'COMPONENTE', 'GRIS').situacao).toBe('ACIMA');
  });

  it('22. a mais específica vale: transportador+componente > transportador > componente > geral', () => {
    const geral = { percentualAcima: 1 };
    const comp = { componente: 'GRIS', percentualAcima: 2 };
    const transp = { transportadorUid: 'tr-1', percentualAcima: 3 };
    const ambos = { transportadorUid: 'tr-1', componente: 'GRIS', percentualAcima: 4 };
    expect(resolverTolerancia([geral, comp, transp, ambos], 'tr-1', 'GRIS')).toBe(ambos);
    expect(resolverTolerancia([geral, comp, transp], 'tr-1', 'GRIS')).toBe(transp);
    expect(resolverTolerancia([geral, comp], 'tr-1', 'GRIS')).toBe(comp);
    expect(resolverTolerancia([geral], 'tr-1', 'GRIS')).toBe(geral);
    expect(resolverTolerancia([comp, transp], 'tr-1', null)).toBe(transp);
    expect(resolverTolerancia([comp], 'tr-1', null)).toBeNull();
  });

  it('23. tolerância de outro transportador não se aplica', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 114.64), tolerancias: [{ transportadorUid: 'tr-2', percentualAcima: 10 }] }));
    expect(r.resultado).toBe(2);
  });

  it('24. tolerância por componente: GRIS 10 % aceita +10,00 (≤ 11,36) mas o total (+10,00 sem tolerância) diverge', () => {
    const r = auditarCte(entrada({ cte: cteCom('GRIS', 123.64), tolerancias: [{ componente: 'GRIS', percentualAcima: 10 }] }));
    expect(l(r, 'COMPONENTE', 'GRIS').situacao).toBe('OK');
    expect(l(r, 'TOTAL').situacao).toBe('ACIMA');
    expect(r.resultado).toBe(2);
  });

  it('25. % sobre esperado zero não tolera nada; R$ tolera', () => {
    expect(l(auditarCte(entrada({ cte: cteCom('TDE', 5), tolerancias: [{ percentualAcima: 50 }] })), 'COMPONENTE', 'TDE').situacao).toBe('ACIMA');
    expect(l(auditarCte(entrada({ cte: cteCom('TDE', 5), tolerancias: [{ valorAcima: 5 }] })), 'COMPONENTE', 'TDE').situacao).toBe('OK');
  });
});

describe('auditoria: ICMS e regras tributárias', () => {
  it('26. SP → RJ com 7 %: alíquota errada (esperada 12 %, Res. Senado 22/1989)', () => {
    const cte = cteBase({ icms: { cst: '00', base: 1045.45, aliquota: 7, valor: 73.18 } });
    const r = auditarCte(entrada({ cte }));
    expect(l(r, 'ICMS_ALIQUOTA')).toMatchObject({ cobrado: 7, esperado: 12, diferenca: -5, situacao: 'DIVERGENTE' });
    expect(l(r, 'ICMS_ALIQUOTA').mensagem).toBe('Alíquota de ICMS errada: o CT-e aplica 7 %, a esperada é 12 % (interestadual SP → RJ (Resolução do Senado 22/1989)).');
    expect(l(r, 'ICMS_VALOR')).toMatchObject({ cobrado: 73.18, esperado: 125.45, diferenca: -52.27 });
    expect(r.resultado).toBe(2);
  });

  it('27. SP → BA espera 7 %', () => {
    const cte = cteBase({ destino: { municipioIbge: '2927408', uf: 'BA' }, icms: { cst: '00', base: 1045.45, aliquota: 7, valor: 73.18 } });
    const r = auditarCte(entrada({ cte }));
    expect(l(r, 'ICMS_ALIQUOTA')).toMatchObject({ esperado: 7, situacao: 'OK' });
    expect(l(r, 'ICMS_VALOR')).toMatchObject({ esperado: 73.18, situacao: 'OK' }); // 1.045,45 × 7 % = 73,1815
  });

  it('28. intraestadual usa a alíquota interna cadastrada; sem ela, não confere (INFO)', () => {
    const cte = cteBase({ destino: { municipioIbge: '3509502', uf: 'SP' } });
    expect(l(auditarCte(entrada({ cte, regraTributaria: { simplesNacional: false, aliquotaInterna: 12 } })), 'ICMS_ALIQUOTA').situacao).toBe('OK');
    const sem = l(auditarCte(entrada({ cte })), 'ICMS_ALIQUOTA');
    expect(sem.situacao).toBe('INFO');
    expect(sem.mensagem).toContain('intraestadual em SP sem alíquota interna cadastrada');
    expect(l(auditarCte(entrada({ cte, regraTributaria: { simplesNacional: false, aliquotaInterna: 0 } })), 'ICMS_ALIQUOTA').situacao).toBe('DIVERGENTE');
  });

  it('29. valor do ICMS um centavo a mais que base × alíquota diverge', () => {
    const r = auditarCte(entrada({ cte: cteBase({ icms: { cst: '00', base: 1045.45, aliquota: 12, valor: 125.46 } }) }));
    expect(l(r, 'ICMS_VALOR')).toMatchObject({ cobrado: 125.46, esperado: 125.45, diferenca: 0.01, situacao: 'DIVERGENTE' });
  });

  it('30. Simples Nacional sem ICMS destacado: Aprovada (cálculo sem ICMS, total 920)', () => {
    const calculo = calculoBase({ aliquotaIcms: 0, icms: 0, total: 920 });
    const cte = cteBase({ componentes: [{ nome: 'FRETE PESO', valor: 800 }, { nome: 'GRIS', valor: 100 }, { nome: 'PEDAGIO', valor: 20 }],
      valorPrestacao: 920, icms: { cst: 'SN', base: null, aliquota: null, valor: null } });
    const r = auditarCte(entrada({ cte, calculo, regraTributaria: { simplesNacional: true } }));
    expect(r.resultado).toBe(1);
    expect(l(r, 'ICMS_VALOR').mensagem).toBe('ICMS: transportador do Simples Nacional, sem ICMS destacado, como esperado.');
  });

  it('31. Simples Nacional que destaca ICMS diverge', () => {
    const r = auditarCte(entrada({ regraTributaria: { simplesNacional: true } }));
    expect(l(r, 'ICMS_VALOR')).toMatchObject({ cobrado: 125.45, esperado: 0, situacao: 'DIVERGENTE' });
    expect(l(r, 'ICMS_VALOR').mensagem).toBe('ICMS: transportador optante pelo Simples Nacional não destaca ICMS; o CT-e destaca R$ 125,45 (alíquota 12 %).');
    expect(r.resultado).toBe(2);
  });

  it('32. alíquota interestadual da regra (aéreo 4 %) substitui a da resolução', () => {
    const cte = cteBase({ icms: { cst: '00', base: 1045.45, aliquota: 4, valor: 41.82 } });
    const r = auditarCte(entrada({ cte, regraTributaria: { simplesNacional: false, aliquotaInterestadual: 4 } }));
    expect(l(r, 'ICMS_ALIQUOTA').situacao).toBe('OK');
    expect(l(r, 'ICMS_VALOR')).toMatchObject({ esperado: 41.82, situacao: 'OK' }); // 41,818
  });
});

describe('auditoria: fontes spot e simulação, sem cálculo', () => {
  const spot = esperadoSpot({ valor: 1000, icmsIncluso: false, aliquotaIcms: 12, descricao: 'Cotação 42', referenciaUid: 'cot-42' });
  const cteSpot = (total: number, icms: number) => cteBase({ componentes: [{ nome: 'FRETE PESO', valor: total - 36.36 }, { nome: 'GRIS', valor: 36.36 }],
    valorPrestacao: total, icms: { cst: '00', base: total, aliquota: 12, valor: icms } });

  it('33. spot de R$ 1.000 sem ICMS: 1.000/0,88 = 1.136,36; componentes só informativos', () => {
    expect(spot).toMatchObject({ total: 1136.36, icms: 136.36, fonte: 'SPOT', porComponente: false });
    const r = auditarCte(entrada({ cte: cteSpot(1136.36, 136.36), calculo: spot }));
    expect(r.resultado).toBe(1);
    expect(r.fonte).toBe('SPOT');
    expect(l(r, 'COMPONENTE', 'GRIS').situacao).toBe('INFO');
    expect(r.resumo).toContain('Cotação spot aprovada: Cotação 42');
  });

  it('34. spot cobrado R$ 5,00 acima: só o total diverge', () => {
    const r = auditarCte(entrada({ cte: cteSpot(1141.36, 136.96), calculo: spot }));
    expect(r.resultado).toBe(2);
    expect(l(r, 'TOTAL')).toMatchObject({ diferenca: 5, situacao: 'ACIMA' });
    expect(r.linhas.filter((x) => x.tipo === 'COMPONENTE').every((x) => x.situacao === 'INFO')).toBe(true);
  });

  it('35. spot com ICMS incluso: o total é o valor combinado', () => {
    expect(esperadoSpot({ valor: 1000, icmsIncluso: true, aliquotaIcms: 12, descricao: 'x' })).toMatchObject({ total: 1000, icms: 120 });
  });

  it('36. simulação selecionada: a fonte aparece no resultado', () => {
    const sim = esperadoDoMotor({ cotado: true, rotaUid: 'r', componentes: [{ componente: 'FRETE_PESO', valor: 800 }, { componente: 'GRIS', valor: 100 }, { componente: 'PEDAGIO', valor: 20 }],
      ajusteMinimo: 0, valorSemIcms: 920, aliquotaIcms: 12, icms: 125.45, total: 1045.45 }, 'SIMULACAO', { descricao: 'Simulação do pedido 7' });
    const r = auditarCte(entrada({ calculo: sim }));
    expect(r).toMatchObject({ resultado: 1, fonte: 'SIMULACAO' });
    expect(r.resumo).toContain('Simulação selecionada no pedido: Simulação do pedido 7');
  });

  it('37. motor sem rota → Sem cálculo com o motivo', () => {
    const semRota = esperadoDoMotor({ cotado: false, motivo: 'Nenhuma rota da tabela atende origem SP → destino AM.' }, 'TABELA', { descricao: 'x' });
    const r = auditarCte(entrada({ calculo: semRota }));
    expect(r.resultado).toBe(3);
    expect(r.resumo).toBe('Sem cálculo: Nenhuma rota da tabela atende origem SP → destino AM.');
    expect(r.valorEsperado).toBeNull();
    expect(l(r, 'COMPONENTE', 'GRIS')).toMatchObject({ cobrado: 113.64, situacao: 'INFO' });
  });

  it('38. sem tabela vigente e ICMS errado: Divergente (o imposto se confere sem cálculo)', () => {
    const r = auditarCte(entrada({ calculo: { calculado: false, motivo: 'Nenhuma tabela vigente em 15/04/2026.' },
      cte: cteBase({ icms: { cst: '00', base: 1045.45, aliquota: 7, valor: 73.18 } }) }));
    expect(r.resultado).toBe(2);
    expect(r.resumo).toContain('sem cálculo: Nenhuma tabela vigente');
  });
});

describe('auditoria: taxas especiais, duplicidade, complementar, anulação, substituto', () => {
  it('39. taxa especial no componente DESCARGA (R$ 150,00) soma ao esperado', () => {
    const cte = cteCom('DESCARGA', 150);
    const r = auditarCte(entrada({ cte, taxasEspeciais: [{ descricao: 'Descarga', valor: 150, componente: 'DESCARGA' }] }));
    expect(l(r, 'COMPONENTE', 'DESCARGA')).toMatchObject({ cobrado: 150, esperado: 150, situacao: 'OK' });
    expect(l(r, 'TOTAL')).toMatchObject({ cobrado: 1195.45, esperado: 1195.45 });
    expect(r.resultado).toBe(1);
    expect(auditarCte(entrada({ cte })).resultado).toBe(2);
  });

  it('40. taxa especial sem componente soma só ao total (spot 1.136,36 + diária 50 = 1.186,36)', () => {
    const spot = esperadoSpot({ valor: 1000, icmsIncluso: false, aliquotaIcms: 12, descricao: 'Cotação' });
    const cte = cteBase({ componentes: [{ nome: 'FRETE PESO', valor: 1186.36 }], valorPrestacao: 1186.36, icms: { cst: '00', base: 1186.36, aliquota: 12, valor: 142.36 } });
    const r = auditarCte(entrada({ cte, calculo: spot, taxasEspeciais: [{ descricao: 'Diária', valor: 50 }] }));
    expect(l(r, 'TOTAL')).toMatchObject({ esperado: 1186.36, diferenca: 0 });
    expect(r.resultado).toBe(1);
  });

  it('41. duplicidade informada torna Divergente mesmo com valores exatos', () => {
    const r = auditarCte(entrada({ duplicidades: ['a NF-e 3526… também está no CT-e 124/1 do mesmo transportador.'] }));
    expect(r.resultado).toBe(2);
    expect(l(r, 'DUPLICIDADE').mensagem).toBe('Cobrança em duplicidade: a NF-e 3526… também está no CT-e 124/1 do mesmo transportador.');
  });

  const d = (uid: string, p: Partial<Parameters<typeof detectarDuplicidades>[0][number]> = {}) => ({
    uid, chave: `chave-${uid}`, numero: Number(uid.replace(/\D/g, '')), serie: 1, transportador: 'tr-1', tipoCte: 0 as const, cancelado: false, nfes: ['nfe-a'], ...p,
  });

  it('42. mesma NF-e em dois CT-es normais do mesmo transportador: marcado nos dois', () => {
    const m = detectarDuplicidades([d('c1'), d('c2')]);
    expect(m.get('c1')).toEqual(['a NF-e nfe-a também está no CT-e 2/1 do mesmo transportador.']);
    expect(m.get('c2')).toEqual(['a NF-e nfe-a também está no CT-e 1/1 do mesmo transportador.']);
  });

  it('43. mesma NF-e em transportadores diferentes, num complementar ou num cancelado: não é duplicidade', () => {
    expect(detectarDuplicidades([d('c1'), d('c2', { transportador: 'tr-2' })]).size).toBe(0);
    expect(detectarDuplicidades([d('c1'), d('c2', { tipoCte: 1 })]).size).toBe(0);
    expect(detectarDuplicidades([d('c1'), d('c2', { cancelado: true })]).size).toBe(0);
  });

  it('43b. reentrega: tentativa ou cobrança na NF-e entre os dois CT-es tira a duplicidade só dessa NF-e', () => {
    const c1 = d('c1', { emissao: '2026-03-02T12:00:00.000Z', nfes: ['nfe-a', 'nfe-b'] });
    const c2 = d('c2', { emissao: '2026-03-05T12:00:00.000Z', nfes: ['nfe-a', 'nfe-b'] });
    const evento = (dataHora: string, transportador: string | null = 'tr-1', nfe = 'nfe-a') => ({ nfe, transportador, dataHora });
    // attempt on 03/03 between the CT-es of 02/03 and 05/03: nfe-a is a re-delivery; nfe-b still repeats
    const m = detectarDuplicidades([c2, c1], [evento('2026-03-03T10:00:00.000Z')]);
    expect(m.get('c1')).toEqual(['a NF-e nfe-b também está no CT-e 2/1 do mesmo transportador.']);
    expect(m.get('c2')).toEqual(['a NF-e nfe-b também está no CT-e 1/1 do mesmo transportador.']);
    const ambas = [evento('2026-03-03T10:00:00.000Z'), evento('2026-03-05T12:00:00.000Z', null, 'nfe-b')];
    expect(detectarDuplicidades([c1, c2], ambas).size).toBe(0);
    // before the first CT-e, after the second, another carrier's, or without emission dates: still duplicate
    for (const fora of [evento('2026-03-01T10:00:00.000Z'), evento('2026-03-06T10:00:00.000Z'), evento('2026-03-03T10:00:00.000Z', 'tr-2')]) {
      expect(detectarDuplicidades([c1, c2], [fora, evento('2026-03-03T10:00:00.000Z', null, 'nfe-b')]).get('c1')).toHaveLength(1);
    }
    expect(detectarDuplicidades([d('c1', { nfes: ['nfe-a'] }), d('c2', { nfes: ['nfe-a'] })], [evento('2026-03-03T10:00:00.000Z')]).size).toBe(2);
  });

  it('44. chave repetida e número/série repetido do mesmo transportador', () => {
    const chave = detectarDuplicidades([d('c1', { nfes: [] }), d('c2', { chave: 'chave-c1', nfes: [] })]);
    expect(chave.get('c2')).toEqual(['a chave chave-c1 se repete em outro registro de CT-e.']);
    const num = detectarDuplicidades([d('c7', { nfes: ['x'] }), d('c8', { numero: 7, nfes: ['y'] })]);
    expect(num.get('c7')).toEqual(['o número 7/1 se repete no CT-e de chave chave-c8.']);
    expect(num.get('c8')).toEqual(['o número 7/1 se repete no CT-e de chave chave-c7.']);
    expect(detectarDuplicidades([d('c7'), d('c8', { numero: 7, serie: 2, nfes: [] })]).size).toBe(0);
  });

  it('45. complementar soma ao original: 1.035,45 + 10,00 de GRIS = 1.045,45 → Aprovada', () => {
    const original = cteCom('GRIS', 103.64); // 1.035,45; ICMS 124,25 (124,254)
    expect(original).toMatchObject({ valorPrestacao: 1035.45, icms: { valor: 124.25 } });
    expect(auditarCte(entrada({ cte: original })).resultado).toBe(2);
    const comp = cteBase({ uid: 'cte-2', tipoCte: 1, componentes: [{ nome: 'GRIS', valor: 10 }], valorPrestacao: 10, valorReceber: 10, icms: { cst: '00', base: 10, aliquota: 12, valor: 1.2 } });
    const soma = consolidarComplementares(original, [comp]);
    expect(soma).toMatchObject({ valorPrestacao: 1045.45, icms: { base: 1045.45, valor: 125.45, aliquota: 12 } });
    expect(soma.componentes).toEqual([{ nome: 'FRETE PESO', valor: 909.08 }, { nome: 'GRIS', valor: 113.64 }, { nome: 'PEDAGIO', valor: 22.73 }]);
    expect(auditarCte(entrada({ cte: soma })).resultado).toBe(1);
  });

  it('46. complementar cancelado não soma', () => {
    const original = cteBase();
    const comp = cteBase({ tipoCte: 1, cancelado: true, valorPrestacao: 10 });
    expect(consolidarComplementares(original, [comp])).toBe(original);
  });

  it('47. efeito de cada tipo de CT-e na auditoria', () => {
    expect(efeitoNaAuditoria({ tipoCte: 0, cancelado: false })).toBe('AUDITAR');
    expect(efeitoNaAuditoria({ tipoCte: 1, cancelado: false })).toBe('SOMAR_AO_ORIGINAL');
    expect(efeitoNaAuditoria({ tipoCte: 2, cancelado: false })).toBe('ANULAR_ORIGINAL');
    expect(efeitoNaAuditoria({ tipoCte: 3, cancelado: false })).toBe('SUBSTITUIR_ORIGINAL');
    expect(efeitoNaAuditoria({ tipoCte: 0, cancelado: true })).toBe('REMOVER');
  });
});
