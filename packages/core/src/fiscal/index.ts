// Fiscal documents (NF-e, CT-e, events): pure parsers. A subpath of its own (@fretio/core/fiscal) so
// the web bundle does not carry the XML parser.
export * from './chave.ts';
export * from './cte.ts';
export * from './documento.ts';
export * from './eventos.ts';
export * from './nfe.ts';
export * from './situacao.ts';
export * from './tipos.ts';
export { DocumentoFiscalInvalido, lerXml, textoDoXml } from './xml.ts';
