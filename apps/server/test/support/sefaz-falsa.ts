import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { type Server, createServer } from 'node:https';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

// A local stand-in for the SEFAZ distribution services (no machine here reaches the real ones):
// HTTPS that demands a client certificate signed by its CA, answering real-shaped SOAP with docZip made
// from given XML. It also issues the shipper's A1 certificate as a legacy PKCS#12 (RC2-40), as
// Brazilian CAs do.

export type Pedido = { servico: 'nfe' | 'cte'; cnpj: string; ultNSU: string; certificadoCliente: string };
export type Doc = { nsu: number; schema: string; xml: string };
export type Roteiro = (p: Pedido) => { cStat: string; xMotivo: string; ultNSU: number; maxNSU: number; docs?: Doc[] };

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

export function emitirCertificados(cnpj: string, senha: string) {
  const dir = mkdtempSync(join(tmpdir(), 'sefaz-falsa-'));
  openssl(dir, ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'ca.key', '-out', 'ca.pem', '-days', '30', '-subj', '/CN=AC Teste Fretio']);
  writeFileSync(join(dir, 'srv.ext'), 'subjectAltName=DNS:localhost,IP:127.0.0.1\n');
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'srv.key', '-out', 'srv.csr', '-subj', '/CN=localhost']);
  openssl(dir, ['x509', '-req', '-in', 'srv.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'srv.pem', '-days', '30', '-extfile', 'srv.ext']);
  openssl(dir, ['req', '-newkey', 'rsa:2048', '-nodes', '-keyout', 'cli.key', '-out', 'cli.csr', '-subj', `/CN=EMBARCADOR DEMO LTDA:${cnpj}`]);
  openssl(dir, ['x509', '-req', '-in', 'cli.csr', '-CA', 'ca.pem', '-CAkey', 'ca.key', '-CAcreateserial', '-out', 'cli.pem', '-days', '30']);
  openssl(dir, ['pkcs12', '-export', '-legacy', '-inkey', 'cli.key', '-in', 'cli.pem', '-out', 'a1.pfx', '-passout', `pass:${senha}`]);
  return { dir, caFile: join(dir, 'ca.pem'), pfx: readFileSync(join(dir, 'a1.pfx')) };
}

const docZip = (d: Doc) => `<docZip NSU="${String(d.nsu).padStart(15, '0')}" schema="${d.schema}">${gzipSync(Buffer.from(d.xml)).toString('base64')}</docZip>`;

export function respostaSoap(servico: 'nfe' | 'cte', r: ReturnType<Roteiro>) {
  const ns = servico === 'nfe' ? 'http://www.portalfiscal.inf.br/nfe' : 'http://www.portalfiscal.inf.br/cte';
  const metodo = servico === 'nfe' ? 'nfeDistDFeInteresse' : 'cteDistDFeInteresse';
  const wsdl = servico === 'nfe' ? 'http://www.portalfiscal.inf.br/nfe/wsdl/NFeDistribuicaoDFe' : 'http://www.portalfiscal.inf.br/cte/wsdl/CTeDistribuicaoDFe';
  const lote = r.docs?.length ? `<loteDistDFeInt>${r.docs.map(docZip).join('')}</loteDistDFeInt>` : '';
  return `<?xml version="1.0" encoding="utf-8"?><soap:Envelope xmlns:soap="http://www.w3.org/2003/05/soap-envelope"><soap:Body><${metodo}Response xmlns="${wsdl}"><${metodo}Result><retDistDFeInt xmlns="${ns}" versao="1.01"><tpAmb>2</tpAmb><verAplic>1.7.0</verAplic><cStat>${r.cStat}</cStat><xMotivo>${r.xMotivo}</xMotivo><dhResp>2026-11-24T10:00:00-03:00</dhResp><ultNSU>${String(r.ultNSU).padStart(15, '0')}</ultNSU><maxNSU>${String(r.maxNSU).padStart(15, '0')}</maxNSU>${lote}</retDistDFeInt></${metodo}Result></${metodo}Response></soap:Body></soap:Envelope>`;
}

export async function iniciarSefazFalsa(dir: string, roteiro: Roteiro) {
  const pedidos: Pedido[] = [];
  const server: Server = createServer({
    key: readFileSync(join(dir, 'srv.key')),
    cert: readFileSync(join(dir, 'srv.pem')),
    ca: readFileSync(join(dir, 'ca.pem')),
    requestCert: true,
    rejectUnauthorized: true,
  }, (req, res) => {
    const partes: Buffer[] = [];
    req.on('data', (c) => partes.push(c));
    req.on('end', () => {
      const corpo = Buffer.concat(partes).toString('utf8');
      const servico = req.url?.includes('CTe') ? 'cte' : 'nfe';
      const p: Pedido = {
        servico,
        cnpj: /<CNPJ>(\d+)<\/CNPJ>/.exec(corpo)?.[1] ?? '',
        ultNSU: /<ultNSU>(\d+)<\/ultNSU>/.exec(corpo)?.[1] ?? '',
        certificadoCliente: String((req.socket as import('node:tls').TLSSocket).getPeerCertificate().subject?.CN ?? ''),
      };
      pedidos.push(p);
      res.writeHead(200, { 'content-type': 'application/soap+xml; charset=utf-8' });
      res.end(respostaSoap(servico, roteiro(p)));
    });
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const porta = (server.address() as AddressInfo).port;
  return {
    pedidos,
    urlNfe: `https://localhost:${porta}/NFeDistribuicaoDFe/NFeDistribuicaoDFe.asmx`,
    urlCte: `https://localhost:${porta}/CTeDistribuicaoDFe/CTeDistribuicaoDFe.asmx`,
    fechar: () => new Promise<void>((r) => server.close(() => r())),
  };
}
