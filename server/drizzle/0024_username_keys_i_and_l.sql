-- A capital I is drawn as a small l in most sans-serif faces, so `TuraI` read as `tural` and
-- registered beside it: the look-alike key now holds i and l as one letter (lib/username.ts
-- `fold`). Emptying the keys has the migration runner compute them again, oldest member first;
-- members whose names now look alike keep them, the younger one's key marked (db/username-keys.ts).
UPDATE users SET username_skeleton = NULL;
