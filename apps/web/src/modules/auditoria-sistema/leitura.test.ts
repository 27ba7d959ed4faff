import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../resources/registry.ts';
import { camposDoRecurso, diffLinhas, humanizar, nomeDoAuditado, nomeNoRegistro, rotuloDoCampo, valorLegivel } from './leitura.ts';

// The audit trail's expanded row speaks the screens' words: labels, names, Brazilian formats.
describe('trilha de auditoria: leitura de um registro', () => {
  it('cada campo pelo rótulo da sua tela; o nome repetido do vínculo, o uid e o embarcador ficam de fora', () => {
    const campos = camposDoRecurso('departamentos', RESOURCES);
    const antes = { uid: 'a1', embarcadorUid: 'e1', nome: 'Vendas', centroCustoUid: 'c1', ativo: true, criadoEm: '2026-03-01T12:00:00.000Z' };
    const depois = { ...antes, centroCustoUid: 'c2', centroCustoNome: 'Logística', ativo: false };
    const linhas = diffLinhas(antes, depois, campos);
    expect(linhas.map((l) => l.rotulo)).toEqual(['Centro de custo', 'Ativo', 'Nome', 'Criado em']);
    expect(linhas.filter((l) => l.mudou).map((l) => l.campo)).toEqual(['centroCustoUid', 'ativo']);
    expect(nomeNoRegistro('centroCustoUid', depois, campos.get('centroCustoUid'))).toBe('Logística');
    expect(nomeNoRegistro('centroCustoUid', antes, campos.get('centroCustoUid'))).toBeNull();
  });

  it('rótulo: a tela, senão o mapa de core, senão o comum, senão o código em palavras', () => {
    const campos = camposDoRecurso('fatura', RESOURCES);
    expect(rotuloDoCampo('valor', campos)).toBe('Valor da fatura');
    expect(rotuloDoCampo('vigenciaFim', campos)).toBe('Vigência: fim');
    expect(rotuloDoCampo('atualizadoEm', campos)).toBe('Atualizado em');
    expect(rotuloDoCampo('quantidadeParcelasPagas', campos)).toBe('Quantidade parcelas pagas');
    expect(humanizar('transportadorCadastroUid')).toBe('Transportador cadastro');
  });

  it('valores como as telas mostram: R$, números com vírgula, datas, situação pelo nome', () => {
    const campos = camposDoRecurso('fatura', RESOURCES);
    expect(valorLegivel('1234.5000', campos.get('valor'))).toBe('R$ 1.234,50');
    expect(valorLegivel(1234.5)).toBe('1.234,5');
    expect(valorLegivel('359.2000')).toBe('359,2');
    expect(valorLegivel('3550308')).toBe('3550308');
    expect(valorLegivel('2026-12-01')).toBe('01/12/2026');
    expect(valorLegivel('2026-12-01T15:30:00.000Z')).toBe('01/12/2026 12:30');
    expect(valorLegivel(true)).toBe('Sim');
    expect(valorLegivel(null)).toBe('—');
    expect(valorLegivel(1, campos.get('status'))).toBe('Aberta');
    expect(nomeDoAuditado(null, { codigo: 'CC-1', descricao: 'Frete' })).toBe('Frete');
  });
});
