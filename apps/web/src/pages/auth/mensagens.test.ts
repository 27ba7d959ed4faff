import { describe, expect, it } from 'vitest';
import { isAvisoAuth, mensagemDeErroAuth } from './mensagens.ts';

describe('mensagens do login', () => {
  it('Sair e sessão expirada são avisos com o próprio texto, não o de página protegida', () => {
    expect(mensagemDeErroAuth('SignedOut')).toBe('Você saiu.');
    expect(mensagemDeErroAuth('SessionExpired')).toBe('Sua sessão expirou. Entre novamente.');
    expect(mensagemDeErroAuth('SessionRequired')).toBe('Faça login para acessar esta página.');
    for (const c of ['SignedOut', 'SessionExpired', 'SessionRequired']) expect(isAvisoAuth(c)).toBe(true);
    expect(isAvisoAuth('CredentialsSignin')).toBe(false);
  });
});
