import { and, asc, eq, getTableColumns, isNull, or } from 'drizzle-orm';
import { MSG, UID_REGEX, rotaOpcao, z } from '@fretio/core';
import { rotas, transportadores } from '../../db/schema/index.ts';
import type { SelecaoDef } from '../../framework/selecao.ts';
import { contem } from '../../framework/sql.ts';
import { AppError } from '../../lib/errors.ts';
import { exigirEmbarcador } from '../../plugins/auth/context.ts';
import { colunasNomesLocais, itemComLocais, juntarNomesLocais } from '../regioes/local-ref.ts';
import { numeroOuNulo } from '../../lib/numeros.ts';

const uidOpcional = z.string().regex(UID_REGEX, MSG.parametrosInvalidos).optional();
const listaQuery = z.object({
  src: z.string().optional(),
  ftr_embarcador: z.string().optional().describe('Embarcador: deve ser o embarcador ativo'),
  transportadorRotaUid: uidOpcional.describe('Só rotas deste transportador e as sem transportador'),
  ftr_transportadorRotaUid: uidOpcional.describe('O mesmo que transportadorRotaUid'),
  q: z
    .string()
    .trim()
    .max(100, 'Deve ter no máximo 100 caracteres')
    .refine((v) => !v.includes('\0'), 'Caractere inválido')
    .optional()
    .describe('Parte do nome (sem acentos)'),
});

/** GET /rotas/lista: active routes of the shipper (and of one carrier, with the routes of no carrier). */
export const selecaoRotas: SelecaoDef = {
  path: '/rotas/lista',
  summary: 'Rotas ativas para seleção (até 500)',
  description: "ftr_embarcador diferente do embarcador ativo responde 404 'Embarcador não localizado'.",
  query: listaQuery,
  item: rotaOpcao,
  colunas: { ...getTableColumns(rotas), transportadorNome: transportadores.nome, ...colunasNomesLocais },
  from: (q) => juntarNomesLocais(q.leftJoin(transportadores, eq(transportadores.uid, rotas.transportadorUid)).$dynamic(), rotas),
  where: (ctx, { ftr_embarcador, q, transportadorRotaUid, ftr_transportadorRotaUid }) => {
    if (ftr_embarcador && ftr_embarcador !== exigirEmbarcador(ctx)) throw AppError.notFound(MSG.embarcadorNaoLocalizado);
    const transportador = transportadorRotaUid ?? ftr_transportadorRotaUid;
    return and(
      eq(rotas.ativo, true),
      transportador ? or(eq(rotas.transportadorUid, transportador), isNull(rotas.transportadorUid)) : undefined,
      q ? contem(rotas.nome, q) : undefined,
    );
  },
  orderBy: [asc(rotas.nome)],
  opcao: (r) => {
    const item = itemComLocais(r) as { uid: string; nome: string; transportadorUid: string | null; origem: never; destino: never };
    const km = numeroOuNulo(r.distanciaKm);
    return {
      value: item.uid,
      label: `${item.nome}${km !== null ? ` (${km} km)` : ''}`,
      nome: item.nome,
      transportadorUid: item.transportadorUid,
      origem: item.origem,
      destino: item.destino,
      distanciaKm: km,
    };
  },
};
