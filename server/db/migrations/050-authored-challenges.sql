-- Challenges teachers write in the browser: the same parts as a shipped one in lessons/ and checks/ (text, starter,
-- hidden checks, hints, solution, broken variants) in one jsonb, owned by an author key stored as its SHA-256 hash.
-- A challenge is a draft until the server's fairness proof (kept beside it) passes.
CREATE TABLE authored_challenges (
  id text PRIMARY KEY,
  author_key_hash text NOT NULL,
  title text NOT NULL,
  content jsonb NOT NULL,
  status text NOT NULL CHECK (status IN ('draft', 'published')),
  proof jsonb NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  updated_at timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX authored_challenges_author ON authored_challenges (author_key_hash);
