import { existsSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ocorrenciaInput } from './api/ocorrencias.ts';
import { ACAO_OCORRENCIA, OCORRENCIAS_PADRAO } from './ocorrencias.ts';

describe('OCORRENCIAS_PADRAO', () => {
  it('is the PROCEDA CSV of shared/data, row by row (the in-repo copy has not drifted)', () => {
    const csv = resolve(__dirname, '../../../../shared/data/edi/ocoren31_codigos_ocorrencia.csv');
    if (!existsSync(csv)) throw new Error(`Tabela PROCEDA ausente: ${csv} (../shared/data)`);
    const linhas = readFileSync(csv, 'utf8').trim().split('\n').slice(1);
    const doCsv = linhas.map((l) => {
      const m = /^(\d{2}),(?:"([^"]*)"|([^,]*)),([SN])$/.exec(l.trim()) as RegExpExecArray;
      return [m[1], m[2] ?? m[3], m[4] === 'S'];
    });
    expect(OCORRENCIAS_PADRAO.map((o) => [o.codigo, o.descricao, o.transporteAereo])).toEqual(doCsv);
  });

  it('gives each code a default action', () => {
    const acao = (c: string) => OCORRENCIAS_PADRAO.find((o) => o.codigo === c);
    expect(acao('01')?.acao).toBe(ACAO_OCORRENCIA.FINALIZA_ENTREGA);
    expect(acao('21')?.acao).toBe(ACAO_OCORRENCIA.TENTATIVA_ENTREGA);
    expect(acao('27')?.acao).toBe(ACAO_OCORRENCIA.BLOQUEIA_DOCUMENTO);
    expect(acao('25')).toMatchObject({ acao: ACAO_OCORRENCIA.COBRANCA_ADICIONAL, tipoCobranca: 'P', valorCobranca: '100' });
    expect(acao('99')?.acao).toBe(ACAO_OCORRENCIA.APENAS_REGISTRA);
    // Every default is itself a valid input.
    for (const o of OCORRENCIAS_PADRAO) expect(ocorrenciaInput.safeParse(o).success, o.codigo).toBe(true);
  });
});

describe('ocorrenciaInput', () => {
  const base = { codigo: 'X1', descricao: 'Teste' };
  it('an extra charge needs its type and a positive value; a percentage above 1000 is refused', () => {
    expect(ocorrenciaInput.safeParse({ ...base, acao: 3, tipoCobranca: 'V', valorCobranca: '0' }).error?.issues.map((i) => i.path.join('.'))).toEqual(['valorCobranca']);
    expect(ocorrenciaInput.safeParse({ ...base, acao: 3, tipoCobranca: 'P', valorCobranca: 1500 }).error?.issues[0].message).toBe('Percentual acima de 1000%');
    expect(ocorrenciaInput.parse({ ...base, acao: 3, tipoCobranca: 'P', valorCobranca: '12,5' })).toMatchObject({ valorCobranca: '12.5' });
  });
  it('an unknown action is refused', () => {
    expect(ocorrenciaInput.safeParse({ ...base, acao: 9 }).error?.issues[0]).toMatchObject({ path: ['acao'], message: 'Ação inválida' });
  });
});
