import { App, type FormInstance } from 'antd';
import { useCallback, useEffect, useRef } from 'react';
import { useBlocker } from 'react-router';
import { comoComparado } from './comoComparado.ts';

// No lost work: a form the user changed asks before its changes are discarded — Cancel, closing its
// drawer, or leaving the page through the menu (React Router's blocker).
export const DESCARTE = {
  title: 'Descartar as alterações?',
  content: 'As alterações feitas neste formulário ainda não foram salvas e serão perdidas.',
  okText: 'Descartar',
  cancelText: 'Continuar editando',
} as const;

/**
 * `sair(acao)` runs `acao` at once on an unchanged form, otherwise after the user confirms; while
 * `ativo`, a navigation to another page is held and asks the same. A form is changed when its values
 * differ from `referencia()` (what it was opened with: the record as the form shows it, or a new form's
 * initial values) — touched alone is not enough. `salvo()` marks the values on screen as saved (the
 * navigation that follows a save is not held; a later change asks again).
 */
export function useDescarte(form: FormInstance, ativo: boolean, referencia?: () => Record<string, unknown> | null | undefined) {
  const { modal } = App.useApp();
  // What was last saved; before any save, the reference the form was opened with.
  const salvoRef = useRef<string | null>(null);
  const alterado = useCallback(() => {
    if (!ativo || !form.isFieldsTouched()) return false;
    const base = salvoRef.current ?? (referencia ? comoComparado(referencia()) : null);
    return comoComparado(form.getFieldsValue(true)) !== base;
  }, [ativo, form, referencia]);
  const sair = useCallback(
    (acao: () => void) => {
      if (!alterado()) return acao();
      modal.confirm({ ...DESCARTE, okButtonProps: { danger: true }, onOk: acao });
    },
    [alterado, modal],
  );
  const blocker = useBlocker(({ currentLocation, nextLocation }) => currentLocation.pathname !== nextLocation.pathname && alterado());
  useEffect(() => {
    if (blocker.state !== 'blocked') return;
    modal.confirm({
      ...DESCARTE,
      okButtonProps: { danger: true },
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  const salvo = useCallback(() => {
    salvoRef.current = comoComparado(form.getFieldsValue(true));
  }, [form]);
  return { sair, salvo };
}
