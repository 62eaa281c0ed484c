-- Search support (issue 3): trigram matching, and a fold that makes search blind to case,
-- Azerbaijani diacritics and the dotted/dotless i (`seher` finds `Səhər`, `ISIQ` finds `işıq`).
-- Both functions are IMMUTABLE so they can back generated columns and indexes.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE OR REPLACE FUNCTION kd_fold(t text) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE STRICT
  AS $$ SELECT lower(translate(t, 'ƏəIıİÖöÜüŞşÇçĞğÁÀÂÄÃáàâäãÉÈÊËéèêëÍÌÎÏíìîïÓÒÔÕóòôõÚÙÛúùûÑñ', 'eeiiioouussccggaaaaaaaaaaeeeeeeeeiiiiiiiioooooooouuuuuunn')) $$;
--> statement-breakpoint
-- array_to_string is only STABLE in general; for text[] it is immutable.
CREATE OR REPLACE FUNCTION kd_join(a text[]) RETURNS text
  LANGUAGE sql IMMUTABLE PARALLEL SAFE
  AS $$ SELECT coalesce(array_to_string(a, ' '), '') $$;
