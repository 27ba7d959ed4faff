import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result } from 'antd';
import { Link } from 'react-router';
import { apiPost } from '../../app/api.ts';
import { AuthCard } from './AuthCard.tsx';

// Starts a password reset: the server e-mails a link to /redefinir-senha/<token>.
export function EsqueciSenhaPage() {
  const enviar = useMutation({
    mutationFn: (login: string) => apiPost(`/auth/startresetpassword/${encodeURIComponent(login)}`),
  });

  if (enviar.isSuccess) {
    return (
      <AuthCard title="Verifique seu e-mail">
        <Result
          status="success"
          title="Pedido enviado"
          subTitle={enviar.data.message}
          extra={<Link to="/login">Voltar para o login</Link>}
        />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Esqueci minha senha" subtitle="Informe seu login e enviaremos um link para criar uma nova senha.">
      {enviar.isError && <Alert role="alert" type="error" showIcon title={enviar.error.message} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" requiredMark={false} onFinish={(v: { login: string }) => enviar.mutate(v.login.trim())}>
        <Form.Item name="login" label="Login" rules={[{ required: true, whitespace: true }]}>
          <Input prefix={<MailOutlined />} autoComplete="username" autoFocus />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviar.isPending}>
          Enviar link
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/login">Voltar para o login</Link>
      </div>
    </AuthCard>
  );
}
