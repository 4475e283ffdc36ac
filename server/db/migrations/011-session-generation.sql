-- A session's reset count travels with it: a requestState minted before a reset stays refused on any instance.
ALTER TABLE playground_sessions ADD COLUMN generation integer NOT NULL DEFAULT 0;
