import { DeleteOutlined, UploadOutlined, UserOutlined } from '@ant-design/icons';
import { CAMPO, statusLabel } from '@fretio/core';
import { Avatar, Button, Card, Col, Descriptions, Form, Input, Popconfirm, Row, Space, Typography, Upload } from 'antd';
import { useEffect } from 'react';
import { useEnviarFoto, usePerfil, useRemoverFoto, useSalvarPerfil } from '../app/perfil.ts';
import { aplicarErrosNoForm } from '../resources/formErrors.ts';
import { DateText } from '../resources/fields/DateText.tsx';

// "Meu perfil": name, nickname and photo of the signed-in user.
type Valores = { nome: string; apelido: string | null };

export function PerfilPage() {
  const { data: perfil } = usePerfil();
  const [form] = Form.useForm<Valores>();
  const salvar = useSalvarPerfil();
  const enviarFoto = useEnviarFoto();
  const removerFoto = useRemoverFoto();

  useEffect(() => {
    if (perfil) form.setFieldsValue({ nome: perfil.nome, apelido: perfil.apelido });
  }, [perfil, form]);

  if (!perfil) return null;
  const foto = perfil.imagemPerfil.url;

  async function onFinish(v: Valores) {
    try {
      await salvar.mutateAsync({ nome: v.nome.trim(), apelido: v.apelido?.trim() || null });
    } catch (e) {
      aplicarErrosNoForm(form, e, ['nome', 'apelido']);
    }
  }

  return (
    <Card>
      <Typography.Title level={3} style={{ marginTop: 0 }}>
        Meu perfil
      </Typography.Title>
      <Row gutter={[32, 24]}>
        <Col xs={24} md={8} style={{ textAlign: 'center' }}>
          <div>
            <Avatar size={128} src={foto || undefined} icon={<UserOutlined />} alt="Foto do perfil" />
          </div>
          <Space style={{ marginTop: 16 }} wrap>
            <Upload
              accept="image/*"
              showUploadList={false}
              maxCount={1}
              // The file goes through our API client (envelope, 401 handling), not antd's own request.
              beforeUpload={(file) => {
                enviarFoto.mutate(file);
                return false;
              }}
            >
              <Button icon={<UploadOutlined />} loading={enviarFoto.isPending}>
                {foto ? 'Trocar foto' : 'Enviar foto'}
              </Button>
            </Upload>
            {foto && (
              <Popconfirm
                title="Remover a foto do perfil?"
                okText="Remover"
                cancelText="Cancelar"
                onConfirm={() => removerFoto.mutateAsync()}
              >
                <Button danger icon={<DeleteOutlined />} loading={removerFoto.isPending}>
                  Remover
                </Button>
              </Popconfirm>
            )}
          </Space>
        </Col>
        <Col xs={24} md={16}>
          <Descriptions column={1} size="small" style={{ marginBottom: 24 }}>
            <Descriptions.Item label="Login">{perfil.login}</Descriptions.Item>
            <Descriptions.Item label="Tipo de usuário">{statusLabel('tipoUsuario', perfil.tipoUsuario)}</Descriptions.Item>
            <Descriptions.Item label="Embarcador ativo">{perfil.embarcadorAtivo?.nome ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Último acesso">
              <DateText value={perfil.ultimoLogin} comHora />
            </Descriptions.Item>
          </Descriptions>
          <Form form={form} layout="vertical" onFinish={onFinish} disabled={salvar.isPending} style={{ maxWidth: 480 }}>
            <Form.Item name="nome" label="Nome" rules={[{ required: true, whitespace: true }, { max: 150 }]}>
              <Input maxLength={150} autoComplete="name" />
            </Form.Item>
            <Form.Item name="apelido" label="Apelido" rules={[{ max: 60, message: CAMPO.maximo(60) }]}>
              <Input maxLength={60} />
            </Form.Item>
            <Button type="primary" htmlType="submit" loading={salvar.isPending}>
              Salvar
            </Button>
          </Form>
        </Col>
      </Row>
    </Card>
  );
}
