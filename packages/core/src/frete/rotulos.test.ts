import { describe, expect, it } from 'vitest';
import { generalidadeInput } from '../api/tabelas.ts';
import { unidadeTransportadorInput } from '../api/transportadores.ts';
import { criarSchemaRegra, faixaSchema, localRefSchema } from './esquemas.ts';
import { listaOu } from './rotulos.ts';

const mensagens = (r: { success: boolean; error?: { issues: { message: string }[] } }) => r.error?.issues.map((i) => i.message) ?? [];

// Messages that list the accepted values name them by the screens' labels, never by the engine's codes.
describe('mensagens com os rótulos da tela', () => {
  it('listaOu: "A, B ou C"', () => {
    expect(listaOu(['A'])).toBe('A');
    expect(listaOu({ X: 'A', Y: 'B' })).toBe('A ou B');
    expect(listaOu(['A', 'B', 'C'])).toBe('A, B ou C');
  });
  it('modo da faixa, tipo de local, base e cálculo da regra, tipo da unidade do transportador', () => {
    expect(mensagens(faixaSchema.safeParse({ ate: 10, valor: 1, modo: 'X' }))).toEqual(['Modo da faixa inválido: use Valor fixo, Por unidade ou Excedente']);
    expect(mensagens(localRefSchema.safeParse({ tipo: 'PAIS' }))).toEqual(['Tipo de local inválido: use UF, Município, Região ou Faixa de CEP']);
    const regra = mensagens(criarSchemaRegra().safeParse({ componente: 'FRETE_PESO', base: 'X', calculo: 'Y' }));
    expect(regra).toContain(
      'Base inválida: use Peso taxado (kg), Valor da mercadoria, Fração de 100 kg, Volumes, Documentos (NF-es), Volume (m³), Distância (km), Por CT-e/viagem, Frete peso, Subtotal dos componentes, Frete principal (componentes marcados no catálogo) ou Eixos do veículo',
    );
    expect(regra.find((m) => m.startsWith('Cálculo inválido'))).toBe(
      'Cálculo inválido: use Percentual, Por unidade, Valor fixo, Por faixas ou Comparativo (maior entre mínimo, R$/kg e % do valor)',
    );
    expect(mensagens(unidadeTransportadorInput.safeParse({ tipo: 'X' }))).toContain('Tipo inválido: use Empresa (ETC), Autônomo (TAC) ou Cooperativa (CTC)');
    for (const m of [...regra, ...mensagens(faixaSchema.safeParse({ modo: 'X' }))]) expect(m).not.toMatch(/POR_UNIDADE|FRACAO_100KG|EXCEDENTE|MUNICIPIO|FAIXA_CEP/);
  });
  it('a regra de uma tabela (API) também', () => {
    const r = mensagens(generalidadeInput.safeParse({ componente: 'FRETE_PESO', base: 'X', calculo: 'PERCENTUAL' }));
    expect(r.some((m) => m.startsWith('Base inválida: use Peso taxado (kg),'))).toBe(true);
  });
});
