-- Some of the bundled catalogue's titles (vega-datasets) came as Windows-1252 text read as Mac
-- Roman: 'AmÈlie' for Amélie, 'pi˘' for più. The loader reads them right
-- (features/films/catalogue/bundled.ts); this mends the catalogues it already filled, as 0023 did
-- the years. Only bundled films (source 'catalogue', no IMDb or TMDB id) still under the dataset's
-- exact wrong title change; an admin's later edit is left alone.
UPDATE films SET title = v.title
FROM (VALUES
  ('AstÈrix aux Jeux Olympiques', 'Astérix aux Jeux Olympiques'),
  ('De battre mon coeur s''est arrÍtÈ', 'De battre mon coeur s''est arrêté'),
  ('Les BronzÈs 3: amis pour la vie', 'Les Bronzés 3: amis pour la vie'),
  ('Per qualche dollaro in pi˘', 'Per qualche dollaro in più'),
  ('I Love You Ö Don''t Touch Me!', 'I Love You … Don''t Touch Me!'),
  ('LÈon', 'Léon'),
  ('Le Fabuleux destin d''AmÈlie Poulain', 'Le Fabuleux destin d''Amélie Poulain'),
  ('AimÈe & Jaguar', 'Aimée & Jaguar'),
  ('La mala educaciÛn', 'La mala educación'),
  ('CachÈ', 'Caché'),
  ('Die F‰lscher', 'Die Fälscher'),
  ('DÈj‡ Vu', 'Déjà Vu'),
  ('IndigËnes', 'Indigènes'),
  ('Obsluhoval jsem anglickÈho kr·le', 'Obsluhoval jsem anglického krále'),
  ('La MÙme', 'La Môme'),
  ('Joyeux NoÎl', 'Joyeux Noël'),
  ('MoliËre', 'Molière')
) AS v(misread, title)
WHERE films.source = 'catalogue' AND films.imdb_id IS NULL AND films.tmdb_id IS NULL
  AND films.title = v.misread;
