import { z } from '../zod.ts';
import { dadosCnpj } from './transportadores.ts';

// Request/reply schemas of the location lookups (locais/*) and of administracao/consulta-*.

/** estados/lista item (spec §3: sigla, nome, cod). */
export const estadoItem = z.object({
  sigla: z.string().describe('UF, ex.: SP'),
  nome: z.string(),
  cod: z.number().int().describe('Código IBGE da UF, ex.: 35'),
  regiao: z.enum(['N', 'NE', 'CO', 'S', 'SE']).describe('Macrorregião IBGE'),
});
export type EstadoItem = z.infer<typeof estadoItem>;

export const municipioItem = z.object({
  ibge: z.string().describe('Código IBGE de 7 dígitos'),
  nome: z.string(),
  uf: z.string(),
  label: z.string().describe("'Cidade, UF - código'"),
});
export type MunicipioItem = z.infer<typeof municipioItem>;

/** ibge/lista item (spec §3 cidadesIBGE): label 'Cidade, UF - código'. */
export const cidadeIbgeItem = z.object({
  value: z.string().describe('Código IBGE'),
  cidade: z.string(),
  uf: z.string(),
  label: z.string().describe("'Cidade, UF - código', ex.: 'Campinas, SP - 3509502'"),
});
export type CidadeIbgeItem = z.infer<typeof cidadeIbgeItem>;

const busca = z.string().trim().max(100, 'Deve ter no máximo 100 caracteres');
const ufOpcional = z.string().trim().toUpperCase().regex(/^[A-Z]{2}$/, 'UF inválida').optional();

export const cidadesIbgeQuery = z.object({
  uf: ufOpcional.describe('Só municípios desta UF'),
  q: busca.optional().describe('Parte do nome (sem acentos/maiúsculas) ou do código IBGE'),
  src: z.string().optional(),
});

export const paisItem = z.object({
  codigo: z.string().describe('Código BACEN do país (cPais da NF-e/CT-e), ex.: 1058'),
  nome: z.string(),
  sigla: z.string().describe('ISO 3166-1 alfa-2'),
  value: z.string().describe('= codigo'),
  label: z.string().describe("'Nome (sigla)'"),
});
export type PaisItem = z.infer<typeof paisItem>;

export const paisesQuery = z.object({ q: busca.optional().describe('Parte do nome, da sigla ou do código'), src: z.string().optional() });

export const localidadeItem = z.object({
  tipo: z.enum(['UF', 'MUNICIPIO', 'MACRORREGIAO']),
  value: z.string().describe('UF: a sigla; MUNICIPIO: o código IBGE; MACRORREGIAO: N, NE, CO, S ou SE'),
  label: z.string(),
  uf: z.string().nullable().describe('UF do município ou a própria UF; null para macrorregião'),
  regiao: z.string().describe('Macrorregião'),
});
export type LocalidadeItem = z.infer<typeof localidadeItem>;

export const localidadesQuery = z.object({
  q: busca.optional().describe('Nome (sem acentos), sigla da UF, sigla/nome da macrorregião ou código IBGE'),
  tipos: z.string().regex(/^(UF|MUNICIPIO|MACRORREGIAO)(,(UF|MUNICIPIO|MACRORREGIAO))*$/, 'Tipos inválidos').optional()
    .describe('Tipos separados por vírgula (padrão: todos)'),
  uf: ufOpcional.describe('Só municípios desta UF'),
  src: z.string().optional(),
});

export const ORIGENS_ENDERECO = ['cadastro', 'faixa', 'externo'] as const;
export const enderecoCep = z.object({
  cep: z.string().describe('8 dígitos'),
  uf: z.string(),
  municipioIbge: z.string().nullable(),
  cidade: z.string().nullable(),
  logradouro: z.string().nullable(),
  bairro: z.string().nullable(),
  completo: z.boolean().describe('false quando só a UF é conhecida (pela faixa de CEP)'),
  origem: z.enum(ORIGENS_ENDERECO).describe('cadastro: nossos registros; faixa: só a UF, pela faixa de CEP; externo: provedor de CEP'),
});
export type EnderecoCep = z.infer<typeof enderecoCep>;

/** One option of an enumeration (value, label and, for statuses, color and next). */
export const opcaoEnumItem = z.object({ value: z.union([z.string(), z.number()]), label: z.string() }).loose();
export const statusSetItem = z.object({
  nome: z.string(),
  values: z.array(z.object({ value: z.number(), label: z.string(), color: z.string(), next: z.array(z.number()) })),
});
export const consultaEnums = z
  .object({ status: z.record(z.string(), statusSetItem).describe('Todos os conjuntos de status (value, label, color, next)') })
  .catchall(z.array(opcaoEnumItem));
export type ConsultaEnums = z.infer<typeof consultaEnums>;

export const cadastroCnpj = z.object({ uid: z.string(), nome: z.string(), tipo: z.string().describe('embarcador, unidade, transportador, unidadeTransportador, pessoa') });
export const consultaCnpjAdmin = z.object({
  cnpj: z.string(),
  encontrado: z.boolean().describe('Algum cadastro nosso ou o provedor externo conhece o CNPJ'),
  cadastros: z.array(cadastroCnpj).describe('Registros nossos (visíveis ao usuário) com este CNPJ'),
  dados: dadosCnpj.nullable().describe('Dados da empresa: do nosso cadastro ou, se não houver, do provedor externo'),
  origem: z.enum(['cadastro', 'externo']).nullable(),
});
export type ConsultaCnpjAdmin = z.infer<typeof consultaCnpjAdmin>;
