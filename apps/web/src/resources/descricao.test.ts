import { TIPO_USUARIO } from '@fretio/core';
import { describe, expect, it } from 'vitest';
import { RESOURCES, descricaoPara, resourceByKey } from './registry.ts';

// A carrier's user reads each screen from its side; everyone else the shipper's description.
describe('descrição da tela para quem lê', () => {
  it('o transportador lê a sua versão quando existe; os demais, a do embarcador', () => {
    const ordens = resourceByKey('ordenscoleta');
    if (!ordens) throw new Error('ordenscoleta fora do registro');
    expect(descricaoPara(ordens, TIPO_USUARIO.TRANSPORTADOR)).toMatch(/sua transportadora/);
    expect(descricaoPara(ordens, TIPO_USUARIO.EMBARCADOR)).toBe(ordens.description);
    expect(descricaoPara(ordens, undefined)).toBe(ordens.description);
    const semVersao = RESOURCES.find((r) => r.description && !r.descricaoTransportador);
    if (!semVersao) throw new Error('todas as telas têm versão do transportador');
    expect(descricaoPara(semVersao, TIPO_USUARIO.TRANSPORTADOR)).toBe(semVersao.description);
  });
});
