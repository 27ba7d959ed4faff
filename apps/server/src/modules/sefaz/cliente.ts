import { request } from 'node:https';
import { performance } from 'node:perf_hooks';

// One SOAP 1.2 call with mutual TLS: the shipper's certificate authenticates it. The servers' chain
// is ICP-Brasil, which Node does not trust by default: SEFAZ_CA_FILE names the CA bundle to trust
// (tests use their own CA the same way). The server's certificate is always verified.

export type Identidade = { chavePem: string; certificadoPem: string };
export type Resultado = { status: number; corpo: string; duracaoMs: number };

const RESPOSTA_MAX = 20 * 1024 * 1024;

export function chamarSoap(url: string, envelope: string, id: Identidade, opts: { ca?: string; timeoutMs?: number; acao?: string } = {}): Promise<Resultado> {
  const inicio = performance.now();
  return new Promise((resolve, reject) => {
    const req = request(url, {
      method: 'POST',
      key: id.chavePem,
      cert: id.certificadoPem,
      ...(opts.ca ? { ca: opts.ca } : {}),
      headers: {
        'content-type': `application/soap+xml; charset=utf-8${opts.acao ? `; action="${opts.acao}"` : ''}`,
        'content-length': Buffer.byteLength(envelope),
      },
      timeout: opts.timeoutMs ?? 60_000,
    }, (res) => {
      const partes: Buffer[] = [];
      let total = 0;
      res.on('data', (c: Buffer) => {
        total += c.length;
        if (total > RESPOSTA_MAX) req.destroy(new Error('Resposta do web service grande demais.'));
        else partes.push(c);
      });
      res.on('end', () => resolve({ status: res.statusCode ?? 0, corpo: Buffer.concat(partes).toString('utf8'), duracaoMs: Math.round(performance.now() - inicio) }));
      res.on('error', reject);
    });
    req.on('timeout', () => req.destroy(new Error('O web service não respondeu a tempo.')));
    req.on('error', reject);
    req.end(envelope);
  });
}
