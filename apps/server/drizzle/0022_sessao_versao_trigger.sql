-- Custom SQL migration file, put your code below! --
-- A new password or a new status revokes every session of the user, whichever code path wrote it
-- (reset, activation, an administrator deactivating the user, a carrier locking its user...).
CREATE OR REPLACE FUNCTION usuarios_revoga_sessoes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.senha_hash IS DISTINCT FROM OLD.senha_hash OR NEW.status_usuario IS DISTINCT FROM OLD.status_usuario THEN
    NEW.sessao_versao := OLD.sessao_versao + 1;
  END IF;
  RETURN NEW;
END;
$$;
--> statement-breakpoint
CREATE TRIGGER usuarios_revoga_sessoes BEFORE UPDATE ON usuarios
  FOR EACH ROW EXECUTE FUNCTION usuarios_revoga_sessoes();
