import type { ComparacaoTabelas, TabelaFreteCompleta, ajusteBaseInput, reajusteInput, restricaoPessoa, tabelaFrete, tipoFaixaCalculo, z } from '@fretio/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { type ApiReply, type ListPage, api, apiDelete, apiGet, apiPost, apiPut, apiUpload } from '../../app/api.ts';
import { clienteDe } from '../../app/contrato.ts';
import { type Reacoes, useMutacao } from '../../app/mutacoes.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { TABELAS_KEY, duplicarTabela, tabelasApi } from './api.ts';

// Every read and write of the freight-table screens that is not the generic list/form: typed by the
// core schemas (tabelasApi and core types) and cached under the 'tabelas-frete' keys of the factory, so one
// invalidation of [TABELAS_KEY] refreshes the list, the editor and the history alike.
const keys = queryKeys.resource(TABELAS_KEY);
const restricoesKeys = queryKeys.resource('tabela-frete-restricoes');

type TabelaFrete = z.infer<typeof tabelaFrete>;
type TipoFaixa = z.infer<typeof tipoFaixaCalculo>;
export type PessoaDaRestricao = z.infer<typeof restricaoPessoa>;
/** A rule's body as the form builds it; the server validates it (generalidadeInput, regraRotaInput). */
export type CorpoRegra = Record<string, unknown>;
export type CorpoReajuste = z.input<typeof reajusteInput>;
/** Spec §9: imports may take up to 30 minutes. */
const IMPORTACAO_TIMEOUT_MS = 30 * 60 * 1000;

/** The whole table (routes with their rules and ranges, generalidades, priorities, restrictions). */
export function useTabelaCompleta(uid: string | null) {
  return useQuery({
    queryKey: keys.detailPart(uid ?? '', 'completa'),
    queryFn: async ({ signal }) => (await apiGet<TabelaFreteCompleta>(`${tabelasApi.path}/${uid}`, { par: 'cmp,full' }, signal)).data,
    enabled: !!uid,
    staleTime: 0,
  });
}

/**
 * Warnings of the whole table (allowed but probably wrong, e.g. a narrower route without the main freight
 * of a wider one): GET /tabelasfrete/{uid}/avisos, refreshed with every change of the table (keys.all).
 */
export function useAvisosTabela(uid: string | null) {
  return useQuery({
    queryKey: keys.detailPart(uid ?? '', 'avisos'),
    queryFn: async ({ signal }) => (await apiGet<{ field: string; message: string }[]>(`${tabelasApi.path}/${uid}/avisos`, undefined, signal)).data,
    enabled: !!uid,
  });
}

/** Everything cached about tables (lists, details, the whole table) after a change of any part. */
export function useAtualizarTabelas() {
  const queryClient = useQueryClient();
  return useCallback(() => queryClient.invalidateQueries({ queryKey: keys.all }), [queryClient]);
}

/** Every version of the carrier's tables (the history of readjustments), newest first. */
export function useHistoricoTabelas(transportadorUid: string, enabled: boolean) {
  const query = {
    src: 'embarcador',
    pc: 1,
    pps: 500,
    ssf: 'versao',
    sso: 'DESC',
    ftr_vigencia: 'todas',
    ftr_transportadorUid: transportadorUid,
  };
  return useQuery({
    queryKey: keys.namedList('historico', query),
    queryFn: async ({ signal }) => (await clienteDe(tabelasApi).listar(query, signal)).data.data,
    enabled,
  });
}

/** The range modes of FAIXA rules: a fixed catalogue, read once. */
export function useTiposFaixa() {
  return useQuery({
    queryKey: queryKeys.resource('tiposfaixacalculo').all,
    queryFn: async ({ signal }) => (await apiGet<TipoFaixa[]>(`${tabelasApi.path}/tiposfaixacalculo`, undefined, signal)).data,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A new version with the values readjusted by a percentage. */
export const useReajustarTabela = (uid: string, reacoes: Reacoes<ApiReply<TabelaFrete>, CorpoReajuste>) =>
  useMutacao(
    (body: CorpoReajuste) => apiPost<TabelaFrete>(`${tabelasApi.path}/${uid}/reajustar`, body),
    () => [keys.all],
    reacoes,
  );

/** A copy in Validação; a failure half-way leaves a partial copy, so the lists refresh either way. */
export const useDuplicarTabela = (reacoes: Reacoes<TabelaFrete, string>) => useMutacao(duplicarTabela, () => [keys.all], reacoes, true);

/** A table from an XLSX in the export's format; bad cells come back as the ApiError's fieldErrors. */
export const useImportarTabela = (reacoes: Reacoes<ApiReply<TabelaFrete>, File>) =>
  useMutacao(
    (file: File) => {
      const body = new FormData();
      body.append('file', file, file.name);
      return api<TabelaFrete>(`${tabelasApi.path}/importar`, { method: 'POST', body, signal: AbortSignal.timeout(IMPORTACAO_TIMEOUT_MS) });
    },
    () => [keys.all],
    reacoes,
  );

/** Rules of a collection (`colecao`: '/tabelasfrete/{uid}/generalidades' or '.../rotasComponente'). */
export const useSalvarRegra = (colecao: string, regraUid: string | null, reacoes?: Reacoes<ApiReply<unknown>, CorpoRegra>) =>
  useMutacao(
    (body: CorpoRegra) => (regraUid ? apiPut(`${colecao}/${regraUid}`, body) : apiPost(colecao, body)),
    () => [keys.all],
    reacoes,
  );

export const useExcluirRegra = (colecao: string, reacoes: Reacoes<ApiReply<null>, string>) =>
  useMutacao(
    (uid: string) => apiDelete(`${colecao}/${uid}`),
    () => [keys.all],
    reacoes,
  );

// Senders/recipients linked to a component restriction -------------------------------------------
export type ListaDaRestricao = 'remetentes' | 'destinatarios';
const daRestricao = (tabelaUid: string, restricaoUid: string, lista: ListaDaRestricao) =>
  `${tabelasApi.path}/${tabelaUid}/restricoes-componentes/${restricaoUid}/${lista}`;
/** The restrictions' counts and the whole table change with their people. */
const aposMudarPessoas = () => [restricoesKeys.all, keys.all];

export function usePessoasDaRestricao(tabelaUid: string, restricaoUid: string, lista: ListaDaRestricao) {
  return useQuery({
    queryKey: restricoesKeys.detailPart(restricaoUid, lista),
    queryFn: async ({ signal }) =>
      (await apiGet<ListPage<PessoaDaRestricao>>(daRestricao(tabelaUid, restricaoUid, lista), { pc: 1, pps: 500 }, signal)).data,
  });
}

export const useVincularPessoa = (
  tabelaUid: string,
  restricaoUid: string,
  lista: ListaDaRestricao,
  reacoes: Reacoes<ApiReply<unknown>, string>,
) => useMutacao((pessoaUid: string) => apiPost(`${daRestricao(tabelaUid, restricaoUid, lista)}/${pessoaUid}`), aposMudarPessoas, reacoes);

export const useDesvincularPessoa = (
  tabelaUid: string,
  restricaoUid: string,
  lista: ListaDaRestricao,
  reacoes: Reacoes<ApiReply<null>, string>,
) => useMutacao((pessoaUid: string) => apiDelete(`${daRestricao(tabelaUid, restricaoUid, lista)}/${pessoaUid}`), aposMudarPessoas, reacoes);

export type ResultadoImportacaoPessoas = { vinculados: number; jaVinculados: number; linhas: number };
export const useImportarPessoas = (
  tabelaUid: string,
  restricaoUid: string,
  lista: ListaDaRestricao,
  reacoes: Reacoes<ApiReply<ResultadoImportacaoPessoas>, File>,
) =>
  useMutacao(
    (file: File) =>
      apiUpload<ResultadoImportacaoPessoas>(
        `${tabelasApi.path}/${tabelaUid}/restricoes-componentes/${restricaoUid}/importar-${lista}`,
        file,
      ),
    aposMudarPessoas,
    reacoes,
  );

// Maker–checker comparison and approval; derived tables ------------------------------------------
/** Old vs new prices of a sample of loads per route (GET {uid}/comparacao). */
export function useComparacaoTabela(uid: string) {
  return useQuery({
    queryKey: keys.detailPart(uid, 'comparacao'),
    queryFn: async ({ signal }) => (await apiGet<ComparacaoTabelas>(`${tabelasApi.path}/${uid}/comparacao`, undefined, signal)).data,
    staleTime: 0,
  });
}

/** Approval = activation by another user with the permission (PUT {uid}/atualizarstatus {status: 1}). */
export const useAprovarTabela = (uid: string, reacoes: Reacoes<ApiReply<unknown>, void>) =>
  useMutacao(
    () => apiPut(`${tabelasApi.path}/${uid}/atualizarstatus`, { status: 1 }),
    () => [keys.all],
    reacoes,
  );

export type CorpoVinculo = { tabelaBaseUid: string | null; ajustesBase: z.input<typeof ajusteBaseInput>[] };
/** The whole header with the derived-table fields (PUT {uid}). */
export const useSalvarVinculo = (tabela: TabelaFrete, reacoes: Reacoes<ApiReply<TabelaFrete>, CorpoVinculo>) =>
  useMutacao(
    (v: CorpoVinculo) =>
      apiPut<TabelaFrete>(`${tabelasApi.path}/${tabela.uid}`, {
        nome: tabela.nome,
        transportadorUid: tabela.transportadorUid,
        modalUid: tabela.modalUid,
        vigenciaInicio: tabela.vigenciaInicio,
        vigenciaFim: tabela.vigenciaFim,
        fatorCubagem: tabela.fatorCubagem,
        icmsIncluso: tabela.icmsIncluso,
        prioridade: tabela.prioridade,
        observacoes: tabela.observacoes,
        densidadeIsencaoCubagem: tabela.densidadeIsencaoCubagem,
        isencaoCubagemProdutos: tabela.isencaoCubagemProdutos,
        isencaoCubagemDestinatarios: tabela.isencaoCubagemDestinatarios,
        ...v,
      }),
    () => [keys.all],
    reacoes,
  );
