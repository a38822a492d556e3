// A start refused for a reason the operator can act on (the port taken, data of another world): said without a stack.
export class StartupError extends Error {}
