// Types derived from the contract's zod schemas without importing zod (or any schema value)
// into the web app: the same as zod's `z.output` / `z.input`.
type Schema = { _zod: { output: unknown; input: unknown } };

/** What a contract schema parses to: the shape of an answer. */
export type Infer<S extends Schema> = S['_zod']['output'];

/** What a contract schema accepts: the shape of a request body to send. */
export type InferInput<S extends Schema> = S['_zod']['input'];
