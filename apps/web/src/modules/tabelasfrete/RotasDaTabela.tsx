import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { type TabelaFreteCompleta, formatarDinheiro } from '@fretio/core';
import { Button, Card, Flex, Popconfirm, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { ResourceForm } from '../../resources/ResourceForm.tsx';
import type { Registro } from '../../resources/types.ts';
import { useDeleteResource } from '../../resources/useResourceApi.ts';
import { useTiposVeiculoLista } from '../frota/hooks.ts';
import { descricaoLocal } from '../regioes/LocalRefInput.tsx';
import { rotasDaTabela } from './definicoes.tsx';
import { RegrasEditor } from './RegrasEditor.tsx';

// The "Rotas" tab of the editor: the table's routes (origin → destination, deadline, minimum freight,
// distance, vehicle type) and, for the selected one (?rota=), its rules.
type Rota = TabelaFreteCompleta['rotas'][number];

export const nomeDaRota = (r: Pick<Rota, 'origem' | 'destino'>) => `${descricaoLocal(r.origem)} → ${descricaoLocal(r.destino)}`;

export function RotasDaTabela({ tabela, readOnly }: { tabela: TabelaFreteCompleta; readOnly: boolean }) {
  const [params, setParams] = useSearchParams();
  const [editando, setEditando] = useState<{ rota: Rota | null; n: number; open: boolean } | null>(null);
  const remover = useDeleteResource(rotasDaTabela);
  const tipos = useTiposVeiculoLista();
  const selecionada = tabela.rotas.find((r) => r.uid === params.get('rota')) ?? tabela.rotas[0];
  const selecionar = (uid: string) =>
    setParams(
      (p) => {
        const n = new URLSearchParams(p);
        n.set('rota', uid);
        return n;
      },
      { replace: true },
    );
  const nomeTipo = (uid: string | null) => (uid ? (tipos.data?.find((t) => t.value === uid)?.label ?? '…') : 'Qualquer');

  return (
    <>
      <Flex justify="space-between" align="start" wrap gap={8} style={{ marginBottom: 12 }}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            Rotas
          </Typography.Title>
          <Typography.Text type="secondary">Selecione uma rota para ver e editar as regras dos seus componentes.</Typography.Text>
        </div>
        {!readOnly && (
          <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditando({ rota: null, n: Date.now(), open: true })}>
            Adicionar rota
          </Button>
        )}
      </Flex>
      <Table<Rota>
        rowKey="uid"
        size="small"
        scroll={{ x: 'max-content' }}
        dataSource={tabela.rotas}
        pagination={tabela.rotas.length > 20 ? { pageSize: 20 } : false}
        locale={{ emptyText: 'Nenhuma rota: adicione a primeira.' }}
        rowSelection={{
          type: 'radio',
          selectedRowKeys: selecionada ? [selecionada.uid] : [],
          onChange: (keys) => selecionar(String(keys[0])),
        }}
        onRow={(r) => ({ onClick: () => selecionar(r.uid), style: { cursor: 'pointer' } })}
        columns={[
          { key: 'origem', title: 'Origem', render: (_v, r) => descricaoLocal(r.origem) },
          { key: 'destino', title: 'Destino', render: (_v, r) => descricaoLocal(r.destino) },
          { key: 'prazo', title: 'Prazo (dias úteis)', dataIndex: 'prazoDiasUteis', align: 'right' },
          {
            key: 'freteMinimo',
            title: 'Frete mínimo',
            align: 'right',
            render: (_v, r) => (r.freteMinimo === null ? '—' : `R$ ${formatarDinheiro(r.freteMinimo)}`),
          },
          {
            key: 'distancia',
            title: 'Distância (km)',
            align: 'right',
            render: (_v, r) => (r.distanciaKm === null ? '—' : r.distanciaKm.toLocaleString('pt-BR')),
          },
          { key: 'tipoVeiculo', title: 'Tipo de veículo', render: (_v, r) => nomeTipo(r.tipoVeiculoUid) },
          { key: 'regras', title: 'Regras', dataIndex: 'quantidadeRegras', align: 'right' },
          ...(readOnly
            ? []
            : [
                {
                  key: 'acoes',
                  title: 'Ações',
                  width: 1,
                  render: (_v: unknown, r: Rota) => (
                    // The row's click selects it; the actions do not.
                    <Space size={0} onClick={(e) => e.stopPropagation()}>
                      <Button
                        type="link"
                        size="small"
                        icon={<EditOutlined />}
                        onClick={() => setEditando({ rota: r, n: Date.now(), open: true })}
                      >
                        Editar
                      </Button>
                      <Popconfirm
                        title={`Excluir a rota ${nomeDaRota(r)} e suas regras?`}
                        okText="Excluir"
                        cancelText="Cancelar"
                        okButtonProps={{ danger: true }}
                        onConfirm={() => remover.mutateAsync(r.uid).catch(() => undefined)}
                      >
                        <Button
                          type="link"
                          size="small"
                          danger
                          icon={<DeleteOutlined />}
                          loading={remover.isPending && remover.variables === r.uid}
                        >
                          Excluir
                        </Button>
                      </Popconfirm>
                    </Space>
                  ),
                },
              ]),
        ]}
      />
      {selecionada && (
        <Card size="small" style={{ marginTop: 16 }}>
          <RegrasEditor
            titulo={`Regras da rota ${nomeDaRota(selecionada)}`}
            descricao="Cada componente cobrado nesta rota; substitui a generalidade do mesmo componente."
            api={`/tabelasfrete/${tabela.uid}/rotasComponente`}
            extra={{ tabelaRotaUid: selecionada.uid }}
            regras={selecionada.regras}
            readOnly={readOnly}
          />
        </Card>
      )}
      {editando && (
        <ResourceForm
          key={editando.n}
          def={rotasDaTabela}
          uid={editando.rota?.uid ?? null}
          row={(editando.rota ?? undefined) as Registro | undefined}
          open={editando.open}
          onClose={() => setEditando((e) => (e ? { ...e, open: false } : e))}
          onAfterClose={() => setEditando(null)}
        />
      )}
    </>
  );
}
