// The error of a database that cannot be used: its embedded start failed, a migration failed, or a server lacks
// TimescaleDB. Its message is what the operator reads at start.
export class DatabaseError extends Error {}
