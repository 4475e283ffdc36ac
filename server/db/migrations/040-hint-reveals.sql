-- Hints a learner revealed, one at a time, on an item whose hints the room shows: a count on the teacher's board.
ALTER TABLE room_progress ADD COLUMN hints_revealed integer NOT NULL DEFAULT 0;
