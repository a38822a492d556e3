// A JSON-RPC error the SDK answers with its code and this message as they are (McpError would prefix the message with
// its code once more than the client does).
export const protocolError = (code: number, message: string): Error => Object.assign(new Error(message), { code });
