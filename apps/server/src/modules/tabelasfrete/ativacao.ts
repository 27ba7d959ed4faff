import type { Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/routes.ts';
import { errosDaTabela, montarTabelaCalculo } from './montar.ts';
import { type LinhasTabela, type TabelaRow, carregarLinhas } from './repository.ts';

/** Activating: the whole table must pass the engine's validation (400 with every error). */
export async function exigirAtivavel(tx: Tx, ctx: RequestContext, tabela: TabelaRow) {
  const linhas = (await carregarLinhas(tx, [tabela.uid], { enxuto: true })).get(tabela.uid);
  const calculo = montarTabelaCalculo(tabela, linhas as LinhasTabela);
  const codigos = (await catalogoComponentes(tx, exigirEmbarcador(ctx))).map((c) => c.codigo);
  const erros = errosDaTabela(calculo, codigos);
  if (erros.length) throw AppError.validation(erros, `A tabela tem erros e não pode ser ativada: ${erros[0].message}`);
}
