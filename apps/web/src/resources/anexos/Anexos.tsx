import { DeleteOutlined, InboxOutlined, PaperClipOutlined } from '@ant-design/icons';
import { type Anexo, MSG } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Input, Popconfirm, Space, Table, Typography, Upload } from 'antd';
import { useState } from 'react';
import { type ApiError, type ListPage, api, apiDelete, apiGet } from '../../app/api.ts';
import { useToastErro } from '../../app/perfil.ts';
import { DateText } from '../fields/DateText.tsx';

// Attachments of any record (GET/POST/DELETE {record}/anexos): the list with download links, upload by
// drag-and-drop or click (multipart file + descricao), delete. Size and type are checked before sending
// (the server checks them again: 413 too large, 400 type not allowed) and errors stay on screen.
export const ANEXO_MAX_BYTES = 10 * 1024 * 1024;
/** The types the API accepts for attachments. */
export const ANEXO_EXTENSOES = [
  'pdf',
  'png',
  'jpg',
  'jpeg',
  'gif',
  'webp',
  'bmp',
  'tif',
  'tiff',
  'xlsx',
  'xls',
  'csv',
  'docx',
  'txt',
  'xml',
  'zip',
];

type Props = {
  /** Collection under /api/v1, e.g. '/tabelasfrete/{uid}/anexos'. */
  api: string;
  podeAlterar: boolean;
  titulo?: string;
  maxBytes?: number;
  extensoes?: string[];
};

export const tamanhoLegivel = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1024 * 1024
      ? `${(bytes / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} KB`
      : `${(bytes / 1024 / 1024).toLocaleString('pt-BR', { maximumFractionDigits: 1 })} MB`;

/** Why a file may not be sent, or null. */
export function problemaDoArquivo(
  file: { name: string; size: number },
  maxBytes = ANEXO_MAX_BYTES,
  extensoes = ANEXO_EXTENSOES,
): string | null {
  const ext = file.name.includes('.') ? file.name.split('.').pop()?.toLowerCase() : '';
  if (!ext || !extensoes.includes(ext)) return `Tipo de arquivo não permitido: "${file.name}". Aceitos: ${extensoes.join(', ')}.`;
  if (file.size > maxBytes) return `"${file.name}" tem ${tamanhoLegivel(file.size)}: o limite é ${tamanhoLegivel(maxBytes)}.`;
  return null;
}

export function Anexos({ api: base, podeAlterar, titulo = 'Anexos', maxBytes = ANEXO_MAX_BYTES, extensoes = ANEXO_EXTENSOES }: Props) {
  const chave = ['anexos', base];
  const queryClient = useQueryClient();
  const { message } = App.useApp();
  const toastErro = useToastErro();
  const [descricao, setDescricao] = useState('');
  const [erro, setErro] = useState<string | null>(null);
  const lista = useQuery({
    queryKey: chave,
    queryFn: async ({ signal }) => (await apiGet<ListPage<Anexo>>(base, undefined, signal)).data,
  });
  const enviar = useMutation({
    mutationFn: (file: File) => {
      const body = new FormData();
      if (descricao.trim()) body.append('descricao', descricao.trim());
      body.append('file', file, file.name);
      return api<Anexo>(base, { method: 'POST', body });
    },
    onSuccess: async ({ data }) => {
      message.success(`Arquivo anexado: ${data.nome}`);
      setDescricao('');
      await queryClient.invalidateQueries({ queryKey: chave });
    },
    onError: (e, file) => {
      const err = e as ApiError;
      if (err.status === 401) return;
      const detalhe = err.fieldErrors.map((f) => f.message).filter((m) => m !== err.message);
      setErro(
        [
          `${file.name}: ${err.status === 413 ? `${MSG.arquivoGrande} (limite ${tamanhoLegivel(maxBytes)})` : err.message}`,
          ...detalhe,
        ].join(' '),
      );
    },
  });
  const excluir = useMutation({
    mutationFn: (uid: string) => apiDelete(`${base}/${uid}`),
    onSuccess: async (r) => {
      message.success(r.message || MSG.excluidoComSucesso);
      await queryClient.invalidateQueries({ queryKey: chave });
    },
    onError: toastErro,
  });

  return (
    <div data-testid="anexos">
      <Typography.Title level={5}>{titulo}</Typography.Title>
      {podeAlterar && (
        <Space orientation="vertical" style={{ width: '100%', marginBottom: 16 }}>
          <Input
            aria-label="Descrição do anexo"
            placeholder="Descrição do próximo arquivo (opcional)"
            maxLength={255}
            value={descricao}
            onChange={(e) => setDescricao(e.target.value)}
          />
          <Upload.Dragger
            multiple
            showUploadList={false}
            accept={extensoes.map((e) => `.${e}`).join(',')}
            disabled={enviar.isPending}
            beforeUpload={(file) => {
              const problema = problemaDoArquivo(file, maxBytes, extensoes);
              if (problema) setErro(problema);
              else {
                setErro(null);
                enviar.mutate(file);
              }
              // Sent through our API client (envelope, 401 handling), never by antd's own request.
              return Upload.LIST_IGNORE;
            }}
          >
            <p className="ant-upload-drag-icon">
              <InboxOutlined />
            </p>
            <p className="ant-upload-text">{enviar.isPending ? 'Enviando...' : 'Arraste arquivos para cá ou clique para escolher'}</p>
            <p className="ant-upload-hint">
              Até {tamanhoLegivel(maxBytes)} por arquivo: {extensoes.filter((e) => !['jpeg', 'tiff'].includes(e)).join(', ')}.
            </p>
          </Upload.Dragger>
        </Space>
      )}
      {erro && (
        <Alert
          type="error"
          showIcon
          closable
          title={erro}
          onClose={() => setErro(null)}
          style={{ marginBottom: 16 }}
          data-testid="erro-anexo"
        />
      )}
      <Table<Anexo>
        rowKey="uid"
        size="small"
        loading={lista.isFetching}
        dataSource={lista.data?.data ?? []}
        pagination={false}
        locale={{ emptyText: lista.isError ? lista.error.message : 'Nenhum anexo' }}
        columns={[
          {
            key: 'nome',
            title: 'Arquivo',
            render: (_v, a) => (
              <a href={a.url} download={a.nome}>
                <PaperClipOutlined /> {a.nome}
              </a>
            ),
          },
          { key: 'descricao', title: 'Descrição', render: (_v, a) => a.descricao ?? '—' },
          { key: 'tamanho', title: 'Tamanho', align: 'right', render: (_v, a) => tamanhoLegivel(a.tamanho), width: 110 },
          { key: 'por', title: 'Enviado por', render: (_v, a) => a.criadoPorNome ?? '—' },
          { key: 'em', title: 'Em', render: (_v, a) => <DateText value={a.criadoEm} comHora />, width: 150 },
          ...(podeAlterar
            ? [
                {
                  key: 'acoes',
                  title: '',
                  width: 1,
                  render: (_v: unknown, a: Anexo) => (
                    <Popconfirm
                      title={`Excluir o anexo "${a.nome}"?`}
                      okText="Excluir"
                      cancelText="Cancelar"
                      okButtonProps={{ danger: true }}
                      onConfirm={() => excluir.mutateAsync(a.uid).catch(() => undefined)}
                    >
                      <Button
                        type="link"
                        size="small"
                        danger
                        icon={<DeleteOutlined />}
                        loading={excluir.isPending && excluir.variables === a.uid}
                      >
                        Excluir
                      </Button>
                    </Popconfirm>
                  ),
                },
              ]
            : []),
        ]}
      />
    </div>
  );
}
