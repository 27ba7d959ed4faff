import { IE_ISENTO, type PessoaInput, formatarDocumento, ieValida, pessoaInput, tipoPessoaDe } from '@fretio/core';
import { pessoas } from '../../db/schema/index.ts';
import type { Importador } from '../../framework/importacao/pipeline.ts';
import type { Coluna } from '../../framework/importacao/planilha.ts';
import type { DbOrTx, Tx } from '../../framework/resource.ts';
import { AppError, type FieldError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { type FaixaCep, type MunicipioInfo, faixasCepPorUf, municipiosPorIbge, pessoasPorDocumento } from './repository.ts';

// Rules of the people register beyond the zod schema, shared by the API and the import.
export const PESSOA_DUPLICADA = 'Já existe uma pessoa com este documento';
export const mensagemDuplicada = (p: { uid: string; nome: string }) => `${PESSOA_DUPLICADA}: ${p.nome}`;

type Fatos = {
  municipios: Map<string, MunicipioInfo>;
  faixas: Map<string, FaixaCep[]>;
  existentes: Map<string, { uid: string; nome: string }>;
};

/** Field errors of one person given what the database holds; fills uf from the municipality. */
export function regrasPessoa(v: Record<string, unknown>, f: Fatos): FieldError[] {
  const erros: FieldError[] = [];
  const dup = f.existentes.get(String(v.documento));
  if (dup) erros.push({ field: 'documento', message: mensagemDuplicada(dup) });
  const ibge = v.municipioIbge as string | null;
  if (ibge) {
    const m = f.municipios.get(ibge);
    if (!m) erros.push({ field: 'municipioIbge', message: 'Município não encontrado' });
    else if (!v.uf) v.uf = m.uf;
    else if (v.uf !== m.uf) erros.push({ field: 'uf', message: `UF diferente da UF do município (${m.nome}/${m.uf})` });
  }
  const uf = v.uf as string | null;
  const ie = v.ie as string | null;
  if (ie && ie !== IE_ISENTO) {
    if (!uf) erros.push({ field: 'uf', message: 'Informe a UF para validar a inscrição estadual' });
    else if (!ieValida(ie, uf)) erros.push({ field: 'ie', message: `Inscrição estadual inválida para ${uf}` });
  }
  const cep = v.cep as string | null;
  const faixas = uf ? f.faixas.get(uf) : undefined;
  if (cep && faixas?.length && !faixas.some((x) => cep >= x.cepInicio && cep <= x.cepFim)) {
    erros.push({ field: 'cep', message: `CEP não pertence à UF ${uf}` });
  }
  return erros;
}

async function fatos(tx: DbOrTx, embarcadorUid: string, vs: Record<string, unknown>[], excetoUid?: string): Promise<Fatos> {
  const ibges = vs.map((v) => v.municipioIbge as string | null).filter((x): x is string => !!x);
  const municipios = await municipiosPorIbge(tx, ibges);
  const ufs = vs.map((v) => (v.uf as string | null) ?? municipios.get(String(v.municipioIbge))?.uf).filter((x): x is string => !!x);
  return {
    municipios,
    faixas: await faixasCepPorUf(tx, ufs),
    existentes: await pessoasPorDocumento(
      tx,
      embarcadorUid,
      vs.map((v) => String(v.documento)),
      excetoUid,
    ),
  };
}

/** hooks.validate of the resource: 409 for a duplicate document (naming the record), 400 per field. */
export async function validarPessoa(
  tx: Tx,
  ctx: RequestContext,
  values: Record<string, unknown>,
  existing: Record<string, unknown> | null,
) {
  const embarcadorUid = exigirEmbarcador(ctx);
  const erros = regrasPessoa(values, await fatos(tx, embarcadorUid, [values], existing ? String(existing.uid) : undefined));
  const dup = erros.find((e) => e.field === 'documento');
  // The existing person goes with the conflict: the form links to it ("Abrir o cadastro de …").
  const existente = dup && (await pessoasPorDocumento(tx, embarcadorUid, [String(values.documento)], existing ? String(existing.uid) : undefined)).get(String(values.documento));
  if (dup) throw AppError.conflict(dup.message, [existente ? { ...dup, registro: { uid: existente.uid, nome: existente.nome } } : dup]);
  if (erros.length) throw AppError.validation(erros);
}

/** Values to store: tipoPessoa derived from the document. */
export const valoresPessoa = (v: Record<string, unknown>) => ({ ...v, tipoPessoa: tipoPessoaDe(String(v.documento)) });

const docDigitos = (n: string) => (n.length <= 11 ? n.padStart(11, '0') : n.padStart(14, '0'));
export const COLUNAS_PESSOA: Coluna[] = [
  {
    campo: 'documento', rotulo: 'CPF/CNPJ',
    apelidos: ['cpf', 'cnpj', 'cpfcnpj', 'cnpjcpf'],
    obrigatoria: true,
    digitos: docDigitos,
    exemplo: '11.444.777/0001-61',
    descricao: 'CPF ou CNPJ (com ou sem máscara); define o tipo F/J',
  },
  { campo: 'ie', rotulo: 'Inscrição estadual', apelidos: ['inscricaoestadual'], exemplo: '110.042.490.114', descricao: 'Inscrição estadual válida para a UF, ou ISENTO' },
  { campo: 'nome', rotulo: 'Nome / razão social', apelidos: ['razaosocial'], obrigatoria: true, exemplo: 'Mercado Bom Preço Ltda', descricao: 'Nome ou razão social' },
  { campo: 'nomeFantasia', rotulo: 'Nome fantasia', apelidos: ['fantasia'], exemplo: 'Bom Preço', descricao: 'Nome fantasia' },
  { campo: 'cep', rotulo: 'CEP', digitos: (n) => n.padStart(8, '0'), exemplo: '01310-100', descricao: 'CEP (8 dígitos)' },
  { campo: 'logradouro', rotulo: 'Logradouro', apelidos: ['endereco'], exemplo: 'Avenida Paulista', descricao: 'Rua, avenida...' },
  { campo: 'numero', rotulo: 'Número', exemplo: '1000', descricao: 'Número' },
  { campo: 'complemento', rotulo: 'Complemento', exemplo: 'Sala 12', descricao: 'Complemento' },
  { campo: 'bairro', rotulo: 'Bairro', exemplo: 'Bela Vista', descricao: 'Bairro' },
  {
    campo: 'municipioIbge', rotulo: 'Município (código IBGE)',
    apelidos: ['ibge', 'codigoibge', 'codigomunicipio'],
    exemplo: '3550308',
    descricao: 'Código IBGE do município (7 dígitos)',
  },
  { campo: 'uf', rotulo: 'UF', exemplo: 'SP', descricao: 'UF; deve ser a do município (preenchida por ele quando vazia)' },
  { campo: 'email', rotulo: 'E-mail', apelidos: ['e-mail'], exemplo: 'compras@bompreco.com.br', descricao: 'E-mail de contato' },
  { campo: 'telefone', rotulo: 'Telefone', apelidos: ['fone'], exemplo: '(11) 3333-4444', descricao: 'Telefone com DDD' },
  { campo: 'remetente', rotulo: 'Remetente', tipo: 'bool', exemplo: 'N', descricao: 'É remetente? (S/N)' },
  { campo: 'destinatario', rotulo: 'Destinatário', tipo: 'bool', exemplo: 'S', descricao: 'É destinatário? (S/N)' },
  { campo: 'tomador', rotulo: 'Tomador', tipo: 'bool', exemplo: 'N', descricao: 'É tomador do frete? (S/N)' },
  { campo: 'ativo', rotulo: 'Ativo', tipo: 'bool', exemplo: 'S', descricao: 'Ativo (S/N; padrão S)' },
  {
    campo: 'isentoCubagem', rotulo: 'Isento de cubagem', apelidos: ['isentocubagem'], tipo: 'bool', exemplo: 'N',
    descricao: 'Cargas para este destinatário são cobradas pelo peso real, sem cubagem (S/N; padrão N)',
  },
];

export const importadorPessoas: Importador<PessoaInput> = {
  recurso: 'pessoas',
  table: pessoas,
  schema: pessoaInput,
  chave: { campo: 'documento', de: (v) => v.documento, repetida: (l) => `Documento repetido no arquivo (mesmo da linha ${l})` },
  async preparar(tx, ctx, vs) {
    const f = await fatos(tx, exigirEmbarcador(ctx), vs);
    return { validar: (v) => regrasPessoa(v, f), valores: valoresPessoa };
  },
};

export const rotuloPessoa = (p: { nome: string; documento: string }) => `${p.nome} - ${formatarDocumento(p.documento)}`;
