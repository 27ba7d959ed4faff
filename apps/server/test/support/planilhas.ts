import type { FastifyInstance } from 'fastify';

// Files for import tests, generated in memory: valid CPFs in sequence and multipart bodies.

/** The i-th valid CPF (9 digits from i, then the two check digits): unique for i < 10⁹. */
export function cpfSequencial(i: number): string {
  const base = String(i + 100_000_000).padStart(9, '0').slice(-9);
  const dv = (digitos: string) => {
    let soma = 0;
    for (let k = 0; k < digitos.length; k++) soma += Number(digitos[k]) * (digitos.length + 1 - k);
    const r = (soma * 10) % 11;
    return String(r === 10 ? 0 : r);
  };
  const d1 = dv(base);
  return base + d1 + dv(base + d1);
}

/** A people CSV with n valid rows (documento;nome). */
export function csvPessoas(n: number, inicio = 0): Buffer {
  const linhas = ['documento;nome'];
  for (let i = 0; i < n; i++) linhas.push(`${cpfSequencial(inicio + i)};Pessoa Importada ${inicio + i}`);
  return Buffer.from(`${linhas.join('\r\n')}\r\n`);
}

/** POST of one file (multipart field `file`) through app.inject. */
export async function enviarArquivo(app: FastifyInstance, url: string, cookie: string, dados: Buffer, nome: string) {
  const boundary = '----fretio-importacao';
  const payload = Buffer.concat([
    Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${nome}"\r\nContent-Type: application/octet-stream\r\n\r\n`),
    dados,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  ]);
  const res = await app.inject({ method: 'POST', url, payload, headers: { cookie, 'content-type': `multipart/form-data; boundary=${boundary}` } });
  return {
    status: res.statusCode,
    body: res.json() as { success: boolean; message: string; data?: Record<string, unknown>; errors?: { field: string; message: string }[] },
  };
}
