import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Acao, Perfil } from '@fretio/core';
import { apiDelete } from '../app/api.ts';
import { recordTitle } from './columns.tsx';
import { type ResultadoEmLote, aplicarEmLotes } from './lote.ts';
import type { Registro, ResourceDef, RowAction } from './types.ts';
import { invalidateLists, useResourceApi } from './useResourceApi.ts';

// Bulk actions of every list: rows selected on the page get the declared row actions the role may run
// (status changes such as Inativar/Finalizar, e-mails…) and Excluir, applied to each selected row
// through the same endpoint the row uses, a few at a time (lote.ts). Rows an action does not apply to
// (its `show` says no) are skipped and counted; each failure is listed with the record and the server's
// message. With the whole page selected, "Selecionar todos os N registros" extends the selection to every
// record the list's current filters match, across pages (antd's pattern): the action gathers them page
// by page from the list's own API, in the list's order, and applies itself to each through the same
// per-record endpoint — the same permissions, checks and report as a row.

/** One thing that can be applied to the selection. */
export type AcaoEmLote = {
  key: string;
  label: string;
  icon?: ReactNode;
  danger?: boolean;
  /** Whether it applies to a row (the row action's `show`). */
  aplica: (r: Registro) => boolean;
  run: (r: Registro) => Promise<unknown>;
};

export type { ResultadoEmLote } from './lote.ts';

/** Applies `acao` to every row it applies to, a few calls at a time; never throws. */
export function aplicarEmLote(
  def: ResourceDef,
  acao: AcaoEmLote,
  linhas: Registro[],
  progresso?: (feitos: number, total: number) => void,
): Promise<ResultadoEmLote> {
  return aplicarEmLotes(linhas, acao, (r) => recordTitle(def, r), { progresso });
}

/** The bulk actions a list offers the user: declared row actions (unless `lote: false`) and Excluir. */
export function acoesEmLote(
  def: ResourceDef,
  can: { excluir: boolean; pode?: (recurso: string, acao: Acao) => boolean; perfil?: Perfil },
  base: string,
): AcaoEmLote[] {
  const acoes = (def.rowActions ?? [])
    .filter((a) => a.lote !== false && (can.pode?.(a.recurso ?? def.recurso, a.acao ?? 'alterar') ?? false))
    .map(
      (a: RowAction): AcaoEmLote => ({
        key: `acao:${a.key}`,
        label: a.label,
        icon: a.icon,
        danger: a.danger,
        aplica: (r) => !a.show || a.show(r, can.perfil),
        run: (r) => a.run(r, { base }),
      }),
    );
  const del = def.deleteAction;
  if (can.excluir)
    acoes.push({
      key: 'excluir',
      label: del?.label ?? 'Excluir',
      icon: <DeleteOutlined />,
      danger: true,
      aplica: (r) => !del?.show || del.show(r, can.perfil),
      run: (r) => apiDelete(`${base}/${r.uid}`),
    });
  return acoes;
}

const plural = (n: number, um: string, varios: string) => `${n.toLocaleString('pt-BR')} ${n === 1 ? um : varios}`;

/** What a bulk run did, in words ("3 registros processados, 1 ignorado (não se aplica), 2 com erro"). */
export function resumoEmLote(r: ResultadoEmLote): string {
  const partes = [plural(r.feitos, 'registro processado', 'registros processados')];
  if (r.ignorados) partes.push(`${plural(r.ignorados, 'ignorado', 'ignorados')} (a ação não se aplica)`);
  if (r.falhas.length) partes.push(plural(r.falhas.length, 'com erro', 'com erro'));
  return `${partes.join(', ')}.`;
}

/** The bar above a list with rows selected: how many, the bulk actions, and clearing the selection. */
export function BarraEmLote({
  def,
  acoes,
  selecionados,
  limpar,
  todos,
  total,
  todosDoFiltro,
  selecionarTodosDoFiltro,
  buscarTodosDoFiltro,
}: {
  def: ResourceDef;
  acoes: AcaoEmLote[];
  selecionados: Registro[];
  limpar: () => void;
  /** Selects every row of the page (absent when all are selected). */
  todos?: () => void;
  /** Records the list's filters match (all pages). */
  total: number;
  /** The selection is every record of the filter, not only the rows checked on this page. */
  todosDoFiltro: boolean;
  selecionarTodosDoFiltro: () => void;
  /** Every record of the filter, gathered page by page from the list's API. */
  buscarTodosDoFiltro: () => Promise<Registro[]>;
}) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { keys } = useResourceApi(def);
  const [rodando, setRodando] = useState<string | null>(null);
  const [andamento, setAndamento] = useState<string | null>(null);
  if (!selecionados.length) return null;

  async function executar(acao: AcaoEmLote, linhas: Registro[]) {
    setRodando(acao.key);
    try {
      const r = await aplicarEmLote(def, acao, linhas, (n, t) => t > 20 && setAndamento(`${n.toLocaleString('pt-BR')} de ${t.toLocaleString('pt-BR')}`));
      await Promise.all([invalidateLists(queryClient, def), ...linhas.map((s) => queryClient.invalidateQueries({ queryKey: keys.detail(s.uid) }))]);
      const resumo = `${acao.label}: ${resumoEmLote(r)}`;
      if (!r.falhas.length) {
        message.success(resumo);
        limpar();
        return;
      }
      modal.error({
        title: resumo,
        width: 560,
        content: (
          <ul style={{ margin: 0, paddingInlineStart: 20, maxHeight: 360, overflow: 'auto' }} data-testid="falhas-em-lote">
            {r.falhas.map((f, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: two rows may share a title
              <li key={i}>
                <strong>{f.registro}</strong>: {f.mensagem}
              </li>
            ))}
          </ul>
        ),
        okText: 'Fechar',
      });
    } finally {
      setRodando(null);
      setAndamento(null);
    }
  }

  async function pedir(acao: AcaoEmLote) {
    let linhas = selecionados;
    if (todosDoFiltro) {
      setRodando(acao.key);
      setAndamento('reunindo os registros do filtro');
      try {
        linhas = await buscarTodosDoFiltro();
      } catch (e) {
        message.error((e as Error).message || 'Não foi possível reunir os registros do filtro.');
        return;
      } finally {
        setRodando(null);
        setAndamento(null);
      }
    }
    const aplicaveis = linhas.filter(acao.aplica).length;
    if (!aplicaveis) {
      message.warning(`${acao.label}: a ação não se aplica a nenhum dos registros selecionados.`);
      return;
    }
    const fora = linhas.length - aplicaveis;
    modal.confirm({
      title: `${acao.label}: ${plural(aplicaveis, 'registro selecionado', 'registros selecionados')}${todosDoFiltro ? ' (todos os do filtro)' : ''}?`,
      content: fora ? `${plural(fora, 'registro selecionado será ignorado', 'registros selecionados serão ignorados')}: a ação não se aplica a eles.` : undefined,
      okText: acao.label,
      cancelText: 'Cancelar',
      okButtonProps: { danger: acao.danger },
      onOk: () => executar(acao, linhas),
    });
  }

  const paginaInteira = !todos;
  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }} data-testid="barra-em-lote">
      <Typography.Text strong>
        {todosDoFiltro ? `Todos os ${plural(total, 'registro', 'registros')} selecionados` : plural(selecionados.length, 'selecionado', 'selecionados')}
      </Typography.Text>
      <Dropdown
        trigger={['click']}
        disabled={!!rodando}
        menu={{
          items: acoes.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger })),
          onClick: ({ key }) => {
            const a = acoes.find((x) => x.key === key);
            if (a) void pedir(a);
          },
        }}
      >
        <Button loading={!!rodando}>
          Ações em lote <DownOutlined />
        </Button>
      </Dropdown>
      {andamento && (
        <Typography.Text type="secondary" role="status">
          Processando: {andamento}…
        </Typography.Text>
      )}
      {todos && (
        <Button type="link" onClick={todos} disabled={!!rodando}>
          Selecionar todos desta página
        </Button>
      )}
      {paginaInteira && !todosDoFiltro && total > selecionados.length && (
        <Button type="link" onClick={selecionarTodosDoFiltro} disabled={!!rodando}>
          Selecionar todos os {plural(total, 'registro', 'registros')}
        </Button>
      )}
      <Button type="link" onClick={limpar} disabled={!!rodando}>
        Limpar seleção
      </Button>
    </Flex>
  );
}
