// Decoding the session cookie (a JWE: key derivation + AES + HMAC) cost ~1–4 ms of CPU per request,
// the largest fixed cost of a request under load (bench/carga.ts). The decoded payload of a token is
// a pure function of the token and the secret, so it is kept for up to a minute (never past `exp`).
// What can change — the user's status, session version, role — is still read from the database on
// every request, so revocation is unaffected. Failures are not cached (random tokens cannot fill it).
// One cache per app (per secret): a token of another secret is never found here.

type Payload = Record<string, unknown> & { exp?: number };
const TTL_MS = 60_000;
const MAXIMO = 10_000;

export function criarCacheSessao() {
  const cache = new Map<string, { payload: Payload; ate: number }>();
  return async function decodificarSessao<P extends Payload>(token: string, decodificar: () => Promise<P | null>): Promise<P | null> {
    const agora = Date.now();
    const achado = cache.get(token);
    if (achado && achado.ate > agora) return achado.payload as P;
    if (achado) cache.delete(token);
    const payload = await decodificar();
    if (!payload) return null;
    const ate = Math.min(agora + TTL_MS, typeof payload.exp === 'number' ? payload.exp * 1000 : agora + TTL_MS);
    // Map keeps insertion order: dropping the first key drops the oldest entry.
    if (cache.size >= MAXIMO) cache.delete(cache.keys().next().value as string);
    cache.set(token, { payload, ate });
    return payload;
  };
}
