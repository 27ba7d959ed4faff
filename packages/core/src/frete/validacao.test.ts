import { describe, expect, it } from 'vitest';
import { rota, tabela } from './fixtures.ts';
import { COMPONENTES_PADRAO, type ErroValidacao, validarTabela } from './index.ts';
import type { Faixa, Regra, TabelaCalculo } from './types.ts';

function erros(t: unknown, componentes?: readonly string[]): ErroValidacao[] {
  const r = validarTabela(t, componentes ? { componentes } : {});
  return r.ok ? [] : r.erros;
}

const comRegra = (regra: Regra): TabelaCalculo => tabela({ rotas: [rota({ regras: [regra] })] });
const comFaixas = (faixas: Faixa[]) => comRegra({ componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA', faixas });

describe('validação da tabela', () => {
  it('aceita uma tabela válida', () => {
    const t = comFaixas([
      { ate: 10, valor: 30, modo: 'FIXO' },
      { ate: 100, valor: 90, modo: 'FIXO' },
      { ate: null, valor: 0.85, modo: 'EXCEDENTE' },
    ]);
    expect(validarTabela(t)).toEqual({ ok: true, tabela: t });
  });

  it('rejeita faixas fora de ordem, apontando o campo', () => {
    expect(
      erros(
        comFaixas([
          { ate: 30, valor: 45, modo: 'FIXO' },
          { ate: 10, valor: 30, modo: 'FIXO' },
        ]),
      ),
    ).toEqual([
      { caminho: 'rotas[0].regras[0].faixas[1].ate', mensagem: expect.stringMatching(/Faixa 2: fora de ordem/) },
    ]);
  });

  it('rejeita faixas sobrepostas (mesmo limite)', () => {
    const e = erros(
      comFaixas([
        { ate: 10, valor: 30, modo: 'FIXO' },
        { ate: 10, valor: 45, modo: 'FIXO' },
      ]),
    );
    expect(e).toEqual([
      { caminho: 'rotas[0].regras[0].faixas[1].ate', mensagem: 'Faixa 2: sobrepõe a faixa 1 (ambas vão até 10)' },
    ]);
  });

  it('rejeita faixa depois de uma faixa sem limite superior', () => {
    const e = erros(
      comFaixas([
        { ate: null, valor: 1, modo: 'POR_UNIDADE' },
        { ate: 500, valor: 0.5, modo: 'POR_UNIDADE' },
      ]),
    );
    expect(e).toEqual([
      {
        caminho: 'rotas[0].regras[0].faixas[1]',
        mensagem: expect.stringMatching(/depois de uma faixa sem limite superior/),
      },
    ]);
  });

  it('rejeita valores negativos', () => {
    const e = erros(comRegra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: -0.3, minimo: -1 }));
    expect(e).toEqual([
      { caminho: 'rotas[0].regras[0].valor', mensagem: 'Valor não pode ser negativo' },
      { caminho: 'rotas[0].regras[0].minimo', mensagem: 'Valor mínimo não pode ser negativo' },
    ]);
    expect(erros(tabela({ rotas: [rota({ freteMinimo: -80 })] }))).toEqual([
      { caminho: 'rotas[0].freteMinimo', mensagem: 'Frete mínimo não pode ser negativo' },
    ]);
  });

  it('rejeita componente fora do catálogo; o catálogo pode ser ampliado', () => {
    const t = tabela({
      generalidades: [{ componente: 'SEGURO_EXTRA', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.1 }],
    });
    expect(erros(t)).toEqual([
      {
        caminho: 'generalidades[0].componente',
        mensagem: 'Componente desconhecido: "SEGURO_EXTRA" não está no catálogo',
      },
    ]);
    expect(erros(t, [...COMPONENTES_PADRAO, 'SEGURO_EXTRA'])).toEqual([]);
  });

  it('exige valor nos cálculos simples, faixas no cálculo FAIXA e mínimo ≤ máximo', () => {
    expect(erros(comRegra({ componente: 'TAS', base: 'VIAGEM', calculo: 'FIXO' }))).toEqual([
      { caminho: 'rotas[0].regras[0].valor', mensagem: 'TAS: o cálculo FIXO exige um valor' },
    ]);
    expect(
      erros(comRegra({ componente: 'FRETE_PESO', base: 'PESO', calculo: 'FAIXA', faixas: [] }))[0].mensagem,
    ).toMatch(/exige ao menos uma faixa/);
    expect(
      erros(
        comRegra({ componente: 'GRIS', base: 'VALOR', calculo: 'PERCENTUAL', valor: 0.3, minimo: 10, maximo: 5 }),
      )[0],
    ).toEqual({
      caminho: 'rotas[0].regras[0].maximo',
      mensagem: 'GRIS: o valor máximo (5) é menor que o mínimo (10)',
    });
  });

  it('rejeita local inválido, rota sem distância para base KM e campos com tipo errado, em pt-BR', () => {
    const t = tabela({
      fatorCubagem: 0,
      rotas: [
        rota({
          origem: { tipo: 'UF', uf: 'XX' },
          destino: { tipo: 'FAIXA_CEP', de: '20000000', ate: '1999' },
          regras: [{ componente: 'PEDAGIO', base: 'KM', calculo: 'POR_UNIDADE', valor: 0.2 }],
        }),
      ],
    });
    expect(erros(t)).toEqual([
      { caminho: 'fatorCubagem', mensagem: 'Fator de cubagem deve ser maior que zero' },
      { caminho: 'rotas[0].origem.uf', mensagem: 'UF desconhecida: "XX"' },
      { caminho: 'rotas[0].destino.ate', mensagem: 'CEP final deve ter 8 dígitos' },
      { caminho: 'rotas[0].distanciaKm', mensagem: 'Rota XX → CEP 20000-000 a 1999: informe a distância, pois há regra com base KM' },
    ]);
    const invertida = tabela({ rotas: [rota({ destino: { tipo: 'FAIXA_CEP', de: '20000-000', ate: '19999-999' } })] });
    expect(erros(invertida)).toEqual([
      { caminho: 'rotas[0].destino.ate', mensagem: 'CEP final deve ser maior ou igual ao CEP inicial' },
    ]);
    expect(erros({ ...tabela(), icmsIncluso: 'sim' })).toEqual([
      { caminho: 'icmsIncluso', mensagem: 'icmsIncluso deve ser verdadeiro ou falso' },
    ]);
  });

  it('aponta rotas repetidas, que nunca seriam escolhidas', () => {
    const t = tabela({ rotas: [rota({ uid: 'a' }), rota({ uid: 'b' })] });
    expect(erros(t)).toEqual([{ caminho: 'rotas[1]', mensagem: expect.stringMatching(/^Rota SP → RJ repete .* da rota 1/) }]);
  });
});
