import { describe, expect, it } from 'vitest';
import { auditarCte, esperadoDoMotor, esperadoSpot } from './index.ts';
import { calculoBase, cteBase, entrada } from './fixtures.ts';
import { kg } from './peso-base.ts';
import type { EntradaAuditoria, ResultadoAuditoria, Tolerancia } from './tipos.ts';

// The carrier's declared base weight (infQ "PESO BASE DE CALCULO") against the weight the calculation charged
// on (the engine's pesoTaxado). The money lines of the base CT-e match the calculation exactly, so only the
// PESO_BASE line can make these audits Divergente. Calculation: 150 kg real, 180 kg taxed (cubed).

const linha = (r: ResultadoAuditoria) => r.linhas.find((x) => x.tipo === 'PESO_BASE');
const com = (pesoBaseCalculo: number | string | null, p: Partial<EntradaAuditoria> = {}) =>
  auditarCte(entrada({ cte: cteBase({ pesoCarga: 150, pesoBaseCalculo }), calculo: calculoBase({ pesoKg: 150, pesoTaxado: 180 }), ...p }));
const geral: Tolerancia = { transportadorUid: null, componente: null, percentualAcima: 1, valorAcima: 1, percentualAbaixo: 1, valorAbaixo: 1 };

describe('auditoria: peso base de cálculo declarado pelo transportador', () => {
  it('igual ao peso taxado do cálculo (180 kg, não os 150 kg reais): linha OK, Aprovada', () => {
    const r = com('180.0000');
    expect(r.resultado).toBe(1);
    expect(linha(r)).toMatchObject({
      componente: 'PESO_BASE', cobrado: 180, esperado: 180, diferenca: 0, situacao: 'OK',
      mensagem: 'Peso base de cálculo: 180 kg declarado no CT-e, 180 kg usado no cálculo: iguais.',
    });
  });

  it('200 kg declarados contra 180 kg: 20 kg = 11,11 % acima; a tolerância geral (1 % e R$ 1,00) empresta só o %: 1,8 kg → Divergente', () => {
    const r = com(200, { tolerancias: [geral] });
    expect(r.resultado).toBe(2);
    expect(linha(r)).toMatchObject({
      cobrado: 200, esperado: 180, diferenca: 20, percentual: 11.11, situacao: 'ACIMA',
      tolerancia: 'acima: até 1 % do esperado; abaixo: até 1 % do esperado',
      mensagem: 'Peso base de cálculo: 200 kg declarado no CT-e, 180 kg usado no cálculo — 20 kg (11,11 %) acima, fora da tolerância (acima: até 1 % do esperado; abaixo: até 1 % do esperado).',
    });
    expect(r.resumo).toContain('1 ponto(s) fora da tolerância: peso base de cálculo 20 kg acima.');
  });

  it('181,5 kg: 1,5 kg ≤ 1 % de 180 (1,8 kg) → OK; sem tolerância alguma, exato → ACIMA', () => {
    expect(linha(com(181.5, { tolerancias: [geral] }))).toMatchObject({ diferenca: 1.5, situacao: 'OK' });
    expect(com(181.5, { tolerancias: [geral] }).resultado).toBe(1);
    const r = com(181.5);
    expect(linha(r)).toMatchObject({ situacao: 'ACIMA', tolerancia: 'sem tolerância cadastrada (peso exato)' });
    expect(r.resultado).toBe(2);
  });

  it('tolerância própria PESO_BASE em kg (do transportador): 2 kg acima ok; com 0,5 % (0,9 kg) e 2 kg vale o menor', () => {
    const propria: Tolerancia = { transportadorUid: 'tr-1', componente: 'PESO_BASE', valorAcima: 2 };
    expect(linha(com(181.5, { tolerancias: [geral, propria] }))).toMatchObject({ situacao: 'OK', tolerancia: 'acima: até 2 kg; abaixo: nenhuma (peso exato)' });
    const estrita = { ...propria, percentualAcima: 0.5 };
    expect(linha(com(181.5, { tolerancias: [estrita] }))).toMatchObject({ situacao: 'ACIMA', tolerancia: 'acima: até 0,5 % do esperado e 2 kg; abaixo: nenhuma (peso exato)' });
    // Another carrier's PESO_BASE tolerance does not apply: the general one's 1 % does (1,5 ≤ 1,8).
    expect(linha(com(181.5, { tolerancias: [geral, { ...propria, transportadorUid: 'tr-2', valorAcima: 0 }] }))).toMatchObject({ situacao: 'OK' });
  });

  it('peso declarado abaixo (150 kg contra 180): ABAIXO; com aceitarAbaixo, aceito e não decide', () => {
    expect(linha(com(150))).toMatchObject({ diferenca: -30, percentual: -16.67, situacao: 'ABAIXO' });
    const r = com(150, { tolerancias: [{ ...geral, aceitarAbaixo: true }] });
    expect(linha(r)).toMatchObject({ situacao: 'ABAIXO_ACEITO', mensagem: 'Peso base de cálculo: 150 kg declarado no CT-e, 180 kg usado no cálculo — 30 kg (16,67 %) abaixo, peso abaixo aceito automaticamente.' });
    expect(r.resultado).toBe(1);
  });

  it('sem peso base no CT-e (ou sem cálculo): nenhuma linha', () => {
    expect(linha(com(null))).toBeUndefined();
    expect(linha(auditarCte(entrada({ cte: cteBase({ pesoBaseCalculo: 180 }), calculo: { calculado: false, motivo: 'sem tabela' } })))).toBeUndefined();
  });

  it('cálculo sem peso taxado (cotação spot): compara com o peso da carga e só informa', () => {
    const spot = esperadoSpot({ valor: 1045.45, icmsIncluso: true, aliquotaIcms: 12, descricao: 'cotação 7', pesoKg: 150 });
    const r = auditarCte(entrada({ cte: cteBase({ pesoBaseCalculo: 180 }), calculo: spot }));
    expect(linha(r)).toMatchObject({ cobrado: 180, esperado: 150, situacao: 'INFO', mensagem: 'Peso base de cálculo: 180 kg declarado no CT-e, 150 kg usado no cálculo; a fonte combina só o total.' });
  });

  it('o peso taxado do motor vem para o esperado (esperadoDoMotor)', () => {
    const e = esperadoDoMotor({ cotado: true, rotaUid: 'r', componentes: [], ajusteMinimo: 0, valorSemIcms: 0, aliquotaIcms: 0, icms: 0, total: 0, pesoTaxado: 41.75 }, 'TABELA', { descricao: 'x', pesoKg: 40 });
    expect(e).toMatchObject({ pesoKg: 40, pesoTaxado: 41.75 });
  });

  it('kg no formato brasileiro', () => {
    expect([kg(1234.5), kg(180), kg(0.125), kg(-2), kg(12345678.12345)]).toEqual(['1.234,5 kg', '180 kg', '0,125 kg', '-2 kg', '12.345.678,1235 kg']);
  });
});
