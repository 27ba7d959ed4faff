import { ACAO_LABEL, ACOES, type Acao, type RecursoSistema } from '@fretio/core';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Checkbox, Skeleton, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import type { FieldComponentProps } from '../../resources/types.ts';

// The permission matrix of a role: one row per system resource (grouped by area), one column per
// action; a checkbox only where the resource offers the action, plus "all" per row and per column.
// The value is the API's `permissoes`: { [recurso]: acao[] } in catalogue order.
export type Permissoes = Record<string, string[]>;

export function useRecursosSistema() {
  return useQuery({
    queryKey: [...queryKeys.resource('papeis').all, 'recursos-sistema'],
    queryFn: async ({ signal }) => (await apiGet<RecursoSistema[]>('/papeis/recursos-sistema/lista', undefined, signal)).data,
    staleTime: 5 * 60_000,
  });
}

type Linha = { key: string; grupo?: string; recurso?: RecursoSistema };

/** Canonical value: catalogue order, no empty entries. */
function normalizar(p: Permissoes): Permissoes {
  return Object.fromEntries(
    Object.entries(p)
      .map(([codigo, acoes]) => [codigo, ACOES.filter((a) => acoes.includes(a))] as const)
      .filter(([, acoes]) => acoes.length > 0),
  );
}

export function PermissionMatrix({ value, onChange, disabled, id }: FieldComponentProps) {
  const recursos = useRecursosSistema();
  const atual = (value ?? {}) as Permissoes;
  const tem = (codigo: string, acao: Acao) => !!atual[codigo]?.includes(acao);
  const set = (mudancas: [string, Acao, boolean][]) => {
    const next: Permissoes = { ...atual };
    for (const [codigo, acao, on] of mudancas) {
      const acoes = new Set(next[codigo] ?? []);
      if (on) acoes.add(acao);
      else acoes.delete(acao);
      next[codigo] = [...acoes];
    }
    onChange?.(normalizar(next));
  };

  if (recursos.isError) return <Alert type="error" showIcon title={recursos.error.message} />;
  if (!recursos.data) return <Skeleton active />;
  const lista = recursos.data;

  const linhas: Linha[] = [];
  for (const r of lista) {
    if (!linhas.some((l) => l.grupo === r.grupo)) {
      linhas.push({ key: `grupo:${r.grupo}`, grupo: r.grupo });
      for (const x of lista.filter((y) => y.grupo === r.grupo)) linhas.push({ key: x.codigo, recurso: x });
    }
  }

  const estadoColuna = (acao: Acao) => {
    const com = lista.filter((r) => r.acoes.includes(acao));
    const n = com.filter((r) => tem(r.codigo, acao)).length;
    return { com, todos: n > 0 && n === com.length, alguns: n > 0 && n < com.length };
  };
  const estadoLinha = (r: RecursoSistema) => {
    const n = r.acoes.filter((a) => tem(r.codigo, a)).length;
    return { todos: n === r.acoes.length, alguns: n > 0 && n < r.acoes.length };
  };

  const columns: TableColumnsType<Linha> = [
    {
      key: 'recurso',
      title: 'Recurso',
      onCell: (l) => ({ colSpan: l.grupo ? ACOES.length + 2 : 1 }),
      render: (_v, l) =>
        l.grupo ? (
          <Typography.Text strong type="secondary">
            {l.grupo}
          </Typography.Text>
        ) : (
          l.recurso?.nome
        ),
    },
    ...ACOES.map((acao) => {
      const col = estadoColuna(acao);
      return {
        key: acao,
        align: 'center' as const,
        width: 96,
        title: (
          <Checkbox
            aria-label={`${ACAO_LABEL[acao]} em todos os recursos`}
            checked={col.todos}
            indeterminate={col.alguns}
            disabled={disabled || !col.com.length}
            onChange={(e) => set(col.com.map((r) => [r.codigo, acao, e.target.checked]))}
          >
            {ACAO_LABEL[acao]}
          </Checkbox>
        ),
        onCell: (l: Linha) => ({ colSpan: l.grupo ? 0 : 1 }),
        render: (_v: unknown, l: Linha) =>
          l.recurso?.acoes.includes(acao) ? (
            <Checkbox
              aria-label={`${ACAO_LABEL[acao]} - ${l.recurso.nome}`}
              checked={tem(l.recurso.codigo, acao)}
              disabled={disabled}
              onChange={(e) => l.recurso && set([[l.recurso.codigo, acao, e.target.checked]])}
            />
          ) : null,
      };
    }),
    {
      key: 'todos',
      title: 'Todas',
      align: 'center',
      width: 80,
      onCell: (l) => ({ colSpan: l.grupo ? 0 : 1 }),
      render: (_v, l) => {
        if (!l.recurso) return null;
        const r = l.recurso;
        const st = estadoLinha(r);
        return (
          <Checkbox
            aria-label={`Todas as ações - ${r.nome}`}
            checked={st.todos}
            indeterminate={st.alguns}
            disabled={disabled}
            onChange={(e) => set(r.acoes.map((a) => [r.codigo, a, e.target.checked]))}
          />
        );
      },
    },
  ];

  return (
    <div id={id} data-testid="matriz-permissoes">
      <Table<Linha>
        size="small"
        bordered
        pagination={false}
        rowKey="key"
        columns={columns}
        dataSource={linhas}
        scroll={{ x: 'max-content', y: 420 }}
        onRow={(l) => ({ style: l.grupo ? { background: '#fafafa' } : undefined })}
      />
      {!disabled && (
        <Button type="link" size="small" style={{ paddingInline: 0 }} onClick={() => onChange?.({})}>
          Limpar todas as permissões
        </Button>
      )}
    </div>
  );
}

/** A short text of a role's permissions for the list: 'Centros de custo: Consultar; ...'. */
export function resumoPermissoes(p: Permissoes, recursos: RecursoSistema[] | undefined): string[] {
  const nome = (codigo: string) => recursos?.find((r) => r.codigo === codigo)?.nome ?? codigo;
  const ordem = (codigo: string) => recursos?.findIndex((r) => r.codigo === codigo) ?? 0;
  return Object.entries(p)
    .filter(([, acoes]) => acoes.length)
    .sort(([a], [b]) => ordem(a) - ordem(b))
    .map(([codigo, acoes]) => `${nome(codigo)}: ${acoes.map((a) => ACAO_LABEL[a as Acao] ?? a).join(', ')}`);
}
