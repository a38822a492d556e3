// Sizes and durations as the backup and restore commands print them.
export const megabytes = (bytes: number) => `${(bytes / 1048576).toFixed(1)} MB`;
export const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`;
