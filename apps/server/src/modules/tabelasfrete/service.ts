import Decimal from 'decimal.js';
import { eq, inArray, sql } from 'drizzle-orm';
import type { LocalRef, TabelaFrete, TabelaFreteCompleta } from '@fretio/core';
import type { Db } from '../../db/client.ts';
import { pessoas, rotas, tabelasFrete } from '../../db/schema/index.ts';
import { registrarAuditoria } from '../../framework/audit.ts';
import { obter } from '../../framework/crud.ts';
import type { ResourceDef, Tx } from '../../framework/resource.ts';
import { AppError } from '../../lib/errors.ts';
import { type RequestContext, exigirEmbarcador } from '../../plugins/auth/context.ts';
import { catalogoComponentes } from '../componentes/repository.ts';
import { colunasParaLocal, comLocais, nomesDosLocais } from '../regioes/local-ref.ts';
import { dadosDeLinhas, inserirDados, type RegraDados } from './dados.ts';
import { n2, regraItem } from './itens.ts';
import { aprovacaoExigida } from './ativacao.ts';
import { restricaoDeCadaRegra } from './montar.ts';
import { TABELA_HISTORICA, type TabelaRow, carregarLinhas, carregarTabela } from './repository.ts';

// The whole table in one reply (par=cmp,full) and the readjustment into a new validity period.

const D = Decimal.clone({ precision: 40, rounding: Decimal.ROUND_HALF_UP });

export async function obterCompleta(db: Db, def: ResourceDef, ctx: RequestContext, uid: string): Promise<TabelaFreteCompleta> {
  const base = (await obter(db, def, ctx, uid)) as TabelaFrete;
  const { linhas } = await carregarTabela(db, uid);
  const adicionaisLinhas = linhas.regras.filter((g) => g.escopo === 'ADICIONAL');
  const refs: (LocalRef | null)[] = [...linhas.rotas, ...linhas.prioridades, ...adicionaisLinhas].flatMap((r) => [
    colunasParaLocal(r, 'origem'),
    colunasParaLocal(r, 'destino'),
  ]);
  const uidsPessoas = [...linhas.pessoas.values()].flat().map((p) => p.pessoaUid);
  const uidsRotas = linhas.rotas.map((r) => r.rotaUid).filter((u): u is string => !!u);
  const [nomes, catalogo, nomesPessoas, nomesRotas] = await Promise.all([
    nomesDosLocais(db, refs),
    catalogoComponentes(db, exigirEmbarcador(ctx)),
    uidsPessoas.length ? db.select({ uid: pessoas.uid, nome: pessoas.nome }).from(pessoas).where(inArray(pessoas.uid, uidsPessoas)) : [],
    uidsRotas.length ? db.select({ uid: rotas.uid, nome: rotas.nome }).from(rotas).where(inArray(rotas.uid, uidsRotas)) : [],
  ]);
  const nomeComponente = new Map(catalogo.map((c) => [c.codigo, c.nome]));
  const nomePessoa = new Map(nomesPessoas.map((p) => [p.uid, p.nome]));
  const nomeRota = new Map(nomesRotas.map((r) => [r.uid, r.nome]));
  const restricaoDe = restricaoDeCadaRegra(linhas);
  const regra = (r: (typeof linhas.regras)[number]) =>
    regraItem({
      ...r,
      componenteNome: nomeComponente.get(r.componente) ?? null,
      restricaoEfetivaUid: restricaoDe.get(r.uid)?.uid ?? null,
      restricaoModo: restricaoDe.get(r.uid)?.modo ?? null,
      faixas: linhas.faixas.get(r.uid) ?? [],
    });
  const pessoasDe = (restricaoUid: string, papel: string) =>
    (linhas.pessoas.get(restricaoUid) ?? [])
      .filter((p) => p.papel === papel)
      .map((p) => ({ pessoaUid: p.pessoaUid, nome: nomePessoa.get(p.pessoaUid) ?? '', documento: p.documento, vinculadoEm: p.criadoEm }));
  return {
    ...base,
    rotas: linhas.rotas.map((r) => {
      const regras = linhas.regras.filter((g) => g.tabelaRotaUid === r.uid).map(regra);
      return {
        ...(comLocais(r, nomes) as object),
        rotaNome: r.rotaUid ? (nomeRota.get(r.rotaUid) ?? null) : null,
        freteMinimo: n2(r.freteMinimo),
        distanciaKm: n2(r.distanciaKm),
        fatorCubagem: n2(r.fatorCubagem),
        quantidadeRegras: regras.length,
        regras,
      };
    }),
    generalidades: linhas.regras.filter((g) => g.escopo === 'GENERALIDADE').map(regra),
    adicionais: adicionaisLinhas.map((g) => {
      const { origem, destino } = comLocais(g, nomes) as { origem: unknown; destino: unknown };
      return { ...regra(g), origem: origem ?? null, destino: destino ?? null };
    }),
    prioridades: linhas.prioridades.map((p) => comLocais(p, nomes)),
    restricoes: linhas.restricoes.map((x) => {
      const remetentes = pessoasDe(x.uid, 'REMETENTE');
      const destinatarios = pessoasDe(x.uid, 'DESTINATARIO');
      return {
        ...x,
        componenteNome: nomeComponente.get(x.componente) ?? null,
        quantidadeRemetentes: remetentes.length,
        quantidadeDestinatarios: destinatarios.length,
        remetentes,
        destinatarios,
      };
    }),
  } as TabelaFreteCompleta;
}

/** v × fator, half-up to centavos (decimal.js). */
export function reajustarValor(v: string | null, fator: Decimal): string | null {
  return v === null ? null : new D(v).times(fator).toDecimalPlaces(2, D.ROUND_HALF_UP).toFixed(2);
}

function reajustarRegra(g: RegraDados, fator: Decimal): RegraDados {
  const dinheiro = g.calculo === 'FIXO' || g.calculo === 'POR_UNIDADE';
  return {
    ...g,
    valor: dinheiro ? reajustarValor(g.valor, fator) : g.valor,
    minimo: reajustarValor(g.minimo, fator),
    maximo: reajustarValor(g.maximo, fator),
    faixas: g.faixas.map((f) => ({ ...f, valor: reajustarValor(f.valor, fator) as string })),
  };
}

const vespera = (data: string) => new Date(Date.parse(`${data}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * A new version of the table for a new validity period with every money value × (1 + p/100), rounded
 * half-up to centavos (percentages such as ad valorem and GRIS stay). The old version ends the day
 * before the new start (or earlier, if it already did) and becomes read-only history.
 */
export async function reajustar(
  tx: Tx,
  ctx: RequestContext,
  antiga: TabelaRow,
  r: { vigenciaInicio: string; vigenciaFim: string | null; percentual: number },
) {
  const embarcadorUid = exigirEmbarcador(ctx);
  const uid = antiga.uid;
  if (antiga.historica) throw AppError.conflict(TABELA_HISTORICA);
  if (r.vigenciaInicio <= antiga.vigenciaInicio) {
    throw AppError.field('vigenciaInicio', `A nova vigência deve começar depois do início da tabela atual (${antiga.vigenciaInicio})`);
  }
  const linhas = (await carregarLinhas(tx, [uid])).get(uid);
  const dados = dadosDeLinhas(antiga, linhas as never);
  const fator = new D(1).plus(new D(r.percentual).div(100));
  dados.tabela = {
    ...dados.tabela,
    vigenciaInicio: r.vigenciaInicio,
    vigenciaFim: r.vigenciaFim,
    versao: antiga.versao + 1,
    tabelaOrigemUid: antiga.uid,
    submetidoPor: ctx.usuarioUid,
    // Maker–checker: the readjusted version waits in Validação for another user's approval.
    status: (await aprovacaoExigida(tx, embarcadorUid)) ? 3 : antiga.status,
  };
  dados.rotas = dados.rotas.map((rota) => ({
    ...rota,
    freteMinimo: reajustarValor(rota.freteMinimo as string | null, fator),
    regras: rota.regras.map((g) => reajustarRegra(g, fator)),
  }));
  dados.generalidades = dados.generalidades.map((g) => reajustarRegra(g, fator));
  dados.adicionais = (dados.adicionais ?? []).map((g) => reajustarRegra(g, fator));
  const novaUid = await inserirDados(tx, embarcadorUid, dados);
  const fim = vespera(r.vigenciaInicio);
  const fimAntiga = antiga.vigenciaFim && antiga.vigenciaFim < fim ? antiga.vigenciaFim : fim;
  await tx
    .update(tabelasFrete)
    .set({ vigenciaFim: fimAntiga, historica: true, revisao: sql`${tabelasFrete.revisao} + 1`, atualizadoEm: sql`now()` } as never)
    .where(eq(tabelasFrete.uid, uid));
  await registrarAuditoria(tx, ctx, 'tabelasfrete', novaUid, 'reajustar', null, { tabelaOrigemUid: uid, ...r });
  await registrarAuditoria(
    tx,
    ctx,
    'tabelasfrete',
    uid,
    'historica',
    { vigenciaFim: antiga.vigenciaFim, historica: false },
    { vigenciaFim: fimAntiga, historica: true, novaVersaoUid: novaUid },
  );
  return novaUid;
}

/** A copy of the whole table (routes, rules, ranges, generalities, priorities, restrictions) in Validação. */
export async function duplicar(tx: Tx, ctx: RequestContext, origem: TabelaRow, nome: string | null) {
  const linhas = (await carregarLinhas(tx, [origem.uid])).get(origem.uid);
  const dados = dadosDeLinhas(origem, linhas as never);
  dados.tabela = { ...dados.tabela, nome: (nome ?? `Cópia de ${origem.nome}`).slice(0, 150), status: 3, versao: 1, tabelaOrigemUid: null, submetidoPor: ctx.usuarioUid };
  const novaUid = await inserirDados(tx, exigirEmbarcador(ctx), dados);
  await registrarAuditoria(tx, ctx, 'tabelasfrete', novaUid, 'duplicar', null, { tabelaCopiadaUid: origem.uid, nome: dados.tabela.nome });
  return novaUid;
}
