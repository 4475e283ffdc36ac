-- Rooms for workshops: a room, its learners, what each learner opened, tried and passed, and what the
-- teacher may look at read-only. Keys are stored as SHA-256 hashes, never as sent.
CREATE TABLE rooms (
  code text PRIMARY KEY,
  title text NOT NULL,
  teacher_key_hash text NOT NULL,
  created_at timestamptz NOT NULL DEFAULT now(),
  ended_at timestamptz,
  -- What the teacher leads: { "lesson": { "id", "seq" }, "locked": [ids], "released": { id: "hint" | "solution" } }
  lead jsonb NOT NULL DEFAULT '{"locked": [], "released": {}}'
);

CREATE TABLE room_learners (
  id bigserial PRIMARY KEY,
  room_code text NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
  name text NOT NULL,
  key_hash text NOT NULL UNIQUE,
  joined_at timestamptz NOT NULL DEFAULT now(),
  left_at timestamptz,
  UNIQUE (room_code, name)
);

-- One row per learner and lesson or challenge.
CREATE TABLE room_progress (
  learner_id bigint NOT NULL REFERENCES room_learners (id) ON DELETE CASCADE,
  item text NOT NULL,
  opened_at timestamptz,
  tried_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  passed boolean NOT NULL DEFAULT false,
  first_passed_at timestamptz,
  -- The last Check's failing checks, and the last compile or tool error: what groups learners into failure clusters.
  failing text[] NOT NULL DEFAULT '{}',
  problem_kind text,
  problem text,
  last_check jsonb,
  PRIMARY KEY (learner_id, item)
);

-- One row per learner, challenge and hidden check: the CSV's rows.
CREATE TABLE room_check_results (
  learner_id bigint NOT NULL REFERENCES room_learners (id) ON DELETE CASCADE,
  item text NOT NULL,
  check_name text NOT NULL,
  passed boolean NOT NULL,
  first_passed_at timestamptz,
  attempts integer NOT NULL DEFAULT 0,
  PRIMARY KEY (learner_id, item, check_name)
);

-- What the teacher's read-only view shows: the learner's current code and last Call with its wire exchange.
CREATE TABLE room_learner_views (
  learner_id bigint PRIMARY KEY REFERENCES room_learners (id) ON DELETE CASCADE,
  item text,
  files jsonb,
  last_call jsonb,
  updated_at timestamptz NOT NULL DEFAULT now()
);
