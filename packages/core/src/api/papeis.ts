import { ACOES, type Acao, RECURSOS, type RecursoDef } from '../recursos.ts';
import { z, zTexto, zTextoOpcional } from '../zod.ts';
import { zDecimal } from './produtos.ts';

// Roles: a named set of permissions of one shipper, for its own users (tipo 1) or carrier users (tipo 2).
const catalogo = new Map<string, RecursoDef>(RECURSOS.map((r) => [r.codigo, r]));

/** Record<recurso, acao[]> checked against the catalogue; errors land on `permissoes.<recurso>`. */
export const zPermissoes = z
  .record(z.string(), z.array(z.string(), { error: 'Deve ser uma lista de ações' }), { error: 'Permissões inválidas' })
  .superRefine((p, ctx) => {
    for (const [codigo, acoes] of Object.entries(p)) {
      const recurso = catalogo.get(codigo);
      if (!recurso) {
        ctx.addIssue({ code: 'custom', path: [codigo], message: `Recurso desconhecido: '${codigo}'` });
        continue;
      }
      const invalidas = acoes.filter((a) => !recurso.acoes.includes(a as Acao));
      if (invalidas.length) {
        const validas = recurso.acoes.join(', ');
        ctx.addIssue({ code: 'custom', path: [codigo], message: `Ação não disponível para '${recurso.nome}': ${invalidas.join(', ')} (use ${validas})` });
      }
    }
  })
  // Canonical form: catalogue order, no duplicates, resources without actions dropped.
  .transform((p) =>
    Object.fromEntries(
      Object.entries(p)
        .map(([codigo, acoes]) => [codigo, ACOES.filter((a) => acoes.includes(a))] as const)
        .filter(([, acoes]) => acoes.length > 0),
    ) as Record<string, Acao[]>,
  );

export const TIPO_PAPEL = { EMBARCADOR: 1, TRANSPORTADOR: 2 } as const;

export const papelInput = z.object({
  nome: zTexto(80),
  descricao: zTextoOpcional(255),
  tipo: z.union([z.literal(1), z.literal(2)], { error: 'Tipo deve ser 1 (usuários do embarcador) ou 2 (usuários de transportadoras)' }).default(1),
  permissoes: zPermissoes.default({}),
  /** Approval limit (alçada) of quotations, in R$; null: no limit. Absent on PUT: unchanged. */
  alcadaAprovacao: z
    .preprocess((v) => (v === '' ? null : v), zDecimal(2, 1e12).nullable().optional())
    .describe('Alçada de aprovação de cotações em R$ (vazio: sem limite)'),
});
export const papel = z.object({
  uid: z.string(),
  nome: z.string(),
  descricao: z.string().nullable(),
  tipo: z.number(),
  /** Stored permissions (validated on input; read back as strings so an old catalogue entry never breaks a read). */
  permissoes: z.record(z.string(), z.array(z.string())),
  alcadaAprovacao: z.number().nullable(),
  criadoEm: z.string(),
  atualizadoEm: z.string(),
});
export type Papel = z.infer<typeof papel>;

export const recursoSistema = z.object({
  codigo: z.string(),
  nome: z.string(),
  grupo: z.string(),
  acoes: z.array(z.enum(ACOES)),
  notificavel: z.boolean(),
});
export type RecursoSistema = z.infer<typeof recursoSistema>;

/** The catalogue as the roles screen shows it: ordered by group, then name. */
export function recursosSistemaLista(): RecursoSistema[] {
  return RECURSOS.map((r: RecursoDef) => ({ codigo: r.codigo, nome: r.nome, grupo: r.grupo, acoes: [...r.acoes], notificavel: !!r.notificavel })).sort(
    (a, b) => a.grupo.localeCompare(b.grupo, 'pt-BR') || a.nome.localeCompare(b.nome, 'pt-BR'),
  );
}
