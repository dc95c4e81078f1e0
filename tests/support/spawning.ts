// How long a test may take that starts processes of its own (a staff command, a server, a backup
// tool): each starts tsx, which compiles from source, and beside CI's other phases on two cores
// that alone took over a minute.
export const SPAWNING_MS = 300_000;
