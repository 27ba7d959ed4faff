import { describe, expect, it } from 'vitest';
import { documentosFilterInput, pedidoInput, planejamentoCargaInput } from './api/pedidos.ts';
import { STATUS, type StatusKey, statusValues, transicaoProibida } from './status.ts';

// Orders and load planning: every status × every target, written out by hand, and the input rules.

function matriz(maquina: StatusKey, esperado: Record<number, number[]>) {
  for (const de of statusValues(maquina)) {
    for (const para of statusValues(maquina)) {
      if (de === para) continue;
      const permitido = esperado[de].includes(para);
      const erro = transicaoProibida(maquina, de, para);
      expect(erro === null, `${maquina}: ${de} → ${para}`).toBe(permitido);
      if (!permitido) {
        const [a, b] = [de, para].map((v) => STATUS[maquina].values.find((s) => s.value === v)?.label as string);
        expect(erro).toBe(`Não é permitido mudar o status de '${a}' para '${b}'.`);
      }
    }
  }
}

describe('máquinas de estado', () => {
  it('pedido: Faturado é final', () => {
    matriz('pedido', { 1: [2, 3, 4], 2: [1, 3, 4], 3: [2, 4], 4: [] });
  });
  it('planejamento de carga', () => {
    matriz('planejamentoCarga', { 1: [2], 2: [] });
  });
});

describe('entradas', () => {
  const lugares = { origemMunicipioIbge: '3550308', destinoCep: '20040-002' };
  it('pedido: peso positivo, valor não negativo, decimais com vírgula, origem e destino', () => {
    const ok = pedidoInput.parse({ numero: ' PV-1 ', ...lugares, pesoKg: '1.250,5', valor: '12.000,00' });
    expect(ok).toMatchObject({ numero: 'PV-1', pesoKg: '1250.5', valor: '12000.00', destinoCep: '20040002', volumes: 0 });
    const r = pedidoInput.safeParse({ numero: 'PV-2', pesoKg: 0, valor: -1 });
    expect(r.success).toBe(false);
    const campos = r.error?.issues.map((i) => i.path.join('.')).sort();
    expect(campos).toEqual(['destinoCep', 'origemCep', 'pesoKg', 'valor']);
  });
  it('planejamento: cada documento é uma NF-e ou um pedido', () => {
    const uid = '0a1b2c3d-0000-4000-8000-000000000001';
    expect(planejamentoCargaInput.safeParse({ descricao: 'x', ...lugares, documentos: [{ nfeUid: uid }, { pedidoUid: uid }] }).success).toBe(true);
    const r = planejamentoCargaInput.safeParse({ descricao: 'x', ...lugares, documentos: [{ nfeUid: uid, pedidoUid: uid }] });
    expect(r.error?.issues[0]).toMatchObject({ path: ['documentos', 0, 'nfeUid'], message: 'Informe a NF-e ou o pedido (um dos dois)' });
  });
  it('filtro de documentos: UF em maiúsculas, limite padrão 500', () => {
    expect(documentosFilterInput.parse({ destinoUf: 'rj' })).toMatchObject({ destinoUf: 'RJ', tipo: 'todos', limite: 500 });
  });
});
