// The response header naming the playground instance that answered: set by the server, read by the Wire tab.
export const INSTANCE_HEADER = "playground-instance";
