import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { Alert, Button, Form, Input } from 'antd';
import { useState } from 'react';
import { Link, Navigate, useNavigate, useSearchParams } from 'react-router';
import { safeCallbackUrl } from '../../app/auth.ts';
import { useSession } from '../../app/session.tsx';
import { AuthCard } from './AuthCard.tsx';
import { isAvisoAuth, mensagemDeErroAuth } from './mensagens.ts';

// Sign-in with login and senha. The error lives in the URL (?error=, as next-auth does), and after
// signing in the user goes back to callbackUrl (local paths only).
export function LoginPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const { status, signIn } = useSession();
  const [enviando, setEnviando] = useState(false);
  const callbackUrl = safeCallbackUrl(params.get('callbackUrl'));
  const erro = params.get('error');

  if (status === 'authenticated') return <Navigate replace to={callbackUrl} />;

  async function onFinish(v: { login: string; senha: string }) {
    setEnviando(true);
    try {
      const r = await signIn(v.login.trim(), v.senha, callbackUrl);
      if (r.ok) return; // the session is now authenticated: the redirect above takes over
      if (r.redirect) return void navigate(r.redirect);
      setParams(
        (p) => {
          p.set('error', r.error ?? 'Signin');
          return p;
        },
        { replace: true },
      );
    } catch {
      setParams(
        (p) => {
          p.set('error', 'Signin');
          return p;
        },
        { replace: true },
      );
    } finally {
      setEnviando(false);
    }
  }

  return (
    <AuthCard title="Entrar" subtitle="Gestão de fretes para embarcadores e transportadores">
      {erro && (
        <Alert
          role="alert"
          showIcon
          type={isAvisoAuth(erro) ? 'info' : 'error'}
          title={mensagemDeErroAuth(erro)}
          style={{ marginBottom: 16 }}
        />
      )}
      <Form layout="vertical" onFinish={onFinish} requiredMark={false} disabled={enviando}>
        <Form.Item name="login" label="Login" rules={[{ required: true, whitespace: true }]}>
          <Input prefix={<UserOutlined />} autoComplete="username" placeholder="seu.email@empresa.com.br" autoFocus />
        </Form.Item>
        <Form.Item name="senha" label="Senha" rules={[{ required: true }]}>
          <Input.Password prefix={<LockOutlined />} autoComplete="current-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={enviando}>
          Entrar
        </Button>
      </Form>
      <div style={{ textAlign: 'center', marginTop: 16 }}>
        <Link to="/esqueci-senha">Esqueci minha senha</Link>
      </div>
    </AuthCard>
  );
}
