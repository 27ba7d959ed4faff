import { createHash, verify } from 'node:crypto';
import { DOMParser } from '@xmldom/xmldom';
import { C14nCanonicalization, SignedXml } from 'xml-crypto';

// XML digital signature (XMLDSig) of an NF-e/CT-e: the enveloped signature of infNFe/infCte, checked
// against the certificate in its own KeyInfo. It proves the content was not changed after signing; it
// does not check the ICP-Brasil chain (SEFAZ did that when it authorised the document).
// Runs in the parse worker, after the DOCTYPE/entity refusal of core/fiscal/xml.ts.
//
// The document is parsed ONCE (xmldom). The shape every NF-e/CT-e signature has (one Reference to
// "#Id", enveloped + inclusive C14N, SHA-1/SHA-256, RSA) is checked here directly: the referenced
// element found by a walk of the tree, canonicalised by xml-crypto's own C14N, digested, and SignedInfo
// verified with node:crypto. xml-crypto's checkSignature would parse the text again and locate the
// element and its namespaces by XPath over the whole document (several times): about 2/3 of the
// per-document cost of an import. Any other shape (several references, exclusive C14N, other
// algorithms) goes to xml-crypto's checkSignature as before.

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const DOCUMENTO = new Set(['NFe', 'CTe', 'CTeOS']);
const C14N = 'http://www.w3.org/TR/2001/REC-xml-c14n-20010315';
const ENVELOPED = 'http://www.w3.org/2000/09/xmldsig#enveloped-signature';
const DIGEST: Record<string, string> = { 'http://www.w3.org/2000/09/xmldsig#sha1': 'sha1', 'http://www.w3.org/2001/04/xmlenc#sha256': 'sha256' };
const ASSINATURA: Record<string, string> = { 'http://www.w3.org/2000/09/xmldsig#rsa-sha1': 'RSA-SHA1', 'http://www.w3.org/2001/04/xmldsig-more#rsa-sha256': 'RSA-SHA256' };
const ID_ATRIBUTOS = new Set(['Id', 'ID', 'id']);

type Atributo = { localName?: string; nodeName: string; nodeValue: string | null; value?: string };
type No = {
  nodeType: number;
  localName?: string;
  prefix?: string | null;
  namespaceURI?: string | null;
  parentNode?: No | null;
  childNodes?: ArrayLike<No>;
  attributes?: ArrayLike<Atributo>;
  textContent?: string | null;
  getAttribute?(n: string): string | null;
  cloneNode?(deep: boolean): No;
  removeChild?(n: No): No;
};
const ELEMENTO = 1;

const parser = () => new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } });

function assinaturaDoDocumento(doc: No): No | null {
  // The signature whose parent is the NFe/CTe/CTeOS element (not an event's or a protocol's).
  const pilha: No[] = [doc];
  while (pilha.length) {
    const n = pilha.pop() as No;
    if (n.localName === 'Signature' && n.namespaceURI === DSIG && n.parentNode?.localName && DOCUMENTO.has(n.parentNode.localName)) return n;
    const filhos = n.childNodes;
    if (filhos) for (let i = 0; i < filhos.length; i++) pilha.push(filhos[i]);
  }
  return null;
}

const filhos = (n: No, nome: string) => {
  const out: No[] = [];
  const c = n.childNodes;
  if (c) for (let i = 0; i < c.length; i++) if (c[i].nodeType === ELEMENTO && c[i].localName === nome) out.push(c[i]);
  return out;
};
const algoritmo = (n: No | undefined) => n?.getAttribute?.('Algorithm') ?? null;

/** Every element (document order) whose Id/ID/id attribute is `id`. */
function elementosComId(raiz: No, id: string): No[] {
  const out: No[] = [];
  const pilha: No[] = [raiz];
  while (pilha.length) {
    const n = pilha.pop() as No;
    if (n.nodeType === ELEMENTO && n.attributes) {
      for (let i = 0; i < n.attributes.length; i++) {
        const a = n.attributes[i];
        if (ID_ATRIBUTOS.has(a.localName ?? a.nodeName) && a.nodeValue === id) {
          out.push(n);
          break;
        }
      }
    }
    const c = n.childNodes;
    if (c) for (let i = c.length - 1; i >= 0; i--) pilha.push(c[i]);
  }
  return out;
}

/** The namespaces declared on the ancestors, nearest first, as xml-crypto's findAncestorNs gives them. */
function namespacesDosAncestrais(el: No) {
  const vistos = new Set<string>();
  const out: { prefix: string; namespaceURI: string }[] = [];
  for (let p = el.parentNode; p && p.nodeType === ELEMENTO; p = p.parentNode) {
    const at = p.attributes;
    if (!at) continue;
    for (let i = 0; i < at.length; i++) {
      const nome = at[i].nodeName;
      if (!/^xmlns:?/.test(nome)) continue;
      const prefix = nome.replace(/^xmlns:?/, '');
      if (vistos.has(prefix)) continue;
      vistos.add(prefix);
      out.push({ prefix, namespaceURI: at[i].nodeValue || '' });
    }
  }
  // Those the element itself redeclares (its first xmlns attribute, or its own prefix) are dropped.
  let proprio = el.prefix || '';
  const at = el.attributes;
  if (at) for (let i = 0; i < at.length; i++) if (/^xmlns:?/.test(at[i].nodeName)) {
    proprio = at[i].nodeName.replace(/^xmlns:?/, '');
    break;
  }
  return out.filter((n) => n.prefix !== proprio);
}

const c14n = (el: No, ancestorNamespaces: { prefix: string; namespaceURI: string }[]) =>
  new C14nCanonicalization().process(el as never, { ancestorNamespaces, defaultNsForPrefix: SignedXml.defaultNsForPrefix } as never) as string;

/** The dsig Signature elements under `el` whose SignatureValue is `valor`. */
function assinaturasDentro(el: No, valor: string): No[] {
  const achadas: No[] = [];
  const pilha: No[] = [el];
  while (pilha.length) {
    const n = pilha.pop() as No;
    if (n !== el && n.localName === 'Signature' && n.namespaceURI === DSIG && filhos(n, 'SignatureValue')[0]?.textContent === valor) achadas.push(n);
    const c = n.childNodes;
    if (c) for (let i = 0; i < c.length; i++) pilha.push(c[i]);
  }
  return achadas;
}

/** enveloped-signature: `el` without that signature, on a clone (as xml-crypto does; the parsed tree stays as it was). */
function semAssinatura(el: No, valor: string): No {
  if (!assinaturasDentro(el, valor).length) return el;
  const copia = el.cloneNode?.(true) as No;
  for (const s of assinaturasDentro(copia, valor)) s.parentNode?.removeChild?.(s);
  return copia;
}

/**
 * The usual NF-e/CT-e signature checked directly: true/false, or null when its shape is not the usual
 * one (then xml-crypto decides).
 */
function verificarDireto(doc: No, sig: No): boolean | null {
  const infos = filhos(sig, 'SignedInfo');
  if (infos.length !== 1) return null;
  const info = infos[0];
  if (algoritmo(filhos(info, 'CanonicalizationMethod')[0]) !== C14N) return null;
  const algAssinatura = ASSINATURA[algoritmo(filhos(info, 'SignatureMethod')[0]) ?? ''];
  const refs = filhos(info, 'Reference');
  if (!algAssinatura || refs.length !== 1) return null;
  const ref = refs[0];
  const uri = ref.getAttribute?.('URI') ?? '';
  if (!uri.startsWith('#') || uri.length < 2 || uri.includes("'")) return null;
  const transformacoes = filhos(ref, 'Transforms').flatMap((t) => filhos(t, 'Transform'));
  const algs = transformacoes.map(algoritmo);
  if (algs.some((a) => a !== ENVELOPED && a !== C14N) || transformacoes.some((t) => filhos(t, 'InclusiveNamespaces').length)) return null;
  const algDigest = DIGEST[algoritmo(filhos(ref, 'DigestMethod')[0]) ?? ''];
  const valoresDigest = filhos(ref, 'DigestValue');
  if (!algDigest || valoresDigest.length !== 1) return null;
  const digestEsperado = valoresDigest[0].textContent ?? '';
  const valorAssinatura = filhos(sig, 'SignatureValue')[0]?.textContent ?? '';
  const certificado = filhos(sig, 'KeyInfo').flatMap((k) => filhos(k, 'X509Data')).flatMap((x) => filhos(x, 'X509Certificate'))[0]?.textContent;
  if (!digestEsperado || !valorAssinatura || !certificado) return null;

  // The referenced element: exactly one (two with the same Id would be a signature-wrapping attempt).
  const alvos = elementosComId(doc, uri.slice(1));
  if (alvos.length !== 1) return false;
  const alvo = algs.includes(ENVELOPED) ? semAssinatura(alvos[0], valorAssinatura) : alvos[0];
  const digest = createHash(algDigest).update(c14n(alvo, namespacesDosAncestrais(alvos[0])), 'utf8').digest();
  if (!digest.equals(Buffer.from(digestEsperado, 'base64'))) return false;

  const infoCanonico = c14n(info, namespacesDosAncestrais(info));
  const pem = `-----BEGIN CERTIFICATE-----\n${(certificado.replace(/\s+/g, '').match(/.{1,64}/g) ?? []).join('\n')}\n-----END CERTIFICATE-----\n`;
  return verify(algAssinatura, Buffer.from(infoCanonico, 'utf8'), pem, Buffer.from(valorAssinatura.replace(/\s+/g, ''), 'base64'));
}

/** xml-crypto's own check (re-parses the text): the reference the direct check is compared with, and its fallback. */
export function assinaturaValidaXmlCrypto(texto: string): boolean {
  try {
    const doc = parser().parseFromString(texto, 'text/xml') as unknown as No;
    const assinatura = assinaturaDoDocumento(doc);
    if (!assinatura) return false;
    const sig = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    sig.loadSignature(assinatura as never);
    return sig.checkSignature(texto);
  } catch {
    return false;
  }
}

/** A dsig Signature start tag (any prefix) somewhere in the text: without one there is nothing to check. */
const TEM_ASSINATURA = /<(?:[A-Za-z_][\w.-]*:)?Signature[\s>]/;

/** true when the document's own signature is present and matches its content. */
export function assinaturaValida(texto: string): boolean {
  // An unsigned document (common in archives and ERP exports) is answered without building a DOM.
  if (!TEM_ASSINATURA.test(texto)) return false;
  try {
    const doc = parser().parseFromString(texto, 'text/xml') as unknown as No;
    const assinatura = assinaturaDoDocumento(doc);
    if (!assinatura) return false;
    const direto = verificarDireto(doc, assinatura);
    if (direto !== null) return direto;
    const sig = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    sig.loadSignature(assinatura as never);
    return sig.checkSignature(texto);
  } catch {
    return false;
  }
}
