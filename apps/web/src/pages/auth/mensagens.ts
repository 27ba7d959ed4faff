import { MSG } from '@fretio/core';

// pt-BR texts for the error codes the authentication facility puts in URLs (?error=...).
const MENSAGENS: Record<string, string> = {
  CredentialsSignin: MSG.credenciaisInvalidas,
  // Our own: the server's CredentialsSignin with code=bloqueado (too many failures; see apps/web/src/app/auth.ts).
  LoginBloqueado: 'Muitas tentativas sem sucesso. Aguarde alguns minutos e tente de novo.',
  SessionRequired: 'Faça login para acessar esta página.',
  // Our own, not next-auth's: the user chose Sair; a 401 ended a signed-in page's session.
  SignedOut: 'Você saiu.',
  SessionExpired: 'Sua sessão expirou. Entre novamente.',
  AccessDenied: 'Acesso negado.',
  Configuration: 'O serviço de autenticação está mal configurado. Avise o suporte.',
  Verification: 'O link de acesso expirou ou já foi usado.',
  MissingCSRF: 'O formulário expirou. Tente entrar novamente.',
  OAuthSignin: 'Não foi possível iniciar a autenticação.',
  OAuthCallbackError: 'Não foi possível concluir a autenticação.',
  OAuthAccountNotLinked: 'Esta conta já está ligada a outro meio de acesso.',
  AccountNotLinkedError: 'Esta conta já está ligada a outro meio de acesso.',
  CallbackRouteError: 'Não foi possível entrar. Tente novamente.',
  Signin: 'Não foi possível entrar. Tente novamente.',
  UnknownError: 'Ocorreu um erro inesperado na autenticação.',
};

export const DEFAULT_AUTH_ERROR = 'Não foi possível entrar. Tente novamente.';

export const mensagemDeErroAuth = (code: string | null | undefined) => (code ? (MENSAGENS[code] ?? DEFAULT_AUTH_ERROR) : null);

/** Codes that are guidance, not failures (shown as info). */
export const isAvisoAuth = (code: string | null | undefined) => code === 'SessionRequired' || code === 'SignedOut' || code === 'SessionExpired';
