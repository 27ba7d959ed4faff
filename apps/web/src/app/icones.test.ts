// @vitest-environment jsdom
import { describe, expect, it } from 'vitest';
import { iconesEmPortugues } from './icones.ts';

const icone = (nome: string) => `<span role="img" aria-label="${nome}" class="anticon"><svg></svg></span>`;
const espera = () => new Promise((r) => setTimeout(r, 0));

describe('ícones em pt-BR para leitores de tela', () => {
  it('no botão com texto o ícone some do nome; o botão só de ícone ganha o nome em português; fora de controles, a palavra', async () => {
    document.body.innerHTML = `<button id="editar">${icone('edit')}<span>Editar</span></button>`;
    iconesEmPortugues(document);
    expect(document.querySelector('#editar .anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('#editar')?.getAttribute('aria-label')).toBeNull();

    // Added later (a drawer, a page of the table): the observer takes them.
    document.body.insertAdjacentHTML(
      'beforeend',
      `<button id="fechar" type="button">${icone('close')}</button>
       <ul><li title="Próxima página"><button id="proxima">${icone('right')}</button></li></ul>
       <button id="limpar" aria-label="Clear">${icone('close-circle')}</button>
       <button id="x" aria-label="Close"><span>${icone('close')}</span></button>
       <button id="proprio">${icone('Limpar')}</button>
       <div id="th" role="columnheader">Nome ${icone('caret-up')}</div>
       <div id="ok">${icone('check')}</div>`,
    );
    await espera();
    expect(document.querySelector('#fechar')?.getAttribute('aria-label')).toBe('Fechar');
    expect(document.querySelector('#proxima')?.getAttribute('aria-label')).toBe('Próxima página');
    expect(document.querySelector('#limpar')?.getAttribute('aria-label')).toBe('Limpar');
    expect(document.querySelector('#x')?.getAttribute('aria-label')).toBe('Fechar');
    expect(document.querySelector('#proprio')?.getAttribute('aria-label')).toBe('Limpar');
    expect(document.querySelector('#th .anticon')?.getAttribute('aria-hidden')).toBe('true');
    expect(document.querySelector('#ok .anticon')?.getAttribute('aria-label')).toBe('Sim');
  });
});
