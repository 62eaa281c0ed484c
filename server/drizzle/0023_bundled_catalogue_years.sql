-- The bundled catalogue (vega-datasets) came with release dates read with two-digit years: 1946's
-- Duel in the Sun dated 2046, Gone with the Wind 2039, and a few titles filed by their article
-- ('Secret, The'). The loader reads them right (features/films/catalogue/bundled.ts); this mends the
-- catalogues it already filled. Only bundled films (source 'catalogue', no IMDb or TMDB id) with the
-- dataset's exact wrong title or year change; an admin's later edit is left alone.
UPDATE films SET year = v.good
FROM (VALUES
  ('Duel in the Sun', 2046, 1946),
  ('Over the Hill to the Poorhouse', 2020, 1920),
  ('Wilson', 2044, 1944),
  ('20,000 Leagues Under the Sea', 2016, 1916),
  ('42nd Street', 2033, 1933),
  ('Ben-Hur', 2025, 1925),
  ('The Best Years of Our Lives', 2046, 1946),
  ('The Big Parade', 2025, 1925),
  ('The Birth of a Nation', 2015, 1915),
  ('Charge of the Light Brigade, The', 2036, 1936),
  ('Cat People', 2042, 1942),
  ('Fantasia', 2040, 1940),
  ('A Guy Named Joe', 2043, 1943),
  ('Gone with the Wind', 2039, 1939),
  ('How Green Was My Valley', 2041, 1941),
  ('Intolerance', 2016, 1916),
  ('King Kong (1933)', 2033, 1933),
  ('Modern Times', 2036, 1936),
  ('She Done Him Wrong', 2033, 1933),
  ('Snow White and the Seven Dwarfs', 2037, 1937),
  ('Wings', 2027, 1927),
  ('The Wizard of Oz', 2039, 1939)
) AS v(title, bad, good)
WHERE films.source = 'catalogue' AND films.imdb_id IS NULL AND films.tmdb_id IS NULL
  AND films.title = v.title AND films.year = v.bad;--> statement-breakpoint
UPDATE films SET title = v.title
FROM (VALUES
  ('Barbarians, The', 'The Barbarians'),
  ('Charge of the Light Brigade, The', 'The Charge of the Light Brigade'),
  ('Secret, The', 'The Secret'),
  ('Story of Bonnie and Clyde, The', 'The Story of Bonnie and Clyde')
) AS v(filed, title)
WHERE films.source = 'catalogue' AND films.imdb_id IS NULL AND films.tmdb_id IS NULL
  AND films.title = v.filed;
