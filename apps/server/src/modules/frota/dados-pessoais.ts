import { somenteDigitos } from '@fretio/core';

// A driver's CPF, CNH and phone are personal data of the carrier's people (LGPD). A shipper reads them
// only when it maintains the carrier or registered that driver; any other linked shipper gets them
// masked (docs/DECISIONS.md, "Transportador compartilhado"): enough to tell drivers apart, not to reuse.
// Which rows ctx may read is SQL (dadosPessoaisVisiveis) selected with the row; the masks are here.

/** '12345678901' → '***.456.789-**' (the usual public masking of a CPF). */
export function mascararCpf(cpf: string): string {
  const d = somenteDigitos(cpf);
  return d.length === 11 ? `***.${d.slice(3, 6)}.${d.slice(6, 9)}-**` : '***';
}

/** '12345678901' → '*********01'. */
export const mascararCnh = (cnh: string) => `${'*'.repeat(Math.max(cnh.length - 2, 0))}${cnh.slice(-2)}`;

type MotoristaLinha = { cpf: string; cnhNumero?: string; telefone?: string | null; cadastradoPorEmbarcadorUid?: string | null };

export function mascararMotorista<T extends MotoristaLinha>(m: T): T {
  return { ...m, cpf: mascararCpf(m.cpf), ...(m.cnhNumero === undefined ? {} : { cnhNumero: mascararCnh(m.cnhNumero) }), telefone: null };
}
