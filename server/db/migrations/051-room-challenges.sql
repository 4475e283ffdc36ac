-- Teachers' challenges a room includes, besides the course's own: added at creation or later, in the order added.
-- Deleting a challenge takes it out of every room; what learners did on it stays in room_progress.
CREATE TABLE room_challenges (
  room_code text NOT NULL REFERENCES rooms (code) ON DELETE CASCADE,
  challenge_id text NOT NULL REFERENCES authored_challenges (id) ON DELETE CASCADE,
  added_at timestamptz NOT NULL DEFAULT clock_timestamp(),
  PRIMARY KEY (room_code, challenge_id)
);
