import { useMutation, useQuery } from '@tanstack/react-query';
import { Alert, Button, Form, Input, Result, Spin } from 'antd';
import { Link, useNavigate, useParams } from 'react-router';
import { type ApiError, apiPost } from '../../app/api.ts';
import { queryKeys } from '../../app/queryKeys.ts';
import { AuthCard } from './AuthCard.tsx';

// Password reset (/redefinir-senha/:token) and account activation (/ativar/:token) share this page:
// the token is checked first, then the new password is asked twice.
export const SENHA_MIN = 8;
export const SENHA_MAX = 128;

type Props = { titulo: string; acao: 'resetpassword' | 'active'; sucesso: string };
type TokenInfo = { valido: boolean; tipo?: 'reset' | 'ativacao'; login?: string; nome?: string };
const TIPO_DA_ACAO = { resetpassword: 'reset', active: 'ativacao' } as const;

export function DefinirSenhaPage({ titulo, acao, sucesso }: Props) {
  const { token = '' } = useParams();
  const navigate = useNavigate();
  const valido = useQuery({
    queryKey: queryKeys.token(token),
    queryFn: async () => {
      const { data } = await apiPost<TokenInfo | null>(`/auth/validatetoken/${encodeURIComponent(token)}`);
      // An activation link opened as a reset one (or the reverse) would only fail at the end.
      if (data?.tipo && data.tipo !== TIPO_DA_ACAO[acao]) throw new Error('Este link não serve para esta operação.');
      return data;
    },
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
  const salvar = useMutation({
    mutationFn: (senha: string) => apiPost(`/auth/${acao}/${encodeURIComponent(token)}`, { senha }),
  });

  if (valido.isPending) {
    return (
      <AuthCard title={titulo}>
        <Spin description="Verificando o link..." style={{ width: '100%', padding: 24 }} />
      </AuthCard>
    );
  }
  if (valido.isError) {
    return (
      <AuthCard title={titulo}>
        <Result
          status="warning"
          title="Link inválido ou expirado"
          subTitle={(valido.error as ApiError).fieldErrors?.[0]?.message ?? valido.error.message}
          extra={<Link to="/esqueci-senha">Pedir um novo link</Link>}
        />
      </AuthCard>
    );
  }
  if (salvar.isSuccess) {
    return (
      <AuthCard title={titulo}>
        <Result
          status="success"
          title={sucesso}
          extra={
            <Button type="primary" onClick={() => navigate('/login', { replace: true })}>
              Ir para o login
            </Button>
          }
        />
      </AuthCard>
    );
  }
  return (
    <AuthCard
      title={titulo}
      subtitle={`${valido.data?.nome ? `Olá, ${valido.data.nome}. ` : ''}A senha deve ter no mínimo ${SENHA_MIN} caracteres.`}
    >
      {salvar.isError && <Alert role="alert" type="error" showIcon title={salvar.error.message} style={{ marginBottom: 16 }} />}
      <Form layout="vertical" onFinish={(v: { senha: string }) => salvar.mutate(v.senha)} disabled={salvar.isPending}>
        <Form.Item name="senha" label="Nova senha" rules={[{ required: true }, { min: SENHA_MIN }, { max: SENHA_MAX }]} hasFeedback>
          <Input.Password autoComplete="new-password" autoFocus />
        </Form.Item>
        <Form.Item
          name="confirmacao"
          label="Confirmação da senha"
          dependencies={['senha']}
          hasFeedback
          rules={[
            { required: true },
            ({ getFieldValue }) => ({
              validator: async (_r, v) => {
                if (v && v !== getFieldValue('senha')) throw new Error('As senhas não conferem.');
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" block loading={salvar.isPending}>
          Salvar senha
        </Button>
      </Form>
    </AuthCard>
  );
}
