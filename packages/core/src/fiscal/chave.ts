// The 44-character access key of NF-e (model 55/65) and CT-e (57/67):
// cUF(2) AAMM(4) CNPJ/CPF(14) mod(2) serie(3) numero(9) tpEmis(1) codigo(8) DV(1).
// Since the alphanumeric CNPJ (2026) the 14 issuer positions may carry letters; the check digit then
// weighs each character by (code - 48), which is the digit itself for 0-9.

export const CHAVE_REGEX = /^\d{6}[0-9A-Z]{12}\d{26}$/;

/** Modulo-11 check digit of the first 43 characters. */
export function dvChave(base43: string): number {
  let soma = 0;
  let peso = 2;
  for (let i = base43.length - 1; i >= 0; i--) {
    soma += (base43.charCodeAt(i) - 48) * peso;
    peso = peso === 9 ? 2 : peso + 1;
  }
  const resto = soma % 11;
  return resto < 2 ? 0 : 11 - resto;
}

export type PartesChave = { uf: string; anoMes: string; documento: string; modelo: number; serie: number; numero: number; tipoEmissao: number; codigo: string; dv: number };

export function partesDaChave(chave: string): PartesChave {
  return {
    uf: chave.slice(0, 2),
    anoMes: chave.slice(2, 6),
    documento: chave.slice(6, 20),
    modelo: Number(chave.slice(20, 22)),
    serie: Number(chave.slice(22, 25)),
    numero: Number(chave.slice(25, 34)),
    tipoEmissao: Number(chave.slice(34, 35)),
    codigo: chave.slice(35, 43),
    dv: Number(chave.slice(43)),
  };
}

export type EsperadoChave = { documentoEmitente: string | null; modelo: number | null; serie: number | null; numero: number | null };

/**
 * Problems of a key against its document (empty when valid): format, check digit, and the issuer's
 * document, model, series and number it must repeat. pt-BR, for the import report.
 */
export function problemasDaChave(chave: string | null, esperado: EsperadoChave): string[] {
  if (!chave) return ['chave de acesso ausente'];
  if (!CHAVE_REGEX.test(chave)) return [`chave de acesso "${chave}" não tem 44 dígitos`];
  const p = partesDaChave(chave);
  const erros: string[] = [];
  if (dvChave(chave.slice(0, 43)) !== p.dv) erros.push('dígito verificador da chave de acesso não confere');
  const doc = esperado.documentoEmitente;
  // An issuer identified by CPF appears in the key left-padded with zeros to 14 positions.
  if (doc && p.documento !== doc.padStart(14, '0')) erros.push('o CNPJ/CPF da chave de acesso difere do emitente');
  if (esperado.modelo !== null && p.modelo !== esperado.modelo) erros.push('o modelo da chave de acesso difere do documento');
  if (esperado.serie !== null && p.serie !== esperado.serie) erros.push('a série da chave de acesso difere do documento');
  if (esperado.numero !== null && p.numero !== esperado.numero) erros.push('o número da chave de acesso difere do documento');
  return erros;
}
