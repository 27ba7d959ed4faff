import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Passwords: argon2id. High-entropy tokens (API, reset, activation): SHA-256 is enough and fast.
// The argon2 calls go through one object so tests can observe them (vi.spyOn(argon2, 'verify')).
export const argon2 = { hash: (senha: string) => hash(senha), verify: (hashed: string, senha: string) => verify(hashed, senha) };

export const hashSenha = (senha: string) => argon2.hash(senha);
export const verificarSenha = async (hashed: string | null, senha: string) => {
  if (!hashed) return false;
  try {
    return await argon2.verify(hashed, senha);
  } catch {
    return false;
  }
};

let ficticio: Promise<string> | undefined;
/** A hash of a random password nobody knows, made with the same parameters as real ones: checking a
 * password of an unknown or inactive login against it costs what a real check costs. */
export const hashFicticio = () => (ficticio ??= argon2.hash(randomBytes(32).toString('base64url')));

export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const tokenAleatorio = (bytes = 32) => randomBytes(bytes).toString('base64url');
