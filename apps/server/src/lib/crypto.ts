import { createHash, randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';

// Passwords: argon2id. High-entropy tokens (API, reset, activation): SHA-256 is enough and fast.
export const hashSenha = (senha: string) => hash(senha);
export const verificarSenha = async (hashed: string | null, senha: string) => {
  if (!hashed) return false;
  try {
    return await verify(hashed, senha);
  } catch {
    return false;
  }
};
export const sha256 = (v: string) => createHash('sha256').update(v).digest('hex');
export const tokenAleatorio = (bytes = 32) => randomBytes(bytes).toString('base64url');
