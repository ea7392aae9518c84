-- A notice is claimed for a while (a lease, in Unix seconds) before it is sent, and marked
-- sent after: a process that dies in between leaves a claim that another process takes again
-- once the lease ran out, so no notice is lost. The notices of before have no claim.

ALTER TABLE notices ADD COLUMN claimed_at REAL;
