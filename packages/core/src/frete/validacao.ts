import { z } from 'zod';
import { COMPONENTES_PADRAO } from './catalogo.ts';
import { criarSchemaRegra, localRefSchema, naoNegativo } from './esquemas.ts';
import type { Regra, TabelaCalculo } from './types.ts';
import { avisosDaTabela } from './avisos.ts';
import { rotuloRota } from './locais.ts';

// Table-level validation: the gate before a table is saved. The engine itself trusts its input.

/** Two unrestricted rules of one component in the same list would charge it twice. */
function verificarRepetidos(regras: Regra[], ctx: z.RefinementCtx, prefixo: PropertyKey[]) {
  const vistos = new Map<string, number>();
  regras.forEach((r, i) => {
    if (r.restricao) return;
    const j = vistos.get(r.componente);
    if (j !== undefined)
      ctx.addIssue({
        code: 'custom',
        path: [...prefixo, i, 'componente'],
        message: `Componente ${r.componente} repetido (já definido na regra ${j + 1})`,
      });
    else vistos.set(r.componente, i);
  });
}

export function criarSchemaTabela(componentes: readonly string[] = COMPONENTES_PADRAO) {
  const regra = criarSchemaRegra(componentes);
  const rota = z
    .object({
      uid: z.string().min(1, { error: 'Informe o identificador da rota' }),
      origem: localRefSchema,
      destino: localRefSchema,
      prazoDiasUteis: z
        .number({ error: 'Prazo deve ser um número' })
        .int({ error: 'Prazo deve ser um número inteiro de dias úteis' })
        .min(0, { error: 'Prazo não pode ser negativo' }),
      freteMinimo: naoNegativo('Frete mínimo').optional(),
      distanciaKm: naoNegativo('Distância').optional(),
      tipoVeiculoUid: z.string().min(1, { error: 'Tipo de veículo vazio' }).optional(),
      regras: z.array(regra, { error: 'regras deve ser uma lista' }),
      rotulo: z.string().optional(),
      fatorCubagem: z
        .number({ error: 'Fator de cubagem da rota deve ser um número' })
        .positive({ error: 'Fator de cubagem da rota deve ser maior que zero' })
        .optional(),
    })
    .superRefine((r, ctx) => {
      verificarRepetidos(r.regras as Regra[], ctx, ['regras']);
      if (r.distanciaKm === undefined && r.regras.some((x) => x.base === 'KM'))
        ctx.addIssue({
          code: 'custom',
          path: ['distanciaKm'],
          message: `Rota ${rotuloRota(r)}: informe a distância, pois há regra com base KM`,
        });
    });

  return z
    .looseObject({
      uid: z.string().min(1, { error: 'Informe o identificador da tabela' }),
      transportadorUid: z.string().min(1, { error: 'Informe o transportador' }),
      fatorCubagem: z
        .number({ error: 'Fator de cubagem deve ser um número' })
        .positive({ error: 'Fator de cubagem deve ser maior que zero' }),
      icmsIncluso: z.boolean({ error: 'icmsIncluso deve ser verdadeiro ou falso' }),
      prioridade: z.number({ error: 'Prioridade deve ser um número' }).optional(),
      generalidades: z.array(regra, { error: 'generalidades deve ser uma lista' }),
      rotas: z.array(rota, { error: 'rotas deve ser uma lista' }),
      adicionais: z
        .array(
          z.intersection(
            regra,
            z.object({ uid: z.string().optional(), origem: localRefSchema.optional(), destino: localRefSchema.optional() }),
          ),
          { error: 'adicionais deve ser uma lista' },
        )
        .optional(),
      vigenciaInicio: z.string().optional(),
      vigenciaFim: z.string().nullable().optional(),
      ajustes: z
        .array(
          z
            .object({
              componente: z.string().refine((c) => componentes.includes(c), { error: 'Componente do ajuste não está no catálogo' }),
              tipo: z.enum(['PERCENTUAL', 'VALOR'], { error: 'Tipo do ajuste deve ser PERCENTUAL ou VALOR' }),
              valor: z.number({ error: 'Valor do ajuste deve ser um número' }).finite(),
              rotaUid: z.string().optional(),
              destinatarios: z.array(z.string()).optional(),
            })
            .refine((a) => a.tipo !== 'PERCENTUAL' || a.valor > -100, { error: 'Ajuste percentual deve ser maior que -100 %', path: ['valor'] })
            .refine((a) => a.tipo !== 'VALOR' || a.valor >= 0, { error: 'Valor do ajuste não pode ser negativo', path: ['valor'] }),
          { error: 'ajustes deve ser uma lista' },
        )
        .optional(),
      isencaoCubagem: z
        .object({
          densidadeMinima: naoNegativo('Densidade mínima').optional(),
          destinatarios: z.array(z.string()).optional(),
          produtos: z.array(z.string()).optional(),
        })
        .optional(),
    })
    .superRefine((t, ctx) => {
      verificarRepetidos(t.generalidades as Regra[], ctx, ['generalidades']);
      (t.ajustes ?? []).forEach((a, i) => {
        if (a.rotaUid && !t.rotas.some((r) => r.uid === a.rotaUid))
          ctx.addIssue({ code: 'custom', path: ['ajustes', i, 'rotaUid'], message: `Ajuste de ${a.componente}: a rota ${a.rotaUid} não está na tabela base` });
      });
      const generaisKm = t.generalidades.filter((g) => g.base === 'KM');
      const uids = new Map<string, number>();
      const chaves = new Map<string, number>();
      t.rotas.forEach((r, i) => {
        const j = uids.get(r.uid);
        if (j !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['rotas', i, 'uid'],
            message: `Rota ${rotuloRota(r)} repetida (mesmo identificador da rota ${j + 1})`,
          });
        else uids.set(r.uid, i);
        // Same places and vehicle: the later route could never be chosen.
        const chave = JSON.stringify([r.origem, r.destino, r.tipoVeiculoUid ?? null]);
        const k = chaves.get(chave);
        if (k !== undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['rotas', i],
            message: `Rota ${rotuloRota(r)} repete a origem, o destino e o tipo de veículo da rota ${k + 1} e nunca seria escolhida`,
          });
        else chaves.set(chave, i);
        const generalKm = generaisKm.find((g) => !r.regras.some((x) => x.componente === g.componente));
        if (generalKm && r.distanciaKm === undefined)
          ctx.addIssue({
            code: 'custom',
            path: ['rotas', i, 'distanciaKm'],
            message: `Rota ${rotuloRota(r)}: informe a distância, pois a generalidade ${generalKm.componente} usa a base KM`,
          });
      });
    });
}

export const tabelaCalculoSchema = criarSchemaTabela();

export type ErroValidacao = { caminho: string; mensagem: string };
/**
 * `avisos`: things that are allowed but probably wrong (e.g. a more specific route without the main
 * freight component a wider route has — it would hide that charge). See avisosDaTabela.
 */
export type ResultadoValidacao =
  | { ok: true; tabela: TabelaCalculo; avisos?: ErroValidacao[] }
  | { ok: false; erros: ErroValidacao[]; avisos?: ErroValidacao[] };

/** 'rotas[0].regras[1].faixas[2].ate' — how a user finds the field in the table editor. */
export function formatarCaminho(path: readonly PropertyKey[]): string {
  return path.reduce<string>(
    (acc, p) => (typeof p === 'number' ? `${acc}[${p}]` : acc ? `${acc}.${String(p)}` : String(p)),
    '',
  );
}

const TIPOS: Record<string, string> = {
  string: 'texto',
  number: 'número',
  boolean: 'verdadeiro ou falso',
  array: 'lista',
  object: 'objeto',
};

// Fallback pt-BR messages for issues whose schema has no message of its own.
function mensagemPadrao(issue: { code?: string; input?: unknown; expected?: unknown; keys?: string[] }): string {
  switch (issue.code) {
    case 'invalid_type':
      return issue.input === undefined
        ? 'Campo obrigatório'
        : `Tipo inválido: esperado ${TIPOS[String(issue.expected)] ?? String(issue.expected)}`;
    case 'invalid_union':
      return 'Valor não corresponde a nenhum formato aceito';
    case 'unrecognized_keys':
      return `Campos não reconhecidos: ${(issue.keys ?? []).join(', ')}`;
    default:
      return 'Valor inválido';
  }
}

export function validarTabela(
  tabela: unknown,
  opcoes: { componentes?: readonly string[]; componentesFretePrincipal?: readonly string[] } = {},
): ResultadoValidacao {
  const schema = opcoes.componentes ? criarSchemaTabela(opcoes.componentes) : tabelaCalculoSchema;
  const r = schema.safeParse(tabela, { error: (i) => mensagemPadrao(i as Parameters<typeof mensagemPadrao>[0]) });
  if (r.success) {
    const avisos = avisosDaTabela(tabela as TabelaCalculo, { componentesFretePrincipal: opcoes.componentesFretePrincipal });
    return avisos.length ? { ok: true, tabela: tabela as TabelaCalculo, avisos } : { ok: true, tabela: tabela as TabelaCalculo };
  }
  return { ok: false, erros: r.error.issues.map((i) => ({ caminho: formatarCaminho(i.path), mensagem: i.message })) };
}
