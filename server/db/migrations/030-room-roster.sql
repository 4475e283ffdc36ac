-- The teacher's hour: a read-only projector key, joins that can be closed, hints held until released (or always on),
-- and per learner a rejoin token, a removal mark, a raised hand, and the times the stuck mark is read from.
ALTER TABLE rooms ADD COLUMN projector_key_hash text;
ALTER TABLE rooms ADD COLUMN joins_open boolean NOT NULL DEFAULT true;
ALTER TABLE rooms ADD COLUMN hints_always boolean NOT NULL DEFAULT false;

-- The rejoin token is kept as issued (the teacher can show a learner's link again); it only ever trades for a
-- fresh learner key, whose hash replaces the old one.
ALTER TABLE room_learners ADD COLUMN rejoin_token text UNIQUE;
ALTER TABLE room_learners ADD COLUMN removed_at timestamptz;
ALTER TABLE room_learners ADD COLUMN last_active_at timestamptz;
ALTER TABLE room_learners ADD COLUMN trying_item text;
ALTER TABLE room_learners ADD COLUMN trying_since timestamptz;
ALTER TABLE room_learners ADD COLUMN hand_raised_at timestamptz;
ALTER TABLE room_learners ADD COLUMN hand_text text;

-- Ended rooms keep their results for ROOM_RESULTS_DAYS; the sweep looks them up by end time.
CREATE INDEX rooms_ended_at ON rooms (ended_at) WHERE ended_at IS NOT NULL;

-- The item whose starter code the learner's last sent code still is (NULL once they changed it): the "still the
-- starter" failure cluster.
ALTER TABLE room_learners ADD COLUMN starter_item text;
