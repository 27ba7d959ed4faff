import { DeleteOutlined, DownOutlined } from '@ant-design/icons';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button, Dropdown, Flex, Typography } from 'antd';
import { type ReactNode, useState } from 'react';
import type { Acao, Perfil } from '@fretio/core';
import { type ApiError, apiDelete } from '../app/api.ts';
import { recordTitle } from './columns.tsx';
import type { Registro, ResourceDef, RowAction } from './types.ts';
import { invalidateLists, useResourceApi } from './useResourceApi.ts';

// Bulk actions of every list: rows selected on the page get the declared row actions the role may run
// (status changes such as Inativar/Finalizar, e-mails…) and Excluir, applied to each selected row
// through the same endpoint the row uses, one after the other. Rows an action does not apply to (its
// `show` says no) are skipped and counted; each failure is listed with the record and the server's message.

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

export type ResultadoEmLote = { feitos: number; ignorados: number; falhas: { registro: string; mensagem: string }[] };

/** Applies `acao` to every row it applies to, one at a time; never throws. */
export async function aplicarEmLote(def: ResourceDef, acao: AcaoEmLote, linhas: Registro[]): Promise<ResultadoEmLote> {
  const r: ResultadoEmLote = { feitos: 0, ignorados: 0, falhas: [] };
  for (const linha of linhas) {
    if (!acao.aplica(linha)) {
      r.ignorados++;
      continue;
    }
    try {
      await acao.run(linha);
      r.feitos++;
    } catch (e) {
      r.falhas.push({ registro: recordTitle(def, linha), mensagem: (e as ApiError).message || 'Erro ao processar registro.' });
    }
  }
  return r;
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
}: {
  def: ResourceDef;
  acoes: AcaoEmLote[];
  selecionados: Registro[];
  limpar: () => void;
  /** Selects every row of the page (absent when all are selected). */
  todos?: () => void;
}) {
  const { modal, message } = App.useApp();
  const queryClient = useQueryClient();
  const { keys } = useResourceApi(def);
  const [rodando, setRodando] = useState<string | null>(null);
  if (!selecionados.length) return null;

  async function executar(acao: AcaoEmLote) {
    setRodando(acao.key);
    try {
      const r = await aplicarEmLote(def, acao, selecionados);
      await Promise.all([invalidateLists(queryClient, def), ...selecionados.map((s) => queryClient.invalidateQueries({ queryKey: keys.detail(s.uid) }))]);
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
          <ul style={{ margin: 0, paddingInlineStart: 20 }} data-testid="falhas-em-lote">
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
    }
  }

  function pedir(acao: AcaoEmLote) {
    const aplicaveis = selecionados.filter(acao.aplica).length;
    if (!aplicaveis) {
      message.warning(`${acao.label}: a ação não se aplica a nenhum dos registros selecionados.`);
      return;
    }
    const fora = selecionados.length - aplicaveis;
    modal.confirm({
      title: `${acao.label}: ${plural(aplicaveis, 'registro selecionado', 'registros selecionados')}?`,
      content: fora ? `${plural(fora, 'registro selecionado será ignorado', 'registros selecionados serão ignorados')}: a ação não se aplica a eles.` : undefined,
      okText: acao.label,
      cancelText: 'Cancelar',
      okButtonProps: { danger: acao.danger },
      onOk: () => executar(acao),
    });
  }

  return (
    <Flex align="center" gap={12} wrap style={{ marginBottom: 12 }} data-testid="barra-em-lote">
      <Typography.Text strong>{plural(selecionados.length, 'selecionado', 'selecionados')}</Typography.Text>
      <Dropdown
        trigger={['click']}
        disabled={!!rodando}
        menu={{
          items: acoes.map((a) => ({ key: a.key, label: a.label, icon: a.icon, danger: a.danger })),
          onClick: ({ key }) => {
            const a = acoes.find((x) => x.key === key);
            if (a) pedir(a);
          },
        }}
      >
        <Button loading={!!rodando}>
          Ações em lote <DownOutlined />
        </Button>
      </Dropdown>
      {todos && (
        <Button type="link" onClick={todos} disabled={!!rodando}>
          Selecionar todos desta página
        </Button>
      )}
      <Button type="link" onClick={limpar} disabled={!!rodando}>
        Limpar seleção
      </Button>
    </Flex>
  );
}
