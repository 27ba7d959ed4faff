import { isValidIe } from '@brazilian-utils/brazilian-utils';
import { somenteDigitos } from '../documentos.ts';
import { opcional, z, zBool, zCep, zDocumento, zEmail, zIbge, zNome, zTextoOpcional, zUf } from '../zod.ts';

// People (pessoas): senders, recipients and payers of a shipper. Flat address and contacts, so the
// same field names serve the form, the list filters and the CSV/XLSX import header.
export const IE_ISENTO = 'ISENTO';

/** 'isento'/'ISENTA' → 'ISENTO'; otherwise upper case without dots, hyphens, slashes and spaces. */
export function normalizarIe(v: string): string {
  const t = v.trim().toUpperCase();
  if (t === 'ISENTO' || t === 'ISENTA') return IE_ISENTO;
  return t.replace(/[\s./-]/g, '');
}

/** IE valid for the UF (brazilian-utils isValidIe); 'ISENTO' is always accepted. */
export function ieValida(ie: string, uf: string): boolean {
  if (ie === IE_ISENTO) return true;
  try {
    return isValidIe({ value: ie, stateCode: uf.toUpperCase() as never });
  } catch {
    return false;
  }
}

/** F for an 11-digit CPF, J for a 14-digit CNPJ. */
export const tipoPessoaDe = (documento: string): 'F' | 'J' => (somenteDigitos(documento).length === 11 ? 'F' : 'J');

/** Telephone: digits only, 10 or 11 with the area code (an optional leading 55 is dropped). */
export const zTelefone = z.string().transform((v, ctx) => {
  let d = somenteDigitos(v);
  if (d.length > 11 && d.startsWith('55')) d = d.slice(2);
  if (d.length < 10 || d.length > 11) {
    ctx.addIssue({ code: 'custom', message: 'Telefone inválido (informe DDD e número)' });
    return z.NEVER;
  }
  return d;
});

export const pessoaInput = z
  .object({
    documento: zDocumento.describe('CPF (11 dígitos) ou CNPJ (14 dígitos); define tipoPessoa F/J'),
    ie: opcional(z.string().max(30, 'IE inválida').transform(normalizarIe)).describe("Inscrição estadual válida para a UF, ou 'ISENTO'"),
    nome: zNome(150).describe('Nome ou razão social (capitalizado palavra a palavra)'),
    nomeFantasia: opcional(zNome(150)),
    cep: opcional(zCep),
    logradouro: zTextoOpcional(150),
    numero: zTextoOpcional(20),
    complemento: zTextoOpcional(100),
    bairro: zTextoOpcional(100),
    municipioIbge: opcional(zIbge).describe('Código IBGE de 7 dígitos de um município cadastrado'),
    uf: opcional(zUf).describe('Deve ser a UF do município'),
    email: opcional(zEmail),
    telefone: opcional(zTelefone),
    remetente: zBool.default(false),
    destinatario: zBool.default(false),
    tomador: zBool.default(false),
    isentoCubagem: zBool.default(false).describe('Isento de cubagem: as cargas para este destinatário são cobradas pelo peso real (sem peso cubado) em toda tabela'),
    ativo: zBool.default(true),
  })
  .superRefine((p, ctx) => {
    if (!p.ie || p.ie === IE_ISENTO) return;
    // Without uf the server takes the municipality's and checks the IE then.
    if (!p.uf) {
      if (!p.municipioIbge) ctx.addIssue({ code: 'custom', path: ['uf'], message: 'Informe a UF para validar a inscrição estadual' });
    } else if (!ieValida(p.ie, p.uf)) ctx.addIssue({ code: 'custom', path: ['ie'], message: `Inscrição estadual inválida para ${p.uf}` });
  });
export type PessoaInput = z.infer<typeof pessoaInput>;

export const pessoa = z.object({
  uid: z.string(),
  tipoPessoa: z.enum(['F', 'J']),
  documento: z.string(),
  ie: z.string().nullable(),
  nome: z.string(),
  nomeFantasia: z.string().nullable(),
  cep: z.string().nullable(),
  logradouro: z.string().nullable(),
  numero: z.string().nullable(),
  complemento: z.string().nullable(),
  bairro: z.string().nullable(),
  municipioIbge: z.string().nullable(),
  municipioNome: z.string().nullable(),
  uf: z.string().nullable(),
  email: z.string().nullable(),
  telefone: z.string().nullable(),
  remetente: z.boolean(),
  destinatario: z.boolean(),
  tomador: z.boolean(),
  isentoCubagem: z.boolean(),
  ativo: z.boolean(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Pessoa = z.infer<typeof pessoa>;

/** GET /pessoas/list: the search-as-you-type selection list. */
export const pessoasListaQuery = z.object({
  q: z
    .string()
    .trim()
    .max(100, 'Deve ter no máximo 100 caracteres')
    .optional()
    .describe('Prefixo dos dígitos do documento OU trecho do nome/nome fantasia (sem acentos/maiúsculas)'),
  papel: z.enum(['remetente', 'destinatario', 'tomador']).optional().describe('Só pessoas com este papel'),
  src: z.string().optional(),
});
export const pessoaOpcao = z.object({
  value: z.string(),
  label: z.string().describe("'Nome - 00.000.000/0000-00'"),
  nome: z.string(),
  documento: z.string(),
  uf: z.string().nullable(),
});
export type PessoaOpcao = z.infer<typeof pessoaOpcao>;

// Import of a CSV/XLSX file (POST /pessoas/importar, /produtos/importar).
export const importacaoQuery = z.object({
  apenasValidas: z
    .enum(['true', 'false', '1', '0'])
    .default('false')
    .describe('false: com qualquer linha inválida nada é gravado; true: grava as válidas e relata as inválidas'),
});
export const importacaoErro = z.object({
  linha: z.number().int().describe('Número da linha no arquivo (o cabeçalho é a linha 1)'),
  campo: z.string(),
  mensagem: z.string(),
});
export const importacaoResultado = z.object({
  total: z.number().int().describe('Linhas de dados lidas'),
  validas: z.number().int(),
  invalidas: z.number().int(),
  salvas: z.number().int().describe('Registros gravados (0 quando há erro e apenasValidas=false)'),
  erros: z.array(importacaoErro),
});
export type ImportacaoResultado = z.infer<typeof importacaoResultado>;
export type ImportacaoErro = z.infer<typeof importacaoErro>;
