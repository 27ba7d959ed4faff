-- Trigram indexes for accent-insensitive "contains" search on large registers (pessoas, produtos...).
CREATE EXTENSION IF NOT EXISTS pg_trgm;
