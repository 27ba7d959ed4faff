import { readFileSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { SignedXml } from 'xml-crypto';
import { nfeXml } from '@fretio/core/fiscal/fixtures';
import { assinaturaValida, assinaturaValidaXmlCrypto } from './assinatura-xml.ts';

// XMLDSig of an NF-e as SEFAZ layouts sign it (enveloped, C14N, RSA-SHA1 over infNFe), with a
// self-signed test certificate kept in test/fixtures (no secret: it signs nothing real).
const FIX = resolve(import.meta.dirname, '../../../test/fixtures');
const privateKey = readFileSync(resolve(FIX, 'assinatura-teste.key'));
const publicCert = readFileSync(resolve(FIX, 'assinatura-teste.crt'));

function assinar(xml: string) {
  const sig = new SignedXml({ privateKey, publicCert, signatureAlgorithm: 'http://www.w3.org/2000/09/xmldsig#rsa-sha1', canonicalizationAlgorithm: 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315' });
  sig.addReference({ xpath: "//*[local-name(.)='infNFe']", transforms: ['http://www.w3.org/2000/09/xmldsig#enveloped-signature', 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315'], digestAlgorithm: 'http://www.w3.org/2000/09/xmldsig#sha1' });
  sig.computeSignature(xml, { location: { reference: "//*[local-name(.)='infNFe']", action: 'after' } });
  return sig.getSignedXml();
}

describe('assinatura digital do XML', () => {
  it('válida quando o conteúdo é o assinado; inválida se um valor muda ou sem assinatura', () => {
    const assinado = assinar(nfeXml({ semProc: true }).xml);
    expect(assinaturaValida(assinado)).toBe(true);
    expect(assinaturaValida(assinado.replace('<vNF>100.00</vNF>', '<vNF>900.00</vNF>'))).toBe(false);
    expect(assinaturaValida(nfeXml({ semProc: true }).xml)).toBe(false);
  });
  it('amostra real reformatada depois de assinada: inválida (importada com aviso)', () => {
    const real = readFileSync(resolve(import.meta.dirname, '../../../../../../shared/data/nfe/sped-da__cancelada_55_new.xml'), 'utf8');
    expect(assinaturaValida(real)).toBe(false);
  });
  it('a verificação direta (uma leitura do XML) dá o mesmo resultado que o checkSignature do xml-crypto em cada amostra real', () => {
    const DADOS = resolve(import.meta.dirname, '../../../../../../shared/data');
    const arquivos = ['nfe', 'cte'].flatMap((d) => readdirSync(resolve(DADOS, d)).filter((f) => f.endsWith('.xml')).map((f) => resolve(DADOS, d, f)));
    expect(arquivos.length).toBeGreaterThan(20);
    const assinado = assinar(nfeXml({ semProc: true }).xml);
    const casos = [
      assinado,
      assinado.replace('<vNF>100.00</vNF>', '<vNF>900.00</vNF>'),
      assinado.replace(/<SignatureValue>(.)/, (_m, c) => `<SignatureValue>${c === 'A' ? 'B' : 'A'}`),
      // Signature wrapping: a second element with the same Id.
      assinado.replace('</NFe>', `<x Id="${/Id="([^"]+)"/.exec(assinado)?.[1]}"/></NFe>`),
      // In an nfeProc wrapper (ancestor namespace declarations count in inclusive C14N).
      `<nfeProc xmlns="http://www.portalfiscal.inf.br/nfe" versao="4.00">${assinado.replace(/^<\?xml[^>]*>/, '')}</nfeProc>`,
      ...arquivos.map((f) => readFileSync(f, 'utf8')),
    ];
    const resultados = casos.map((t) => [assinaturaValida(t), assinaturaValidaXmlCrypto(t)]);
    for (const [direto, xmlCrypto] of resultados) expect(direto).toBe(xmlCrypto);
    expect(resultados.slice(0, 5).map((r) => r[0])).toEqual([true, false, false, false, true]);
  });
});
