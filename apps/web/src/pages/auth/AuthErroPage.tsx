import { Button, Result } from 'antd';
import { useNavigate, useSearchParams } from 'react-router';
import { AuthCard } from './AuthCard.tsx';
import { DEFAULT_AUTH_ERROR, mensagemDeErroAuth } from './mensagens.ts';

// The authentication facility's error page (pages.error = /auth/erro): explains ?error= in pt-BR.
export function AuthErroPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const code = params.get('error');
  return (
    <AuthCard title="Erro de autenticação">
      <Result
        status="error"
        subTitle={mensagemDeErroAuth(code) ?? DEFAULT_AUTH_ERROR}
        extra={
          <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
            Voltar para o login
          </Button>
        }
      />
    </AuthCard>
  );
}
