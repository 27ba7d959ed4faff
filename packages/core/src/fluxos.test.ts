import { describe, expect, it } from 'vitest';
import {
  ACOES_COTACAO,
  ACOES_EMBARQUE,
  ACOES_ORDEM_COLETA,
  type AcaoCotacao,
  acaoProibida,
  aplicarAcaoCotacao,
} from './fluxos.ts';
import { STATUS, type StatusKey, statusValues, transicaoProibida } from './status.ts';

// Every status × every target (or command) of the procurement machines, written out by hand: a change
// to a machine in status.ts must be a deliberate change of this table too.

function matriz(maquina: StatusKey, esperado: Record<number, number[]>) {
  for (const de of statusValues(maquina)) {
    for (const para of statusValues(maquina)) {
      if (de === para) continue;
      const permitido = esperado[de].includes(para);
      const erro = transicaoProibida(maquina, de, para);
      expect(erro === null, `${maquina}: ${de} → ${para}`).toBe(permitido);
      if (!permitido) {
        // The 409 names both statuses.
        const [a, b] = [de, para].map((v) => STATUS[maquina].values.find((s) => s.value === v)?.label as string);
        expect(erro).toContain(`'${a}'`);
        expect(erro).toContain(`'${b}'`);
      }
    }
  }
}

describe('máquinas de estado (todas as transições)', () => {
  it('solicitação de frete', () => {
    matriz('solicitacaoFrete', { 1: [2, 4], 2: [1, 3, 4], 3: [2, 4], 4: [3, 5], 5: [] });
  });
  it('cotação de frete', () => {
    matriz('cotacaoFrete', { 1: [2, 5], 2: [3, 5], 3: [2, 4, 5], 4: [], 5: [] });
  });
  it('situação de aprovação', () => {
    matriz('aprovacao', { 1: [2, 6], 2: [3, 6], 3: [2, 4, 5, 6], 4: [2, 6], 5: [], 6: [] });
  });
  it('ordem de coleta', () => {
    matriz('ordemColeta', { 1: [2, 6], 2: [3, 6], 3: [4, 5, 6], 4: [], 5: [1], 6: [] });
  });
  it('embarque', () => {
    matriz('embarque', { 1: [2, 4], 2: [1, 3, 4], 3: [1], 4: [1] });
  });
  it('status inexistente é recusado', () => {
    expect(transicaoProibida('embarque', 1, 9)).toBe('Status 9 inexistente.');
  });
});

describe('comandos da cotação (cada estado alcançável × cada comando)', () => {
  const X = null;
  // [status, situação] → the state after each command, or X when forbidden.
  const tabela: [number, number, Record<AcaoCotacao, [number, number] | null>][] = [
    [1, 1, { abrir: [2, 2], fechar: X, aprovar: X, reprovar: X, cancelar: [5, 6] }],
    [2, 2, { abrir: X, fechar: [3, 3], aprovar: X, reprovar: X, cancelar: [5, 6] }],
    [3, 3, { abrir: [2, 2], fechar: X, aprovar: [4, 5], reprovar: [3, 4], cancelar: [5, 6] }],
    [3, 4, { abrir: [2, 2], fechar: X, aprovar: X, reprovar: X, cancelar: [5, 6] }],
    [4, 5, { abrir: X, fechar: X, aprovar: X, reprovar: X, cancelar: X }],
    [5, 6, { abrir: X, fechar: X, aprovar: X, reprovar: X, cancelar: X }],
  ];
  for (const [status, situacao, esperado] of tabela) {
    for (const acao of Object.keys(ACOES_COTACAO) as AcaoCotacao[]) {
      it(`(${status}, ${situacao}) ${acao}`, () => {
        const r = aplicarAcaoCotacao({ status, situacao }, acao);
        const e = esperado[acao];
        if (e) expect(r).toEqual({ status: e[0], situacao: e[1] });
        else expect((r as { erro: string }).erro).toMatch(/^Não é permitido mudar .* de '.+' para '.+'\.$/);
      });
    }
  }
  it('uma segunda aprovação é recusada nomeando as duas situações', () => {
    expect(aplicarAcaoCotacao({ status: 4, situacao: 5 }, 'aprovar')).toEqual({
      erro: "Não é permitido mudar a situação de aprovação de 'Finalizada' para 'Finalizada'.",
    });
  });
});

function comandos(maquina: StatusKey, acoes: Record<string, { para: number }>, esperado: Record<number, string[]>) {
  for (const status of statusValues(maquina)) {
    for (const acao of Object.keys(acoes)) {
      const erro = acaoProibida(maquina, acoes, status, acao);
      expect(erro === null, `${maquina}: ${status} ${acao}`).toBe(esperado[status].includes(acao));
    }
  }
}

describe('comandos por status', () => {
  it('ordem de coleta', () => {
    comandos('ordemColeta', ACOES_ORDEM_COLETA, {
      1: ['aguardar-liberacao', 'cancelar'],
      2: ['enviar', 'cancelar'],
      3: ['confirmar', 'recusar', 'cancelar'],
      4: [],
      5: ['voltar-rascunho'],
      6: [],
    });
    expect(acaoProibida('ordemColeta', ACOES_ORDEM_COLETA, 6, 'confirmar')).toBe(
      "Não é permitido mudar o status de 'Cancelada' para 'Confirmada'.",
    );
  });
  it('embarque', () => {
    comandos('embarque', ACOES_EMBARQUE, { 1: ['embarcado', 'cancel'], 2: ['reabrir', 'concluir', 'cancel'], 3: ['reabrir'], 4: ['reabrir'] });
    expect(acaoProibida('embarque', ACOES_EMBARQUE, 4, 'cancel')).toBe("O registro já está em 'Cancelado'.");
    expect(acaoProibida('embarque', ACOES_EMBARQUE, 1, 'x')).toBe("Ação 'x' inexistente.");
  });
});
