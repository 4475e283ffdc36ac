-- "Sam" and "sam" are the same nickname in a room: one unique index on the lower-cased name, which also lets a
-- join be a single INSERT .. ON CONFLICT.
ALTER TABLE room_learners DROP CONSTRAINT room_learners_room_code_name_key;
CREATE UNIQUE INDEX room_learners_room_name ON room_learners (room_code, lower(name));
CREATE INDEX room_learners_room ON room_learners (room_code);
