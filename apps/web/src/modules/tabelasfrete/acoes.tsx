import { CopyOutlined, DownloadOutlined, HistoryOutlined, RiseOutlined, UploadOutlined } from '@ant-design/icons';
import { type TabelaFrete, formatarData, statusDef } from '@fretio/core';
import { useMutation } from '@tanstack/react-query';
import { App, Button, DatePicker, Form, InputNumber, Modal, Space, Table, Tag, Tooltip, Upload } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { type ReactNode, useState } from 'react';
import { Link, useNavigate } from 'react-router';
import type { ApiError } from '../../app/api.ts';
import { usePode, useToastErro } from '../../app/perfil.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import type { ResourceDef } from '../../resources/types.ts';
import { baixarArquivo, tabelasApi } from './api.ts';
import { useDuplicarTabela, useHistoricoTabelas, useImportarTabela, useReajustarTabela } from './hooks.ts';
import { type ErroImportacao, ErrosImportacao } from './ErrosImportacao.tsx';

// The freight-table actions beyond editing: export (XLSX), import, readjust into a new version,
// duplicate, and the history of versions. Used by the list rows and by the editor's header.
const RECURSO = 'tabelasfrete';

export const editorDaTabela = (uid: string | null) => `/tabelasfrete/${uid ?? 'nova'}`;

type Tamanho = 'small' | 'middle';

/** In a list row (small) an icon with a tooltip; in the editor's header a labelled button. */
function Acao({
  size,
  icon,
  label,
  loading,
  onClick,
}: {
  size: Tamanho;
  icon: ReactNode;
  label: string;
  loading?: boolean;
  onClick: () => void;
}) {
  if (size === 'middle') {
    return (
      <Button icon={icon} loading={loading} onClick={onClick}>
        {label}
      </Button>
    );
  }
  return (
    <Tooltip title={label}>
      <Button type="link" size="small" icon={icon} aria-label={label} loading={loading} onClick={onClick} />
    </Tooltip>
  );
}

/** Status and validity of a table as tags (labels and colours of STATUS.tabelaFrete). */
export function TagsDaTabela({ t }: { t: Pick<TabelaFrete, 'status' | 'situacaoVigencia' | 'historica'> }) {
  const s = statusDef('tabelaFrete', t.status);
  const vig = { Vigente: 'green', Futura: 'blue', Expirada: 'default' }[t.situacaoVigencia];
  return (
    <Space size={4}>
      <Tag color={s?.color}>{s?.label ?? t.status}</Tag>
      {t.historica ? <Tag>Histórica</Tag> : <Tag color={vig}>{t.situacaoVigencia}</Tag>}
    </Space>
  );
}

export function ExportarTabela({ tabela, size = 'small' }: { tabela: TabelaFrete; size?: Tamanho }) {
  const toastErro = useToastErro();
  const exportar = useMutation({
    mutationFn: () => baixarArquivo(`/api/v1${tabelasApi.path}/${tabela.uid}/exportar`, 'tabela-frete.xlsx'),
    onError: toastErro,
  });
  return (
    <Acao size={size} icon={<DownloadOutlined />} label="Exportar XLSX" loading={exportar.isPending} onClick={() => exportar.mutate()} />
  );
}

type ValoresReajuste = { vigenciaInicio: Dayjs | null; vigenciaFim: Dayjs | null; percentual: number | null };

export function ReajustarTabela({ tabela, size = 'small' }: { tabela: TabelaFrete; size?: Tamanho }) {
  const [aberto, setAberto] = useState(false);
  const [form] = Form.useForm<ValoresReajuste>();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const reajustar = useReajustarTabela(tabela.uid, {
    onSuccess: ({ data }) => {
      message.success(`Nova versão criada: ${data.nome} (versão ${data.versao}).`);
      setAberto(false);
      navigate(editorDaTabela(data.uid));
    },
    onError: (e) => {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(form, e, ['vigenciaInicio', 'vigenciaFim', 'percentual']);
      message.error([err.message, ...semCampo].join(' '));
    },
  });
  const inicio = dayjs(tabela.vigenciaInicio);
  const inicioPadrao = (inicio.isAfter(dayjs()) ? inicio : dayjs()).add(1, 'day');
  return (
    <>
      <Acao size={size} icon={<RiseOutlined />} label="Reajustar" onClick={() => setAberto(true)} />
      <Modal
        open={aberto}
        title={`Reajustar "${tabela.nome}"`}
        okText="Criar nova versão"
        cancelText="Cancelar"
        confirmLoading={reajustar.isPending}
        onCancel={() => setAberto(false)}
        onOk={() => form.submit()}
        destroyOnHidden
      >
        <p>
          A nova versão copia a tabela com os valores em dinheiro reajustados pelo percentual (percentuais como ad valorem e GRIS ficam). A
          versão atual termina na véspera do novo início e passa ao histórico, somente leitura.
        </p>
        <Form<ValoresReajuste>
          form={form}
          layout="vertical"
          preserve={false}
          initialValues={{ vigenciaInicio: inicioPadrao, vigenciaFim: null, percentual: null }}
          onFinish={(v) =>
            reajustar.mutate({
              // Both are required in the form: never empty here.
              vigenciaInicio: v.vigenciaInicio?.format('YYYY-MM-DD') ?? '',
              vigenciaFim: v.vigenciaFim?.format('YYYY-MM-DD') ?? null,
              percentual: v.percentual as number,
            })
          }
        >
          <Space wrap>
            <Form.Item name="vigenciaInicio" label="Nova vigência: início" rules={[{ required: true }]}>
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item name="vigenciaFim" label="Fim (opcional)">
              <DatePicker format="DD/MM/YYYY" />
            </Form.Item>
            <Form.Item name="percentual" label="Reajuste (%)" rules={[{ required: true }]}>
              <InputNumber decimalSeparator="," step={0.5} min={-99.99} max={1000} suffix="%" style={{ width: 140 }} />
            </Form.Item>
          </Space>
        </Form>
      </Modal>
    </>
  );
}

export function DuplicarTabela({ tabela, size = 'small' }: { tabela: TabelaFrete; size?: Tamanho }) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const toastErro = useToastErro();
  const duplicar = useDuplicarTabela({
    onSuccess: (nova) => {
      message.success(`Tabela duplicada: ${nova.nome}.`);
      navigate(editorDaTabela(nova.uid));
    },
    onError: toastErro,
  });
  return (
    <Acao
      size={size}
      icon={<CopyOutlined />}
      label="Duplicar"
      loading={duplicar.isPending}
      onClick={() =>
        modal.confirm({
          title: `Duplicar a tabela "${tabela.nome}"?`,
          content: 'A cópia (rotas, regras, faixas, generalidades, prioridades e restrições) começa em Validação.',
          okText: 'Duplicar',
          cancelText: 'Cancelar',
          onOk: () => duplicar.mutate(tabela.uid),
        })
      }
    />
  );
}

/** Versions of a table: the chain of readjustments (tabelaOrigemUid) it belongs to. */
function versoesDe(tabela: TabelaFrete, todas: TabelaFrete[]): TabelaFrete[] {
  const porUid = new Map(todas.map((t) => [t.uid, t]));
  let raiz = porUid.get(tabela.uid) ?? tabela;
  const vistos = new Set<string>();
  while (raiz.tabelaOrigemUid && porUid.has(raiz.tabelaOrigemUid) && !vistos.has(raiz.uid)) {
    vistos.add(raiz.uid);
    raiz = porUid.get(raiz.tabelaOrigemUid) as TabelaFrete;
  }
  const familia = new Set([raiz.uid]);
  for (let mudou = true; mudou; ) {
    mudou = false;
    for (const t of todas) {
      if (t.tabelaOrigemUid && familia.has(t.tabelaOrigemUid) && !familia.has(t.uid)) {
        familia.add(t.uid);
        mudou = true;
      }
    }
  }
  return todas.filter((t) => familia.has(t.uid)).sort((a, b) => b.versao - a.versao);
}

export function HistoricoTabela({ tabela, size = 'small' }: { tabela: TabelaFrete; size?: Tamanho }) {
  const [aberto, setAberto] = useState(false);
  const lista = useHistoricoTabelas(tabela.transportadorUid, aberto);
  const versoes = lista.data ? versoesDe(tabela, lista.data) : [];
  return (
    <>
      <Acao size={size} icon={<HistoryOutlined />} label="Histórico" onClick={() => setAberto(true)} />
      <Modal open={aberto} title={`Histórico de versões: ${tabela.nome}`} footer={null} width={820} onCancel={() => setAberto(false)}>
        <Table<TabelaFrete>
          rowKey="uid"
          size="small"
          loading={lista.isFetching}
          dataSource={versoes}
          pagination={false}
          locale={{ emptyText: lista.isError ? lista.error.message : 'Nenhuma versão encontrada' }}
          rowClassName={(t) => (t.uid === tabela.uid ? 'ant-table-row-selected' : '')}
          columns={[
            { key: 'versao', title: 'Versão', dataIndex: 'versao', width: 80 },
            { key: 'nome', title: 'Nome', dataIndex: 'nome' },
            {
              key: 'vigencia',
              title: 'Vigência',
              render: (_v, t) => `${formatarData(t.vigenciaInicio)} a ${t.vigenciaFim ? formatarData(t.vigenciaFim) : 'sem fim'}`,
            },
            { key: 'situacao', title: 'Situação', render: (_v, t) => <TagsDaTabela t={t} /> },
            {
              key: 'abrir',
              title: '',
              render: (_v, t) =>
                t.uid === tabela.uid ? (
                  <Tag>Esta versão</Tag>
                ) : (
                  <Link to={editorDaTabela(t.uid)} onClick={() => setAberto(false)}>
                    Abrir
                  </Link>
                ),
            },
          ]}
        />
      </Modal>
    </>
  );
}

/** The row actions of the list (and the editor's header), as the role allows. */
export function AcoesDaTabela({ tabela, size = 'small' }: { tabela: TabelaFrete; size?: Tamanho }) {
  const pode = usePode();
  const criar = pode(RECURSO, 'criar');
  return (
    <Space size={size === 'small' ? 0 : 8} wrap={size === 'middle'}>
      <ExportarTabela tabela={tabela} size={size} />
      {criar && !tabela.historica && <ReajustarTabela tabela={tabela} size={size} />}
      {criar && <DuplicarTabela tabela={tabela} size={size} />}
      <HistoricoTabela tabela={tabela} size={size} />
    </Space>
  );
}

/** List header: import a table from an XLSX in the export's format; bad cells come back per row. */
export function ImportarTabela(_p: { def: ResourceDef }) {
  const pode = usePode();
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const importar = useImportarTabela({
    onSuccess: ({ data }) => {
      message.success(`Tabela importada: ${data.nome}.`);
      navigate(editorDaTabela(data.uid));
    },
    onError: (e) => {
      const err = e as ApiError;
      if (err.status === 401) return;
      const erros = (err.fieldErrors ?? []) as ErroImportacao[];
      if (!erros.length) return message.error(err.message || 'Erro ao importar dados.');
      modal.error({
        title: 'A tabela não foi importada',
        width: 760,
        content: <ErrosImportacao titulo={err.message} erros={erros} comAba />,
      });
    },
  });
  if (!pode(RECURSO, 'criar')) return null;
  return (
    <Upload
      accept=".xlsx"
      showUploadList={false}
      beforeUpload={(file) => {
        importar.mutate(file);
        return false;
      }}
    >
      <Button icon={<UploadOutlined />} loading={importar.isPending}>
        Importar XLSX
      </Button>
    </Upload>
  );
}
