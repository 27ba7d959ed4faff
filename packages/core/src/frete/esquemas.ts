import { z } from 'zod';
import { COMPONENTES_PADRAO } from './catalogo.ts';
import { cepNumerico } from './locais.ts';
import { ROTULOS_BASE_REGRA, ROTULOS_CALCULO_REGRA, ROTULOS_MODO_FAIXA, ROTULOS_TIPO_LOCAL, listaOu } from './rotulos.ts';
import type { Faixa } from './types.ts';
import { UFS } from './ufs.ts';

// Zod schemas for the parts of a freight table: places, ranges, rules.

export const naoNegativo = (campo: string) =>
  z.number({ error: `${campo} deve ser um número` }).min(0, { error: `${campo} não pode ser negativo` });

const cep = (campo: string) =>
  z
    .string({ error: `${campo} deve ser um CEP` })
    .refine((v) => cepNumerico(v) !== null, { error: `${campo} deve ter 8 dígitos` });

export const localRefSchema = z.discriminatedUnion(
  'tipo',
  [
    z.object({
      tipo: z.literal('UF'),
      uf: z
        .string()
        .refine((v) => UFS.includes(v.trim().toUpperCase()), { error: (i) => `UF desconhecida: "${i.input}"` }),
    }),
    z.object({
      tipo: z.literal('MUNICIPIO'),
      ibge: z.string().regex(/^\d{7}$/, { error: 'Código IBGE do município deve ter 7 dígitos' }),
    }),
    z.object({ tipo: z.literal('REGIAO'), regiaoUid: z.string().min(1, { error: 'Informe a região' }) }),
    z.object({ tipo: z.literal('FAIXA_CEP'), de: cep('CEP inicial'), ate: cep('CEP final') }).refine(
      (f) => {
        const de = cepNumerico(f.de);
        const ate = cepNumerico(f.ate);
        return de === null || ate === null || de <= ate; // malformed CEPs are reported above
      },
      { error: 'CEP final deve ser maior ou igual ao CEP inicial', path: ['ate'] },
    ),
  ],
  { error: `Tipo de local inválido: use ${listaOu(ROTULOS_TIPO_LOCAL)}` },
);

export const faixaSchema = z.object({
  ate: naoNegativo('Limite da faixa (ate)').nullable(),
  valor: naoNegativo('Valor da faixa'),
  modo: z.enum(['FIXO', 'POR_UNIDADE', 'EXCEDENTE'], {
    error: `Modo da faixa inválido: use ${listaOu(ROTULOS_MODO_FAIXA)}`,
  }),
});

export const fmt = (v: number) => v.toLocaleString('pt-BR');

/** Ranges must grow strictly by `ate`; an open-ended range (ate null) must be the last. */
export function verificarFaixas(
  faixas: Faixa[],
  ctx: { addIssue(i: { code: 'custom'; message: string; path: PropertyKey[] }): void },
) {
  for (let i = 1; i < faixas.length; i++) {
    const ant = faixas[i - 1].ate;
    const atual = faixas[i].ate;
    const n = i + 1;
    if (ant === null) {
      ctx.addIssue({
        code: 'custom',
        path: [i],
        message: `Faixa ${n}: nenhuma faixa pode vir depois de uma faixa sem limite superior (faixa ${i})`,
      });
    } else if (atual !== null && atual === ant) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'ate'],
        message: `Faixa ${n}: sobrepõe a faixa ${i} (ambas vão até ${fmt(atual)})`,
      });
    } else if (atual !== null && atual < ant) {
      ctx.addIssue({
        code: 'custom',
        path: [i, 'ate'],
        message: `Faixa ${n}: fora de ordem ou sobreposta — vai até ${fmt(atual)}, mas a faixa ${i} já vai até ${fmt(ant)}`,
      });
    }
  }
}

const BASES = [
  'PESO',
  'VALOR',
  'FRACAO_100KG',
  'VOLUMES',
  'DOCUMENTOS',
  'M3',
  'KM',
  'VIAGEM',
  'FRETE_PESO',
  'SUBTOTAL',
  'FRETE_PRINCIPAL',
  'EIXOS',
] as const;
const CALCULOS = ['PERCENTUAL', 'POR_UNIDADE', 'FIXO', 'FAIXA', 'COMPARATIVO'] as const;

const documentos = (campo: string) =>
  z.array(z.string().refine((d) => /\d/.test(d), { error: `${campo}: informe um CNPJ ou CPF` })).optional();

export function criarSchemaRegra(componentes: readonly string[] = COMPONENTES_PADRAO) {
  const conhecidos = new Set(componentes);
  return z
    .object({
      componente: z.string({ error: 'Componente deve ser um código do catálogo' }).refine((c) => conhecidos.has(c), {
        error: (i) => `Componente desconhecido: "${i.input}" não está no catálogo`,
      }),
      base: z.enum(BASES, { error: `Base inválida: use ${listaOu(ROTULOS_BASE_REGRA)}` }),
      calculo: z.enum(CALCULOS, { error: `Cálculo inválido: use ${listaOu(ROTULOS_CALCULO_REGRA)}` }),
      valor: naoNegativo('Valor').optional(),
      faixas: z.array(faixaSchema).superRefine(verificarFaixas).optional(),
      minimo: naoNegativo('Valor mínimo').optional(),
      maximo: naoNegativo('Valor máximo').optional(),
      aposMinimo: z.boolean({ error: 'aposMinimo deve ser verdadeiro ou falso' }).optional(),
      comparaFaixaSeguinte: z.boolean({ error: 'comparaFaixaSeguinte deve ser verdadeiro ou falso' }).optional(),
      foraBaseTributo: z.boolean({ error: 'foraBaseTributo deve ser verdadeiro ou falso' }).optional(),
      percentualValor: naoNegativo('Percentual sobre o valor').optional(),
      restricao: z
        .object({
          modo: z.enum(['SOMENTE', 'EXCETO'], { error: 'Modo da restrição inválido: use SOMENTE ou EXCETO' }),
          remetentes: documentos('Remetente'),
          destinatarios: documentos('Destinatário'),
          produtos: z.array(z.string().trim().min(1, 'Código de produto vazio').max(60)).optional(),
          ncms: z.array(z.string().regex(/^\d{2,8}$/, 'NCM deve ter de 2 a 8 dígitos (prefixo)')).optional(),
        })
        .refine(
          (r) => (r.remetentes?.length ?? 0) + (r.destinatarios?.length ?? 0) + (r.produtos?.length ?? 0) + (r.ncms?.length ?? 0) > 0,
          { error: 'A restrição precisa listar ao menos um remetente, destinatário, produto ou NCM' },
        )
        .optional(),
    })
    .superRefine((r, ctx) => {
      if (r.calculo === 'FAIXA' && !r.faixas?.length)
        ctx.addIssue({
          code: 'custom',
          path: ['faixas'],
          message: `${r.componente}: o cálculo FAIXA exige ao menos uma faixa`,
        });
      if (r.calculo === 'COMPARATIVO' && r.valor === undefined && r.percentualValor === undefined && r.minimo === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['valor'],
          message: `${r.componente}: o cálculo COMPARATIVO exige R$/kg (valor), percentual sobre o valor ou mínimo`,
        });
      if (r.calculo !== 'FAIXA' && r.calculo !== 'COMPARATIVO' && r.valor === undefined)
        ctx.addIssue({
          code: 'custom',
          path: ['valor'],
          message: `${r.componente}: o cálculo ${r.calculo} exige um valor`,
        });
      if (r.minimo !== undefined && r.maximo !== undefined && r.minimo > r.maximo)
        ctx.addIssue({
          code: 'custom',
          path: ['maximo'],
          message: `${r.componente}: o valor máximo (${fmt(r.maximo)}) é menor que o mínimo (${fmt(r.minimo)})`,
        });
    });
}
