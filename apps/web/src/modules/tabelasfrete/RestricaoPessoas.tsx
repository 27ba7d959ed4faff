import { DeleteOutlined, LinkOutlined, UploadOutlined } from '@ant-design/icons';
import { formatarDocumento } from '@fretio/core';
import { App, Button, Card, Col, Form, Popconfirm, Row, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { useParams } from 'react-router';
import type { ApiError } from '../../app/api.ts';
import { usePode, useToastErro } from '../../app/perfil.ts';
import { DateText } from '../../resources/fields/DateText.tsx';
import { RemoteSelect } from '../../resources/fields/RemoteSelect.tsx';
import type { Registro } from '../../resources/types.ts';
import {
  type ListaDaRestricao as Lista,
  type PessoaDaRestricao as Pessoa,
  useDesvincularPessoa,
  useImportarPessoas,
  usePessoasDaRestricao,
  useTabelaCompleta,
  useVincularPessoa,
} from './hooks.ts';
import { type ErroImportacao, ErrosImportacao } from './ErrosImportacao.tsx';

// The senders and recipients of a component restriction (the expanded row of the restrictions list):
// link a person of the shipper, unlink, or import a CSV/XLSX of CNPJs with a per-row error report.
const TITULO: Record<Lista, string> = { remetentes: 'Remetentes', destinatarios: 'Destinatários' };

export function RestricaoPessoas({ restricao }: { restricao: Registro }) {
  const tabelaUid = useParams().uid ?? '';
  const tabela = useTabelaCompleta(tabelaUid);
  const pode = usePode();
  const podeAlterar = pode('tabelasfrete', 'alterar') && !tabela.data?.historica;
  return (
    <Row gutter={16}>
      {(['remetentes', 'destinatarios'] as Lista[]).map((lista) => (
        <Col key={lista} xs={24} xl={12}>
          <PessoasDaRestricao tabelaUid={tabelaUid} restricaoUid={restricao.uid} lista={lista} podeAlterar={podeAlterar} />
        </Col>
      ))}
    </Row>
  );
}

function PessoasDaRestricao({
  tabelaUid,
  restricaoUid,
  lista,
  podeAlterar,
}: {
  tabelaUid: string;
  restricaoUid: string;
  lista: Lista;
  podeAlterar: boolean;
}) {
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const [form] = Form.useForm<{ pessoaUid?: string }>();
  const [erros, setErros] = useState<{ titulo: string; erros: ErroImportacao[] } | null>(null);
  // Linking, unlinking and importing also refresh the restrictions' counts and the whole table (hooks.ts).
  const pessoas = usePessoasDaRestricao(tabelaUid, restricaoUid, lista);
  const vincular = useVincularPessoa(tabelaUid, restricaoUid, lista, {
    onSuccess: (r) => {
      message.success(r.message);
      form.resetFields();
    },
    onError: toastErro,
  });
  const desvincular = useDesvincularPessoa(tabelaUid, restricaoUid, lista, {
    onSuccess: () => message.success('Vínculo removido.'),
    onError: toastErro,
  });
  const importar = useImportarPessoas(tabelaUid, restricaoUid, lista, {
    onSuccess: ({ data }) => {
      setErros(null);
      message.success(`${data.vinculados} vinculado(s), ${data.jaVinculados} já vinculado(s), ${data.linhas} linha(s) lida(s).`);
    },
    onError: (e) => {
      const err = e as ApiError;
      if (err.status === 401) return;
      if (err.fieldErrors.length) setErros({ titulo: err.message, erros: err.fieldErrors as ErroImportacao[] });
      else toastErro(e);
    },
  });

  return (
    <Card
      size="small"
      title={`${TITULO[lista]} (${pessoas.data?.totalRecords ?? 0})`}
      style={{ marginBottom: 12 }}
      data-testid={`restricao-${lista}`}
    >
      {podeAlterar && (
        <Form
          form={form}
          layout="inline"
          onFinish={(v) => v.pessoaUid && vincular.mutate(v.pessoaUid)}
          style={{ marginBottom: 12, rowGap: 8 }}
        >
          <Form.Item name="pessoaUid" rules={[{ required: true, message: 'Selecione uma pessoa' }]} style={{ flex: 1, minWidth: 240 }}>
            <RemoteSelect
              aria-label={`Pessoa para vincular aos ${TITULO[lista].toLowerCase()}`}
              placeholder="Busque por nome ou CNPJ"
              remote={{ api: '/pessoas/list', value: 'value', search: 'q', label: (r) => String(r.label) }}
            />
          </Form.Item>
          <Space>
            <Button htmlType="submit" icon={<LinkOutlined />} loading={vincular.isPending}>
              Vincular
            </Button>
            <Upload
              accept=".csv,.xlsx,.txt"
              showUploadList={false}
              beforeUpload={(file) => {
                importar.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={importar.isPending}>
                Importar CNPJs
              </Button>
            </Upload>
          </Space>
        </Form>
      )}
      {erros && <ErrosImportacao titulo={erros.titulo} erros={erros.erros} />}
      <Table<Pessoa>
        size="small"
        rowKey="pessoaUid"
        loading={pessoas.isFetching}
        dataSource={pessoas.data?.data ?? []}
        pagination={(pessoas.data?.totalRecords ?? 0) > 10 ? { pageSize: 10, size: 'small' } : false}
        locale={{
          emptyText: pessoas.isError ? pessoas.error.message : `Nenhum ${lista === 'remetentes' ? 'remetente' : 'destinatário'} vinculado`,
        }}
        columns={[
          { key: 'nome', title: 'Nome', dataIndex: 'nome' },
          { key: 'documento', title: 'CPF/CNPJ', dataIndex: 'documento', render: (d: string) => formatarDocumento(d), width: 180 },
          {
            key: 'vinculadoEm',
            title: 'Vinculado em',
            dataIndex: 'vinculadoEm',
            render: (d: string) => <DateText value={d} />,
            width: 120,
          },
          ...(podeAlterar
            ? [
                {
                  key: 'acoes',
                  title: '',
                  width: 1,
                  render: (_v: unknown, p: Pessoa) => (
                    <Popconfirm
                      title={`Desvincular "${p.nome}"?`}
                      okText="Desvincular"
                      cancelText="Cancelar"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => desvincular.mutateAsync(p.pessoaUid).catch(() => undefined)}
                    >
                      <Button type="link" size="small" danger icon={<DeleteOutlined />}>
                        Desvincular
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
      <Typography.Text type="secondary" style={{ fontSize: 12 }}>
        Importação: um CNPJ (ou CPF) por linha, com ou sem máscara, de pessoas já cadastradas.
      </Typography.Text>
    </Card>
  );
}
