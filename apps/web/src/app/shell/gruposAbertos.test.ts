import { describe, expect, it } from 'vitest';
import { comGrupoAtual, gruposAbertos } from './gruposAbertos.ts';

const tree = [
  { group: 'Cadastros', items: [{ path: '/transportadores' }, { path: '/pessoas' }] },
  { group: 'Fretes', items: [{ path: '/tabelasfrete' }, { path: '/calculadora' }] },
  { group: 'Fiscal', items: [{ path: '/nfes' }] },
];

describe('gruposAbertos', () => {
  it('opens only the area of the current screen', () => {
    expect(gruposAbertos(tree, '/pessoas')).toEqual(['grupo:Cadastros']);
    expect(gruposAbertos(tree, '/tabelasfrete/abc/editar')).toEqual(['grupo:Fretes']);
  });
  it('home and unknown paths open none; a prefix that is not a path segment does not count', () => {
    expect(gruposAbertos(tree, '/')).toEqual([]);
    expect(gruposAbertos(tree, '/nfes-antigas')).toEqual([]);
  });
  it('a navigation adds the new area and keeps the ones the user opened', () => {
    expect(comGrupoAtual(['grupo:Fiscal'], tree, '/calculadora')).toEqual(['grupo:Fiscal', 'grupo:Fretes']);
    expect(comGrupoAtual(['grupo:Fretes'], tree, '/calculadora')).toEqual(['grupo:Fretes']);
  });
});
