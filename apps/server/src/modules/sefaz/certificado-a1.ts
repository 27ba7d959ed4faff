import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import forge from 'node-forge';
import { AppError } from '../../lib/errors.ts';

// The shipper's A1 certificate (PKCS#12). Files from Brazilian CAs still use legacy algorithms
// (RC2-40, 3DES) that OpenSSL 3 — and so Node's TLS — refuses: node-forge reads them, and the key
// and certificate go to TLS as PEM. The password is kept encrypted (AES-256-GCM under AUTH_SECRET).

export type CertificadoA1 = { chavePem: string; certificadoPem: string; titular: string; cnpj: string | null; validoAte: Date };

/** Opens the file with its password; 400 on the field `file` when it is not a certificate or the password is wrong. */
export function lerPfx(dados: Buffer, senha: string): CertificadoA1 {
  let p12: forge.pkcs12.Pkcs12Pfx;
  try {
    const asn1 = forge.asn1.fromDer(forge.util.createBuffer(dados.toString('binary')));
    p12 = forge.pkcs12.pkcs12FromAsn1(asn1, false, senha);
  } catch {
    throw AppError.field('file', 'Certificado inválido ou senha incorreta.');
  }
  const certBag = p12.getBags({ bagType: forge.pki.oids.certBag })[forge.pki.oids.certBag] ?? [];
  const chaveBag =
    p12.getBags({ bagType: forge.pki.oids.pkcs8ShroudedKeyBag })[forge.pki.oids.pkcs8ShroudedKeyBag]?.[0] ??
    p12.getBags({ bagType: forge.pki.oids.keyBag })[forge.pki.oids.keyBag]?.[0];
  // The end-entity certificate is the one whose public key matches the private key.
  const chave = chaveBag?.key as forge.pki.rsa.PrivateKey | undefined;
  const cert = certBag.map((b) => b.cert).find((c) => c && chave && (c.publicKey as forge.pki.rsa.PublicKey).n.equals(chave.n)) ?? certBag[0]?.cert;
  if (!chave || !cert) throw AppError.field('file', 'O arquivo não contém um certificado com a sua chave privada.');
  const titular = String(cert.subject.getField('CN')?.value ?? '');
  // ICP-Brasil e-CNPJ: the CN ends with ':<CNPJ>'; the CNPJ is also in the otherName 2.16.76.1.3.3.
  const cnpj = /:(\d{14})$/.exec(titular)?.[1] ?? null;
  return {
    chavePem: forge.pki.privateKeyToPem(chave),
    certificadoPem: forge.pki.certificateToPem(cert),
    titular,
    cnpj,
    validoAte: cert.validity.notAfter,
  };
}

const chaveDe = (segredo: string) => createHash('sha256').update(`certificado:${segredo}`).digest();

export function cifrarSenha(segredo: string, texto: string) {
  const iv = randomBytes(12);
  const c = createCipheriv('aes-256-gcm', chaveDe(segredo), iv);
  const enc = Buffer.concat([c.update(texto, 'utf8'), c.final()]);
  return [iv, c.getAuthTag(), enc].map((b) => b.toString('base64')).join('.');
}

export function decifrarSenha(segredo: string, cifrada: string) {
  const [iv, tag, enc] = cifrada.split('.').map((p) => Buffer.from(p, 'base64'));
  const d = createDecipheriv('aes-256-gcm', chaveDe(segredo), iv);
  d.setAuthTag(tag);
  return Buffer.concat([d.update(enc), d.final()]).toString('utf8');
}
