import { transportadorOpcao, z } from '@fretio/core';
import type { SelecaoDef } from '../../framework/selecao.ts';
import { listaSelecao, transportadorVisivel } from './repository.ts';
import { exigirUsuarioEmbarcador, opcao } from './service.ts';

// Carriers for selects: those the caller sees (its shipper's, or its own carrier), and — for a shipper
// linking a new one — every active carrier of the system (public data only: name and CNPJ).
const buscaQuery = z.object({
  q: z.string().trim().max(100, 'Deve ter no máximo 100 caracteres').optional().describe('Busca por nome, nome fantasia ou CNPJ (sem acentos)'),
});

export const selecoesTransportadores: SelecaoDef[] = [
  {
    path: '/transportadores/listaselecao-usuario',
    summary: 'Transportadores do embarcador ativo, para seleção (até 50)',
    query: buscaQuery,
    item: transportadorOpcao,
    consulta: (db, ctx, q) => listaSelecao(db, transportadorVisivel(ctx), q.q),
    opcao,
  },
  {
    path: '/transportadores/listaselecao-geral',
    summary: 'Todos os transportadores ativos do sistema, para vincular (até 50)',
    query: buscaQuery,
    item: transportadorOpcao,
    consulta: (db, ctx, q) => {
      exigirUsuarioEmbarcador(ctx);
      return listaSelecao(db, undefined, q.q);
    },
    opcao,
  },
];
