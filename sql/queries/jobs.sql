-- name: setPolicy
-- A compression or retention policy on a hypertable, acting after :days days (NULL removes it).
SELECT tapewire_set_policy(:hypertable::regclass, :kind, make_interval(days => :days::int));

-- name: listJobs
-- Every TimescaleDB job (aggregate refreshes, compression, retention) and how often it is meant to run.
SELECT j.job_id AS "jobId", j.proc_name AS proc, coalesce(c.view_name, j.hypertable_name, '') AS target,
       extract(epoch FROM j.schedule_interval) * 1000 AS "everyMs"
FROM timescaledb_information.jobs j
LEFT JOIN timescaledb_information.continuous_aggregates c ON c.materialization_hypertable_name = j.hypertable_name
ORDER BY j.job_id;

-- name: runJob
CALL run_job(:jobId);
