import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { formatarData } from '@fretio/core';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Skeleton, Tag, Upload } from 'antd';
import type { UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { ApiError, api, apiGet } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';

// The shipper's A1 digital certificate for the tax authority (SEFAZ) web services: its situation,
// and the upload (multipart file, senha, expiracao) with the messages of spec §8.
export type Certificado = {
  certificadoDigitalSefazUrl: string | null;
  certificadoDigitalSefazKey: string | null;
  expiracaoCertificadoDigitalSefaz: string | null;
};

/** Spec §9: the upload gives up after 60 s; the expiry defaults to 2025-12-31. */
export const CERTIFICADO_TIMEOUT_MS = 60_000;
export const EXPIRACAO_PADRAO = '2025-12-31';

export const MSG_CERTIFICADO = {
  sucesso: 'Certificado digital atualizado com sucesso',
  semArquivo: 'Arquivo não foi fornecido',
  semSenha: 'Senha do certificado é obrigatória',
  erroRede: 'Erro de rede ao enviar certificado',
} as const;

const chave = (uid: string) => [...queryKeys.resource('embarcadores').detail(uid), 'certificado'] as const;

/** PUT multipart; the server answers for the active shipper. Errors become one pt-BR message. */
export async function enviarCertificado(file: File, senha: string, expiracao: string) {
  const body = new FormData();
  body.append('senha', senha);
  body.append('expiracao', expiracao);
  body.append('file', file, file.name);
  try {
    return await api<Certificado>('/embarcadores/certificado-digital-sefaz', {
      method: 'PUT',
      body,
      signal: AbortSignal.timeout(CERTIFICADO_TIMEOUT_MS),
    });
  } catch (e) {
    if (e instanceof ApiError) {
      if (e.status === 0) throw new ApiError(MSG_CERTIFICADO.erroRede, 0);
      throw e.message ? e : new ApiError(`Erro ${e.status}`, e.status, e.fieldErrors);
    }
    // Aborted by the 60 s time-out.
    throw new ApiError(MSG_CERTIFICADO.erroRede, 0);
  }
}

function situacao(c: Certificado | undefined) {
  if (!c?.certificadoDigitalSefazUrl) return <Tag>Não enviado</Tag>;
  const exp = c.expiracaoCertificadoDigitalSefaz;
  if (!exp) return <Tag color="processing">Enviado</Tag>;
  const vencido = dayjs(exp).endOf('day').isBefore(dayjs());
  return vencido ? <Tag color="error">Vencido em {formatarData(exp)}</Tag> : <Tag color="success">Válido até {formatarData(exp)}</Tag>;
}

type Valores = { file: UploadFile[]; senha: string; expiracao: Dayjs | null };

export function CertificadoCard({ embarcadorUid, podeAlterar }: { embarcadorUid: string; podeAlterar: boolean }) {
  const [form] = Form.useForm<Valores>();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const atual = useQuery({
    queryKey: chave(embarcadorUid),
    queryFn: async ({ signal }) =>
      (await apiGet<Certificado>(`/embarcadores/${embarcadorUid}/certificado-digital-sefaz`, undefined, signal)).data,
  });
  const enviar = useMutation({
    mutationFn: (v: { file: File; senha: string; expiracao: string }) => enviarCertificado(v.file, v.senha, v.expiracao),
    onSuccess: (reply) => {
      queryClient.setQueryData(chave(embarcadorUid), reply.data);
      message.success(reply.message || MSG_CERTIFICADO.sucesso);
      form.resetFields();
    },
    onError: (e) => {
      const err = e as ApiError;
      if (err.status === 401) return;
      const semCampo = aplicarErrosNoForm(form, e, ['file', 'senha', 'expiracao']);
      message.error([err.message, ...semCampo].join(' '));
    },
  });

  function onFinish(v: Valores) {
    const file = v.file?.[0]?.originFileObj;
    if (!file) {
      form.setFields([{ name: 'file', errors: [MSG_CERTIFICADO.semArquivo] }]);
      return;
    }
    enviar.mutate({ file, senha: v.senha, expiracao: (v.expiracao ?? dayjs(EXPIRACAO_PADRAO)).format('YYYY-MM-DD') });
  }

  return (
    <Card
      title={
        <span>
          <SafetyCertificateOutlined /> Certificado digital (SEFAZ)
        </span>
      }
    >
      {atual.isError ? (
        <Alert type="error" showIcon title={atual.error.message} style={{ marginBottom: 16 }} />
      ) : atual.isPending ? (
        <Skeleton active paragraph={{ rows: 1 }} />
      ) : (
        <Descriptions column={{ xs: 1, md: 2 }} size="small" style={{ marginBottom: 16 }}>
          <Descriptions.Item label="Situação">
            <span data-testid="certificado-situacao">{situacao(atual.data)}</span>
          </Descriptions.Item>
          <Descriptions.Item label="Expiração">
            {atual.data?.expiracaoCertificadoDigitalSefaz ? formatarData(atual.data.expiracaoCertificadoDigitalSefaz) : '—'}
          </Descriptions.Item>
        </Descriptions>
      )}
      {podeAlterar && (
        <Form
          form={form}
          layout="vertical"
          onFinish={onFinish}
          initialValues={{ expiracao: dayjs(EXPIRACAO_PADRAO), file: [] }}
          disabled={enviar.isPending}
          style={{ maxWidth: 720 }}
        >
          <Form.Item
            name="file"
            label="Arquivo do certificado A1 (.pfx ou .p12)"
            valuePropName="fileList"
            getValueFromEvent={(e: { fileList: UploadFile[] }) => e.fileList.slice(-1)}
            rules={[
              { validator: async (_r, v: UploadFile[]) => (v?.length ? undefined : Promise.reject(new Error(MSG_CERTIFICADO.semArquivo))) },
            ]}
          >
            <Upload accept=".pfx,.p12" maxCount={1} beforeUpload={() => false}>
              <Button icon={<UploadOutlined />}>Selecionar arquivo</Button>
            </Upload>
          </Form.Item>
          <Flex gap={16} wrap>
            <Form.Item
              name="senha"
              label="Senha do certificado"
              rules={[{ required: true, message: MSG_CERTIFICADO.semSenha }]}
              style={{ flex: 1, minWidth: 220 }}
            >
              <Input.Password autoComplete="off" />
            </Form.Item>
            <Form.Item name="expiracao" label="Expiração" style={{ width: 200 }}>
              <DatePicker format="DD/MM/YYYY" style={{ width: '100%' }} allowClear={false} />
            </Form.Item>
          </Flex>
          <Button type="primary" htmlType="submit" loading={enviar.isPending}>
            Enviar certificado
          </Button>
        </Form>
      )}
    </Card>
  );
}
