import { BellOutlined, CheckOutlined, DeleteOutlined, ExportOutlined, EyeInvisibleOutlined } from '@ant-design/icons';
import { App, Badge, Button, Drawer, Empty, Flex, List, Space, Tag, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { type Notificacao, formatarData } from '@fretio/core';
import { useCaixa, useExcluirNotificacao, useMarcarLeitura, useMarcarTodas, useNovidades } from './hooks.ts';

// The bell in the header: the unread count (kept fresh by polling `news`) and a drawer with the
// user's notifications: open the record (marks it read), mark read/unread, mark all read, delete.
const POR_PAGINA = 20;

export function Sino() {
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [aberta, setAberta] = useState(false);
  const [pc, setPc] = useState(1);
  const novidades = useNovidades();
  const caixa = useCaixa(pc, POR_PAGINA, aberta);
  const leitura = useMarcarLeitura();
  const todas = useMarcarTodas();
  const excluir = useExcluirNotificacao();
  const naoLidas = novidades.data?.naoLidas ?? 0;
  const falhou = (e: Error) => message.error(e.message);

  const abrir = (n: Notificacao) => {
    if (!n.lida) leitura.mutate({ uid: n.uid, lida: true }, { onError: falhou });
    if (n.link) {
      setAberta(false);
      navigate(n.link);
    }
  };

  return (
    <>
      <Tooltip title="Notificações">
        <Badge count={naoLidas} size="small" overflowCount={99} data-testid="sino-contador">
          <Button type="text" aria-label={`Notificações: ${naoLidas} não lidas`} icon={<BellOutlined />} onClick={() => setAberta(true)} />
        </Badge>
      </Tooltip>
      <Drawer
        title="Notificações"
        open={aberta}
        onClose={() => setAberta(false)}
        size={420}
        extra={
          <Button size="small" icon={<CheckOutlined />} disabled={!naoLidas} loading={todas.isPending} onClick={() => todas.mutate(undefined, { onError: falhou })}>
            Marcar todas como lidas
          </Button>
        }
      >
        <List<Notificacao>
          loading={caixa.isFetching && !caixa.data}
          dataSource={caixa.data?.data ?? []}
          locale={{ emptyText: <Empty description={caixa.isError ? 'Erro ao carregar as notificações.' : 'Nenhuma notificação.'} /> }}
          pagination={(caixa.data?.totalRecords ?? 0) > POR_PAGINA ? { current: pc, pageSize: POR_PAGINA, total: caixa.data?.totalRecords, onChange: setPc, size: 'small' } : false}
          renderItem={(n) => (
            <List.Item
              data-testid="notificacao"
              style={{ background: n.lida ? undefined : '#e6f4ff', paddingInline: 8 }}
              actions={[
                n.link && (
                  <Tooltip key="abrir" title="Abrir o registro">
                    <Button type="text" size="small" aria-label="Abrir" icon={<ExportOutlined />} onClick={() => abrir(n)} />
                  </Tooltip>
                ),
                <Tooltip key="ler" title={n.lida ? 'Marcar como não lida' : 'Marcar como lida'}>
                  <Button
                    type="text"
                    size="small"
                    aria-label={n.lida ? 'Marcar como não lida' : 'Marcar como lida'}
                    icon={n.lida ? <EyeInvisibleOutlined /> : <CheckOutlined />}
                    onClick={() => leitura.mutate({ uid: n.uid, lida: !n.lida }, { onError: falhou })}
                  />
                </Tooltip>,
                <Tooltip key="excluir" title="Excluir">
                  <Button type="text" size="small" danger aria-label="Excluir" icon={<DeleteOutlined />} onClick={() => excluir.mutate(n.uid, { onError: falhou })} />
                </Tooltip>,
              ].filter(Boolean)}
            >
              <List.Item.Meta
                title={
                  <Flex gap={8} align="center" wrap>
                    <Typography.Link strong={!n.lida} onClick={() => abrir(n)}>
                      {n.titulo}
                    </Typography.Link>
                    <Tag>{n.tipoLabel}</Tag>
                  </Flex>
                }
                description={
                  <Space direction="vertical" size={0}>
                    <Typography.Text>{n.mensagem}</Typography.Text>
                    <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                      {formatarData(n.criadoEm, true)}
                    </Typography.Text>
                  </Space>
                }
              />
            </List.Item>
          )}
        />
      </Drawer>
    </>
  );
}
