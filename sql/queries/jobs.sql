-- name: setPolicy
-- $1 hypertable, $2 'compression' or 'retention', $3 days after which it acts (NULL removes the policy).
SELECT tapewire_set_policy($1::regclass, $2, make_interval(days => $3::int));

-- name: listJobs
-- Every TimescaleDB job (aggregate refreshes, compression, retention) and how often it is meant to run.
SELECT j.job_id AS "jobId", j.proc_name AS proc, coalesce(c.view_name, j.hypertable_name, '') AS target,
       extract(epoch FROM j.schedule_interval) * 1000 AS "everyMs"
FROM timescaledb_information.jobs j
LEFT JOIN timescaledb_information.continuous_aggregates c ON c.materialization_hypertable_name = j.hypertable_name
ORDER BY j.job_id;

-- name: runJob
CALL run_job($1);
