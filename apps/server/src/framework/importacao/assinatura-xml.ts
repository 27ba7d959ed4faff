import { DOMParser } from '@xmldom/xmldom';
import { SignedXml } from 'xml-crypto';

// XML digital signature (XMLDSig) of an NF-e/CT-e: the enveloped signature of infNFe/infCte, checked
// against the certificate in its own KeyInfo (xml-crypto). It proves the content was not changed after
// signing; it does not check the ICP-Brasil chain (SEFAZ did that when it authorised the document).
// Runs in the parse worker, after the DOCTYPE/entity refusal of core/fiscal/xml.ts.

const DSIG = 'http://www.w3.org/2000/09/xmldsig#';
const DOCUMENTO = new Set(['NFe', 'CTe', 'CTeOS']);

type No = { localName?: string; namespaceURI?: string | null; parentNode?: No | null; childNodes?: ArrayLike<No> };

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

/** true when the document's own signature is present and matches its content. */
export function assinaturaValida(texto: string): boolean {
  try {
    const doc = new DOMParser({ errorHandler: { warning: () => {}, error: () => {}, fatalError: () => {} } }).parseFromString(texto, 'text/xml') as unknown as No;
    const assinatura = assinaturaDoDocumento(doc);
    if (!assinatura) return false;
    const sig = new SignedXml({ getCertFromKeyInfo: SignedXml.getCertFromKeyInfo });
    sig.loadSignature(assinatura as never);
    return sig.checkSignature(texto);
  } catch {
    return false;
  }
}
