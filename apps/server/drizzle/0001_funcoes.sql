-- Accent- and case-insensitive text search without extensions: one immutable function that the
-- list filters call on both sides and that expression indexes can use (same on PGlite and PostgreSQL).
CREATE OR REPLACE FUNCTION f_norm(t text) RETURNS text
LANGUAGE sql IMMUTABLE STRICT PARALLEL SAFE AS $$
  SELECT translate(lower(t),
    'áàâãäåéèêëíìîïóòôõöúùûüçñýÿ',
    'aaaaaaeeeeiiiiooooouuuucnyy')
$$;
