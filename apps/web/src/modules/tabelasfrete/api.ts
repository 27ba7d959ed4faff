import {
  MSG,
  type RegraItem,
  type TabelaFrete,
  type TabelaFreteCompleta,
  tabelaFrete,
  tabelaFreteInput,
  tabelaFreteUpdate,
} from '@fretio/core';
import { ApiError, apiGet, apiPost } from '../../app/api.ts';
import { clienteDe, contrato } from '../../app/contrato.ts';

// The freight tables' API (typed contract) and the helpers shared by the list and the editor; the
// hooks on top of them are in hooks.ts.
export const TABELAS_KEY = 'tabelas-frete';
export const tabelasApi = contrato({ path: '/tabelasfrete', item: tabelaFrete, input: tabelaFreteInput, update: tabelaFreteUpdate });

/** GET of a file (XLSX export): saved under the server's file name; failures as ApiError. */
export async function baixarArquivo(url: string, nomePadrao: string) {
  let res: Response;
  try {
    res = await fetch(url, { credentials: 'same-origin' });
  } catch {
    throw new ApiError('Falha de rede. Verifique sua conexão e tente novamente.', 0);
  }
  if (!res.ok) {
    const json = (await res.json().catch(() => null)) as { message?: string } | null;
    throw new ApiError(json?.message || MSG.erroProcessar, res.status);
  }
  const nome = /filename="?([^";]+)"?/.exec(res.headers.get('content-disposition') ?? '')?.[1] ?? nomePadrao;
  const href = URL.createObjectURL(await res.blob());
  const a = document.createElement('a');
  a.href = href;
  a.download = nome;
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(href), 10_000);
}

/** A rule as the API takes it (ranges inline for FAIXA). */
export function corpoDaRegra(r: RegraItem) {
  return {
    componente: r.componente,
    base: r.base,
    calculo: r.calculo,
    valor: r.calculo === 'FAIXA' ? null : r.valor,
    minimo: r.minimo,
    maximo: r.maximo,
    aposMinimo: r.aposMinimo,
    faixas: r.calculo === 'FAIXA' ? r.faixas.map((f) => ({ ate: f.ate, valor: f.valor, modo: f.modo })) : undefined,
  };
}

const semDescricao = <T extends { descricao?: string }>(l: T | null) => {
  if (!l) return null;
  const { descricao: _d, ...ref } = l;
  return ref;
};

/**
 * A copy of the table, in Validação, named "Cópia de …": the header, routes with their rules and
 * ranges, generalidades, priorities and restrictions with their senders and recipients. The API has
 * no copy endpoint, so the copy is made part by part; a failure leaves the partial copy in Validação.
 */
export async function duplicarTabela(uid: string): Promise<TabelaFrete> {
  const t = (await apiGet<TabelaFreteCompleta>(`${tabelasApi.path}/${uid}`, { par: 'cmp,full' })).data;
  const nova = (
    await clienteDe(tabelasApi).criar({
      nome: `Cópia de ${t.nome}`.slice(0, 150),
      transportadorUid: t.transportadorUid,
      modalUid: t.modalUid,
      vigenciaInicio: t.vigenciaInicio,
      vigenciaFim: t.vigenciaFim,
      fatorCubagem: t.fatorCubagem,
      icmsIncluso: t.icmsIncluso,
      prioridade: t.prioridade,
      observacoes: t.observacoes,
      status: 3,
    })
  ).data;
  const base = `/tabelasfrete/${nova.uid}`;
  for (const r of t.rotas) {
    const rota = (
      await apiPost<{ uid: string }>(`${base}/rotas`, {
        rotaUid: r.rotaUid,
        origem: semDescricao(r.origem),
        destino: semDescricao(r.destino),
        prazoDiasUteis: r.prazoDiasUteis,
        freteMinimo: r.freteMinimo,
        distanciaKm: r.distanciaKm,
        tipoVeiculoUid: r.tipoVeiculoUid,
      })
    ).data;
    for (const g of r.regras) await apiPost(`${base}/rotasComponente`, { tabelaRotaUid: rota.uid, ...corpoDaRegra(g) });
  }
  for (const g of t.generalidades) await apiPost(`${base}/generalidades`, corpoDaRegra(g));
  for (const p of t.prioridades) {
    await apiPost(`${base}/prioridades`, {
      origem: semDescricao(p.origem),
      destino: semDescricao(p.destino),
      prioridade: p.prioridade,
      observacao: p.observacao,
    });
  }
  for (const x of t.restricoes) {
    const r = (
      await apiPost<{ uid: string }>(`${base}/restricoes-componentes`, { componente: x.componente, modo: x.modo, descricao: x.descricao })
    ).data;
    for (const p of x.remetentes) await apiPost(`${base}/restricoes-componentes/${r.uid}/remetentes/${p.pessoaUid}`);
    for (const p of x.destinatarios) await apiPost(`${base}/restricoes-componentes/${r.uid}/destinatarios/${p.pessoaUid}`);
  }
  return nova;
}
