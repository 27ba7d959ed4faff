import { SafetyCertificateOutlined, UploadOutlined } from '@ant-design/icons';
import { formatarData } from '@fretio/core';
import { Alert, App, Button, Card, DatePicker, Descriptions, Flex, Form, Input, Skeleton, Tag, Upload } from 'antd';
import type { UploadFile } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { ApiError } from '../../app/api.ts';
import { aplicarErrosNoForm } from '../../resources/formErrors.ts';
import { type Certificado, EXPIRACAO_PADRAO, MSG_CERTIFICADO, useCertificado, useEnviarCertificado } from './hooks.ts';

// The shipper's A1 digital certificate for the tax authority (SEFAZ) web services: its situation,
// and the upload (multipart file, senha, expiracao) with the messages of spec §8.
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
  const atual = useCertificado(embarcadorUid);
  const enviar = useEnviarCertificado(embarcadorUid, {
    onSuccess: (reply) => {
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

  // A user the certificate is not meant for (a carrier's user, a role without it) sees no card, not a 403 box.
  if (atual.isError && (atual.error as ApiError).status === 403) return null;

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
