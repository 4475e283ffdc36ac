-- Learner sessions kept in the shared database, so any instance behind the load balancer can rebuild one:
-- the files as last sent and the tools the person approved "for this session". Module state is not kept.
CREATE TABLE playground_sessions (
  id text PRIMARY KEY,
  files jsonb NOT NULL,
  approvals jsonb NOT NULL DEFAULT '[]',
  updated_at timestamptz NOT NULL DEFAULT now(),
  last_used timestamptz NOT NULL DEFAULT now()
);
CREATE INDEX playground_sessions_last_used ON playground_sessions (last_used);

-- requestState ids that were used once and must not be accepted again, on any instance, until they expire.
CREATE TABLE consumed_request_states (
  id text PRIMARY KEY,
  expires_at timestamptz NOT NULL
);
CREATE INDEX consumed_request_states_expires_at ON consumed_request_states (expires_at);
